import type { Config } from '@netlify/functions';
import { publicWriteRateLimit } from '../../src/http/rate-limits';
import { route } from '../../src/http/route';
import { json } from '../../src/http/responses';
import { parseWith } from '../../src/http/bodies';
import { offeredSlots } from '../../src/features/meetings/booking';
import { slotsQuerySchema } from '../../src/features/meetings/schema';
import { now } from '../../src/platform/clock';

/** How long the CDN may keep the free slots: a booking made meanwhile is refused with 409, never taken twice. */
const SLOTS_CDN_SECONDS = 30;

/**
 * GET /api/meetings/slots?days=14 (docs/product.md, "Meetings"): the partners' free 30-minute slots of the next
 * `days` days (1 to 14), past each partner's minimum notice, as `{ timeZone: "Europe/Madrid", slots: [{ start, end,
 * partnerId }] }` with ISO UTC times. Public; kept by the CDN for SLOTS_CDN_SECONDS at most (one copy per `days`),
 * never by browsers; what reaches the function is rate-limited per IP, as the other anonymous endpoints.
 */
export default route({
  GET: async (request) => {
    const days = new URL(request.url).searchParams.get('days');
    const query = parseWith(slotsQuerySchema, days === null ? {} : { days });
    return json(await offeredSlots(now(), query.days), {
      headers: {
        'Cache-Control': 'public, max-age=0, must-revalidate',
        'Netlify-CDN-Cache-Control': `public, s-maxage=${SLOTS_CDN_SECONDS}`,
        // The CDN's copy is keyed on `days` alone: another query parameter (?x=1, utm_…) gets the same copy and never
        // reaches the function.
        'Netlify-Vary': 'query=days',
      },
    });
  },
});

export const config: Config = {
  path: '/api/meetings/slots',
  // Each uncached read is four statements: a brisk reader's pace, not a script's.
  rateLimit: { ...publicWriteRateLimit, windowLimit: 30 },
};
