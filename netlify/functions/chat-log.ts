import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/http/guard';
import { acceptClientChatLog, eachChatConversation, listChatConversationsPage } from '../../src/features/chat/log';
import { CHAT_CSV_HEADER, chatRows } from '../../src/features/chat/csv';
import { logRoute } from '../../src/http/log-route';
import { BODY_LIMITS, QUOTAS } from '../../src/features/quotas/quotas';
import { publicWriteRateLimit } from '../../src/http/rate-limits';
import { chatExchangeInputSchema } from '../../src/features/conversations/schema';

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
