import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/lib/auth/guard';
import { acceptClientChatLog, eachChatConversation, listChatConversationsPage } from '../../src/lib/conversations/logs';
import { CHAT_CSV_HEADER, chatRows } from '../../src/lib/csv';
import { logRoute } from '../../src/lib/conversations/log-route';
import { BODY_LIMITS, QUOTAS } from '../../src/lib/quotas';
import { publicWriteRateLimit } from '../../src/lib/rate-limits';
import { chatExchangeInputSchema } from '../../src/lib/schemas/conversation';

/**
 * The chat log: the admin reads conversations. `/api/chat` logs each exchange
 * itself; a client's post is still answered 201 but stores nothing (see
 * `acceptClientChatLog`).
 */
export default logRoute({
  input: chatExchangeInputSchema,
  append: acceptClientChatLog,
  authorise: requireAdmin,
  list: {
    page: listChatConversationsPage,
    each: eachChatConversation,
    csv: { name: 'whatsapp-conversations', header: CHAT_CSV_HEADER, rows: chatRows },
  },
  maxBodyBytes: BODY_LIMITS.chatLog,
  quota: QUOTAS.chatLog,
});

export const config: Config = {
  path: '/api/whatsapp-conversations',
  rateLimit: { ...publicWriteRateLimit, windowLimit: 60 },
};
