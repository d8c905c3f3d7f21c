import { visitorId } from '../../src/features/analytics/analytics';
import { visitSignal } from '../../src/http/visit';
import type { Config } from '@netlify/functions';
import { localePath } from '../../src/i18n';
import { parseJsonOrFormBody } from '../../src/http/bodies';
import { clientIp } from '../../src/http/client-ip';
import { answeringFormsBySeeOther, language, type FormOutcome } from '../../src/http/form-answer';
import { requireAdmin } from '../../src/http/guard';
import { publicWriteRateLimit } from '../../src/http/rate-limits';
import { json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import type { Language } from '../../src/i18n/languages';
import { book } from '../../src/features/meetings/booking';
import {
  bookingInputSchema,
  bookingResultSchema,
  BOOK_PATH,
  CONFIRMED_PATH,
  SLOT_MINUTES,
} from '../../src/features/meetings/schema';
import { listMeetings } from '../../src/features/meetings/store';
import { ADMIN_NO_STORE } from '../../src/features/privacy/deletes';
import { BODY_LIMITS } from '../../src/features/quotas/quotas';
import { now } from '../../src/platform/clock';
import { newId } from '../../src/platform/ids';

/** The result a refused booking form lands with on the booking page (`/book?result=…&field=…`). */
function refusal(status: number, field: string | undefined): string {
  if (status === 400) return 'invalid';
  // The address has its meetings to come already (src/features/meetings/schema.ts, MAX_UPCOMING_PER_ADDRESS).
  if (status === 409 && field === 'email') return 'upcoming';
  if (status === 409) return 'taken';
  if (status === 429 || status === 503) return 'limit';
  return 'error';
}

/**
 * A booking form's post: 303 to the confirmation page with the meeting's start (`/book/confirmed?start=…`), or 307
 * back to the booking page with what went wrong (`/book?result=invalid|taken|upcoming|limit|error[&field=…]`): the browser
 * posts the same fields there, and the page puts them back in the form.
 */
function bookingPage(lang: Language, outcome: FormOutcome): string {
  const booked = bookingResultSchema.safeParse(outcome.body);
  if (outcome.status === 201 && booked.success) {
    return `${localePath(lang, CONFIRMED_PATH)}?start=${encodeURIComponent(booked.data.start)}`;
  }
  const field = outcome.field ? `&field=${encodeURIComponent(outcome.field)}` : '';
  return `${localePath(lang, BOOK_PATH)}?result=${refusal(outcome.status, outcome.field)}${field}`;
}

/**
 * /api/meetings (docs/product.md, "Meetings"): a visitor books a slot (POST, JSON or the booking form; public, within
 * the anonymous-write quotas), and an admin lists the upcoming and past meetings (GET).
 */
export default route({
  GET: async (request) => {
    await requireAdmin(request);
    return json(await listMeetings(now()), { headers: ADMIN_NO_STORE });
  },
  POST: answeringFormsBySeeOther(
    'meetings',
    async (request, context) => {
      const {
        website,
        consent: _consent,
        language: chosen,
        ...input
      } = await parseJsonOrFormBody(request, bookingInputSchema, BODY_LIMITS.booking);
      // The honeypot was filled in: a bot. It gets a booking's answer (a 30-minute slot), and nothing is stored or sent.
      if (website) {
        const start = new Date(input.start);
        const end = new Date(start.getTime() + SLOT_MINUTES * 60_000);
        return json({ id: newId(), start: start.toISOString(), end: end.toISOString() }, { status: 201 });
      }
      const at = now();
      const visitor = await visitorId(visitSignal(request, context), at);
      const result = await book(input, chosen ?? language(request), clientIp(request, context), at, visitor);
      return json(result, { status: 201 });
    },
    bookingPage,
    { keepRefused: true },
  ),
});

export const config: Config = {
  path: '/api/meetings',
  rateLimit: publicWriteRateLimit,
};
