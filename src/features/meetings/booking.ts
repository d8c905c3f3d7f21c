import { randomBytes } from 'node:crypto';
import type { Language } from '../../i18n/languages';
import { recordAudit } from '../audit/store';
import { QUOTAS, takeBookingAddressQuota, takeVisitorQuota } from '../quotas/quotas';
import { mailBooking, mailCancellation, mailReminder, meetingWhen, partnerName } from './mails';
import { freeSlots } from './slots';
import {
  bookMeeting,
  cancelMeeting,
  currentAvailability,
  getPartner,
  takeDueReminders,
  type MeetingRow,
} from './store';
import { MAX_DAYS, MEETINGS_TIME_ZONE, type BookingInput, type BookingResult, type SlotsResponse } from './schema';

/**
 * The booking rules (docs/product.md, "Meetings"): what GET /api/meetings/slots offers, what POST /api/meetings takes
 * (the anonymous-write quotas per IP, per site and per address, then the slot, then the two mails), and cancellations.
 */

/** The free slots of the next `days` days, in UTC, with the zone the partners' hours are set in. */
export async function offeredSlots(now: Date, days: number = MAX_DAYS): Promise<SlotsResponse> {
  return { timeZone: MEETINGS_TIME_ZONE, slots: freeSlots(await currentAvailability(now, days), now, days) };
}

/**
 * Books a slot for a visitor: their IP's and the site's quota of bookings, the address's (each booking mails it),
 * then the slot (400 `start` for a time never offered, 409 for one no longer free), then the visitor's confirmation
 * and the partner's alert, each once. The booking is stored before any mail: a mail that cannot be queued is logged,
 * never the visitor's failure.
 */
export async function book(
  input: Omit<BookingInput, 'website' | 'consent' | 'language'>,
  language: Language,
  ip: string,
  now: Date,
): Promise<BookingResult> {
  await takeVisitorQuota(QUOTAS.booking, ip, now);
  await takeBookingAddressQuota(input.email, now);
  const token = randomBytes(32).toString('base64url');
  const { meeting, partner } = await bookMeeting(
    {
      partnerId: input.partnerId,
      start: new Date(input.start),
      name: input.name,
      email: input.email,
      company: input.company,
      topic: input.topic,
      language,
      token,
      leadMessage: (who) =>
        `${meetingWhen(new Date(input.start).toISOString(), language)}, ${partnerName(who)}\n\n${input.topic}`,
    },
    now,
  );
  try {
    await mailBooking(meeting, partner, token);
  } catch (error) {
    console.error(`Mails of meeting ${meeting.id} not queued`, error instanceof Error ? error.name : '');
  }
  return { id: meeting.id, start: meeting.startAt, end: meeting.endAt };
}

/**
 * Cancels a meeting (the visitor's token, or an admin with a message) and mails the CANCEL to the visitor and the
 * partner; an admin's is audited (`meeting.cancel`). Only the one cancellation that changed the row mails.
 */
export async function cancel(
  id: string,
  by: { token: string } | { admin: string; message: string | null },
  now: Date,
): Promise<MeetingRow> {
  const meeting = await cancelMeeting(id, by, now);
  try {
    const partner = await getPartner(meeting.partnerId);
    if (partner) await mailCancellation(meeting, partner);
  } catch (error) {
    console.error(`Cancellation mails of meeting ${meeting.id} not queued`, error instanceof Error ? error.name : '');
  }
  // An admin's cancellation is audited (the meeting's id, no text).
  if ('admin' in by) {
    await recordAudit({ actor: by.admin, actorRole: 'admin', action: 'meeting.cancel', target: meeting.id });
  }
  return meeting;
}

/**
 * The reminder job: every confirmed meeting starting within the next 24 hours that has had no reminder gets one,
 * once (the store's UPDATE … RETURNING takes each for one run only). Answers how many were queued.
 */
export async function sendDueReminders(now: Date): Promise<number> {
  let queued = 0;
  for (const meeting of await takeDueReminders(now)) {
    const partner = await getPartner(meeting.partnerId);
    if (!partner) continue;
    await mailReminder(meeting, partner);
    queued += 1;
  }
  return queued;
}
