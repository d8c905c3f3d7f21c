import type { Config } from '@netlify/functions';
import { requireUser } from '../../src/lib/auth/guard';
import { listChatConversations, logChatExchange } from '../../src/lib/conversations/logs';
import { chatCsv } from '../../src/lib/csv';
import { logRoute } from '../../src/lib/conversations/log-route';
import { BODY_LIMITS, QUOTAS } from '../../src/lib/quotas';
import { publicWriteRateLimit } from '../../src/lib/rate-limits';
import { chatExchangeInputSchema } from '../../src/lib/schemas/conversation';

/** The chat log: the widget appends each exchange; the admin reads conversations. */
export default logRoute({
  input: chatExchangeInputSchema,
  append: logChatExchange,
  authorise: requireUser,
  list: listChatConversations,
  maxBodyBytes: BODY_LIMITS.chatLog,
  quota: QUOTAS.chatLog,
  csv: { name: 'whatsapp-conversations', write: chatCsv },
});

export const config: Config = {
  path: '/api/whatsapp-conversations',
  rateLimit: { ...publicWriteRateLimit, windowLimit: 60 },
};
