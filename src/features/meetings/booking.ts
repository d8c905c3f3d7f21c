import { attributionOf, recordGoal } from '../analytics/analytics';
import { useTranslations } from '../../i18n';
import type { Language } from '../../i18n/languages';
import { Conflict } from '../../platform/errors';
import { newToken } from '../../platform/ids';
import { recordAudit } from '../audit/store';
import { tryNow } from '../mail/outbox';
import { QUOTAS, takeBookingAddressQuota, takeVisitorQuota } from '../quotas/quotas';
import { bookingMails, cancellationMails, meetingWhen, partnerName, reminderMails } from './mails';
import { freeSlots } from './slots';
import {
  bookMeeting,
  cancelMeeting,
  checkBookable,
  currentAvailability,
  takeDueReminders,
  upcomingMeetingOfLead,
  type MeetingRow,
} from './store';
import {
  MAX_DAYS,
  MAX_UPCOMING_PER_ADDRESS,
  MEETINGS_TIME_ZONE,
  type BookingInput,
  type BookingResult,
  type SlotsResponse,
} from './schema';

/**
 * The booking rules (docs/product.md, "Meetings"): what GET /api/meetings/slots offers, what POST /api/meetings takes
 * (the slot and the address's meetings to come, then the anonymous-write quotas per IP, per site and per address,
 * then the booking with its two mails), and cancellations.
 */

/** The free slots of the next `days` days, in UTC, with the zone the partners' hours are set in. */
export async function offeredSlots(now: Date, days: number = MAX_DAYS): Promise<SlotsResponse> {
  return { timeZone: MEETINGS_TIME_ZONE, slots: freeSlots(await currentAvailability(now, days), now, days) };
}

/** An address's third meeting to come is refused: the 409 says so in the visitor's language. */
function upcomingRefusal(error: unknown, language: Language): unknown {
  if (!(error instanceof Conflict) || error.field !== 'email') return error;
  return new Conflict(useTranslations(language)('book.result.upcoming', { max: MAX_UPCOMING_PER_ADDRESS }), 'email');
}

/** How long a request or the reminder job spends trying mails at once; the scheduled retry sends the rest. */
const TRY_MAILS_MS = 20_000;

/** Tries a change's mails, written with it, after its commit (never throws: the outbox keeps what is not sent). */
async function tryMails(keys: string[]): Promise<void> {
  const started = Date.now();
  for (const key of keys) {
    if (Date.now() - started > TRY_MAILS_MS) return;
    await tryNow(key);
  }
}

/**
 * Books a slot for a visitor. The slot's rules first, read only (400 `start` for a time never offered, 409 `start`
 * for one no longer free), so such a refusal costs no quota; then their IP's and the site's quota of bookings and the
 * address's (each booking mails it); then the booking, checked again under its locks with the address's rule (409
 * `email` for an address with MAX_UPCOMING_PER_ADDRESS meetings to come: asked only after the quotas, since the
 * answer says something about a person), with its two mails in the same transaction (the visitor's confirmation and
 * the partner's alert, each once), tried after the commit.
 */
export async function book(
  input: Omit<BookingInput, 'website' | 'consent' | 'language'> & { phone?: string | null },
  language: Language,
  ip: string,
  now: Date,
  visitor: string | null = null,
): Promise<BookingResult> {
  const start = new Date(input.start);
  try {
    await checkBookable({ partnerId: input.partnerId, start }, now);
    await takeVisitorQuota(QUOTAS.booking, ip, now);
    await takeBookingAddressQuota(input.email, now);
    // The visit that brought the booking, as the server counted it (src/features/analytics): the lead carries it.
    const attribution = await attributionOf(visitor, now);
    const token = newToken();
    const { meeting, mailKeys } = await bookMeeting(
      {
        partnerId: input.partnerId,
        start,
        name: input.name,
        email: input.email,
        company: input.company,
        topic: input.topic,
        phone: input.phone ?? null,
        language,
        token,
        attribution,
        leadMessage: (who) => `${meetingWhen(start.toISOString(), language)}, ${partnerName(who)}\n\n${input.topic}`,
        mails: (row, partner) => bookingMails(row, partner, token),
      },
      now,
    );
    await recordGoal('meeting-booked', visitor, now);
    await tryMails(mailKeys);
    return { id: meeting.id, start: meeting.startAt, end: meeting.endAt };
  } catch (error) {
    throw upcomingRefusal(error, language);
  }
}

/**
 * Cancels a meeting (the visitor's token, or an admin with a message) with the CANCEL mails to the visitor and the
 * partner written in the same transaction, tried after the commit; an admin's is audited (`meeting.cancel`). Only the
 * one cancellation that changed the row mails.
 */
export async function cancel(
  id: string,
  by: { token: string } | { admin: string; message: string | null },
  now: Date,
): Promise<MeetingRow> {
  const { meeting, mailKeys } = await cancelMeeting(id, by, cancellationMails, now);
  // An admin's cancellation is audited (the meeting's id, no text).
  if ('admin' in by) {
    await recordAudit({ actor: by.admin, actorRole: 'admin', action: 'meeting.cancel', target: meeting.id });
  }
  await tryMails(mailKeys);
  return meeting;
}

/**
 * Before a booking's lead is deleted (an admin's delete, a privacy erasure; the meeting goes with it, ON DELETE
 * CASCADE): its meeting still to come is cancelled by `admin`, so the visitor and the partner get the invitation's
 * CANCEL instead of a meeting that silently no longer exists, and the slot is free.
 */
export async function cancelLeadMeeting(leadId: string, admin: string, now: Date): Promise<void> {
  const meeting = await upcomingMeetingOfLead(leadId, now);
  if (meeting) await cancel(meeting, { admin, message: null }, now);
}

/**
 * The reminder job: every confirmed meeting starting within the next 24 hours that has had no reminder gets one,
 * once (the store marks each and writes its mail in one transaction). Answers how many were queued.
 */
export async function sendDueReminders(now: Date): Promise<number> {
  const keys = await takeDueReminders(now, reminderMails);
  await tryMails(keys);
  return keys.length;
}
