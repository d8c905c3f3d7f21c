import type { Config } from '@netlify/functions';
import { chatReply, chatReplyPieces, logReply } from '../../src/lib/chat/assistant';
import { eventStream, json, parseJsonBody, route, wantsEventStream } from '../../src/lib/http';
import { BODY_LIMITS, clientIp, QUOTAS, takeVisitorQuota } from '../../src/lib/quotas';
import { chatRateLimit } from '../../src/lib/rate-limits';
import { chatRequestSchema } from '../../src/lib/schemas/chat';

/**
 * POST /api/chat {messages, language, sessionId?} answers {message}; with
 * `Accept: text/event-stream` the reply streams as server-sent events
 * (`delta` pieces, then `done` with the whole message).
 */
export default route({
  POST: async (request, context) => {
    const chat = await parseJsonBody(request, chatRequestSchema, BODY_LIMITS.chat);
    const ip = clientIp(request, context);
    await takeVisitorQuota(QUOTAS.chat, ip);
    const origin = new URL(request.url).origin;
    if (wantsEventStream(request)) {
      return eventStream(await chatReplyPieces(chat, origin, ip), (full) => logReply(chat, full));
    }
    const message = await chatReply(chat, origin, ip);
    await logReply(chat, message);
    return json({ message });
  },
});

export const config: Config = {
  path: '/api/chat',
  rateLimit: chatRateLimit,
};
