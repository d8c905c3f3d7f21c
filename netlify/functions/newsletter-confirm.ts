import type { Config, Context } from '@netlify/functions';
import { recordGoal, visitorId } from '../../src/features/analytics/analytics';
import { visitSignal } from '../../src/http/visit';
import { isFormPost, parseJsonBody, readFormFields } from '../../src/http/bodies';
import { HttpError, json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { INVALID_LINK, languageOf, newsletterPagePath } from '../../src/features/newsletter/links';
import { publicWriteRateLimit } from '../../src/http/rate-limits';
import { SECURITY_HEADERS } from '../../src/http/security-headers';
import { z } from 'zod';
import { confirmSubscription } from '../../src/features/newsletter/subscribers-store';

/** Confirms a sign-up; its first confirmation is a goal, counted for the visitor who clicked (src/features/analytics). */
async function confirm(token: string, request: Request, context: Context) {
  const now = new Date();
  const confirmed = await confirmSubscription(token, now);
  if (confirmed && new Date(confirmed.confirmedAt ?? 0).getTime() === now.getTime()) {
    await recordGoal('newsletter-confirmed', await visitorId(visitSignal(request, context), now), now);
  }
  return confirmed;
}

/**
 * POST /api/newsletter/confirm: confirms a pending sign-up (double opt-in). The confirmation page's button posts
 * `token` and `lang` as a form and is sent back to the page with the result (303); JSON `{token}` gets
 * 200 `{success: true}` or 404.
 */
export default route({
  POST: async (request, context) => {
    if (isFormPost(request)) {
      const fields = await readFormFields(request, 1024);
      const confirmed = await confirm(fields['token'] ?? '', request, context);
      const lang = confirmed?.language ?? languageOf(fields['lang']);
      return new Response(null, {
        status: 303,
        headers: {
          ...SECURITY_HEADERS,
          'Cache-Control': 'no-store',
          Location: newsletterPagePath('confirm', lang, { result: confirmed ? 'done' : 'invalid' }),
        },
      });
    }
    const { token } = await parseJsonBody(request, z.object({ token: z.string().max(100) }), 1024);
    if (!(await confirm(token, request, context))) throw new HttpError(404, INVALID_LINK);
    return json({ success: true });
  },
});

export const config: Config = {
  path: '/api/newsletter/confirm',
  rateLimit: publicWriteRateLimit,
};
