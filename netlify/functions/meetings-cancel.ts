import type { Config } from '@netlify/functions';
import { localePath } from '../../src/i18n';
import { parseJsonOrFormBody, pathId } from '../../src/http/bodies';
import { answeringFormsBySeeOther, type FormOutcome } from '../../src/http/form-answer';
import { publicWriteRateLimit } from '../../src/http/rate-limits';
import { json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import type { Language } from '../../src/i18n/languages';
import { cancel } from '../../src/features/meetings/booking';
import { CANCELLED_PATH, cancelInputSchema } from '../../src/features/meetings/schema';
import { BODY_LIMITS } from '../../src/features/quotas/quotas';
import { now } from '../../src/platform/clock';

/** The result the cancellation page shows (`/book/cancelled?result=…`). */
function cancelledPage(lang: Language, outcome: FormOutcome): string {
  const result =
    outcome.status === 200
      ? 'cancelled'
      : outcome.status === 410
        ? 'gone'
        : outcome.status === 400 || outcome.status === 404
          ? 'invalid'
          : 'error';
  return `${localePath(lang, CANCELLED_PATH)}?result=${result}`;
}

/**
 * POST /api/meetings/{id}/cancel (docs/product.md, "Meetings"): the visitor cancels with the token of their
 * confirmation's link (JSON, or the manage page's form: 303 to /book/cancelled?result=cancelled|gone|invalid|error).
 * 200 `{ id, status: "cancelled" }`; 404 for a wrong token, 410 for a meeting already cancelled or past. The slot is
 * free again, and the visitor and the partner get the METHOD:CANCEL invitation.
 */
export default route({
  POST: answeringFormsBySeeOther(
    'meetings-cancel',
    async (request, context) => {
      const id = pathId(context);
      const { token } = await parseJsonOrFormBody(request, cancelInputSchema, BODY_LIMITS.cancel);
      const meeting = await cancel(id, { token }, now());
      return json({ id: meeting.id, status: meeting.status });
    },
    cancelledPage,
  ),
});

export const config: Config = {
  path: '/api/meetings/:id/cancel',
  rateLimit: publicWriteRateLimit,
};
