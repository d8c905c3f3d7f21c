import type { Config } from '@netlify/functions';
import { parseJsonText, readBody } from '../../src/http/bodies';
import { emptyResponse, HttpError } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { carriesSession } from '../../src/http/session';
import { isSameSite } from '../../src/http/guard';
import { visitSignal } from '../../src/http/visit';
import { recordPageview } from '../../src/features/analytics/analytics';
import { eventInputSchema } from '../../src/features/analytics/schema';
import { BODY_LIMITS } from '../../src/features/quotas/quotas';

/**
 * POST /api/event {name: "pageview", url, referrer, width} (JSON, or text/plain as `navigator.sendBeacon` sends a
 * string): 202 with no body and no cookie, counted or not (a bot, a prefetch, a beacon from another site's page, a
 * signed-in partner's own visit, the dashboard: not counted). 413 past 2 KB, 400 for what is not such an event, 429 past the daily quotas.
 */
export default route({
  POST: async (request, context) => {
    const type = request.headers.get('content-type') ?? 'text/plain';
    if (!/^(application\/json|text\/plain)\b/i.test(type)) {
      throw new HttpError(415, 'Send the event as application/json or text/plain');
    }
    const event = parseJsonText((await readBody(request, BODY_LIMITS.event)).toString('utf8'), eventInputSchema);
    // A page fetched ahead of a visit (a prefetch, a prerender) is not a visit; nor a beacon another site's page sent
    // (it would pass for the visitor's own and set their day's attribution); nor a signed-in partner's.
    const purpose = `${request.headers.get('sec-purpose') ?? ''} ${request.headers.get('purpose') ?? ''}`;
    if (!/prefetch|prerender/i.test(purpose) && isSameSite(request) && !(await carriesSession(request))) {
      await recordPageview(event, visitSignal(request, context));
    }
    return emptyResponse(202);
  },
});

export const config: Config = {
  path: '/api/event',
  // A reader turns a page every few seconds at most: a burst past this is a script.
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
