import type { Config } from '@netlify/functions';
import { chatReply } from '../../src/features/chat/assistant';
import { parseJsonBody } from '../../src/http/bodies';
import { eventStream, wantsEventStream } from '../../src/http/event-stream';
import { json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { BODY_LIMITS, QUOTAS, takeVisitorQuota } from '../../src/features/quotas/quotas';
import { clientIp } from '../../src/http/client-ip';
import { chatRateLimit } from '../../src/http/rate-limits';
import { chatRequestSchema } from '../../src/features/chat/schema';
import { visitorId } from '../../src/features/analytics/analytics';
import { visitSignal } from '../../src/http/visit';

/**
 * POST /api/chat {messages, language, sessionId?} answers {message, sessionId, sources, lead}; with
 * `Accept: text/event-stream` the reply streams as server-sent events
 * (`delta` pieces, then `done` with the whole message, the session id and the sources:
 * the site's pages the reply links to, `{title, url, type}`; and `lead`, where the lead flow stands: the
 * question it asked, `filed`, or null — src/features/chat/schema.ts, ChatLeadStep; and `slots`, the meeting offer's
 * free times as its buttons say them, each sent back as the visitor's message, with `slotStarts`, their ISO UTC
 * starts, which the widget shows in the visitor's time zone — src/features/chat/meeting-offer.ts).
 * The exchange is logged before the answer ends; without a `sessionId` the
 * server makes one, and the client sends it back with its next message.
 */
export default route({
  POST: async (request, context) => {
    const chat = await parseJsonBody(request, chatRequestSchema, BODY_LIMITS.chat);
    const ip = clientIp(request, context);
    await takeVisitorQuota(QUOTAS.chat, ip);
    const origin = new URL(request.url).origin;
    // The visitor leaving (the request aborted, or the stream cancelled) aborts the model call.
    const left = new AbortController();
    const signal = AbortSignal.any([request.signal, left.signal]);
    const visitor = await visitorId(visitSignal(request, context));
    const reply = await chatReply(chat, origin, ip, signal, visitor);
    if (wantsEventStream(request)) {
      return eventStream(reply.pieces(), reply.log, {
        done: (message) => ({
          sessionId: reply.sessionId,
          sources: reply.sources(message),
          lead: reply.lead,
          slots: reply.slots,
          ...(reply.slotStarts.length && { slotStarts: reply.slotStarts }),
        }),
        onCancel: () => left.abort(),
      });
    }
    const message = await reply.complete();
    await reply.log(message);
    return json({
      message,
      sessionId: reply.sessionId,
      sources: reply.sources(message),
      lead: reply.lead,
      slots: reply.slots,
      ...(reply.slotStarts.length && { slotStarts: reply.slotStarts }),
    });
  },
});

export const config: Config = {
  path: '/api/chat',
  rateLimit: chatRateLimit,
};
