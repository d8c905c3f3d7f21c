import type { Config } from '@netlify/functions';
import { requireUser } from '../../src/lib/auth/guard';
import { listChatConversations, logChatExchange } from '../../src/lib/conversations/logs';
import { chatCsv, csvFileName } from '../../src/lib/csv';
import { csvResponse, json, parseJsonBody, route, wantsCsv } from '../../src/lib/http';
import { publicWriteRateLimit } from '../../src/lib/rate-limits';
import { chatExchangeInputSchema } from '../../src/lib/schemas/conversation';

/** The chat log: the widget appends each exchange; the admin reads conversations. */
export default route({
  GET: async (request) => {
    await requireUser(request);
    const conversations = await listChatConversations();
    if (wantsCsv(request)) return csvResponse(chatCsv(conversations), csvFileName('whatsapp-conversations'));
    return json(conversations);
  },
  POST: async (request) => {
    const input = await parseJsonBody(request, chatExchangeInputSchema);
    await logChatExchange(input);
    return json({ success: true }, { status: 201 });
  },
});

export const config: Config = {
  path: '/api/whatsapp-conversations',
  rateLimit: { ...publicWriteRateLimit, windowLimit: 60 },
};
