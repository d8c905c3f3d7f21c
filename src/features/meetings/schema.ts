import { z } from 'zod';
import { languageSchema, optionalText } from '../../platform/common-schema';
import { COMPANY_MAX, MESSAGE_MAX } from '../../platform/form-schema';
import { FIRM_TIME_ZONE } from '../../platform/time-zone';
import { emailField, honeypotField, nameField } from '../leads/contact-schema';

/**
 * Meetings (docs/product.md, "Meetings"): a visitor books a free 30-minute slot of a partner. These are the shapes of
 * the API (GET /api/meetings/slots, POST /api/meetings, the cancellations, the admin's list) and of a partner's
 * settings; the pages and islands read them too.
 */

/** The time zone partners' hours are set in, and the one the pages show beside the visitor's. */
export const MEETINGS_TIME_ZONE = FIRM_TIME_ZONE;
/** Every slot lasts this long. */
export const SLOT_MINUTES = 30;
/** How far ahead slots are offered, at most (GET /api/meetings/slots?days=). */
export const MAX_DAYS = 14;
export const DEFAULT_NOTICE_MINUTES = 24 * 60;
/** Two weeks: a longer notice would leave no slot within MAX_DAYS. */
export const MAX_NOTICE_MINUTES = MAX_DAYS * 24 * 60;
export const MAX_BUFFER_MINUTES = 240;
export const TOPIC_MAX = MESSAGE_MAX;
export const CANCEL_MESSAGE_MAX = 2000;
/**
 * Meetings to come (confirmed, not started) one e-mail address may hold: a booking is confirmed without proving the
 * address, so no one can fill a partner's calendar under it (or under someone else's).
 */
export const MAX_UPCOMING_PER_ADDRESS = 2;

/**
 * The visitor's pages (their language's prefix in front: localePath): the booking page, the page a booked form
 * lands on (303), and the page the mails' link opens to cancel or move a meeting (`?token=`; it acts only on its
 * button's POST to /api/meetings/{id}/cancel).
 */
export const BOOK_PATH = '/book';
export const CONFIRMED_PATH = '/book/confirmed';
export const MANAGE_PATH = '/book/manage';
/** Where a form's cancellation lands (303). */
export const CANCELLED_PATH = '/book/cancelled';

export const BOOKING_STATUSES = ['confirmed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** One free slot: ISO UTC times (`2026-12-01T08:00:00.000Z`) and the partner who offers it. */
export const slotSchema = z.object({ start: z.string(), end: z.string(), partnerId: z.string() });
export type Slot = z.infer<typeof slotSchema>;

/** GET /api/meetings/slots. */
export const slotsResponseSchema = z.object({
  timeZone: z.literal(MEETINGS_TIME_ZONE),
  slots: z.array(slotSchema),
});
export type SlotsResponse = z.infer<typeof slotsResponseSchema>;

/** GET /api/meetings/slots?days=N: 1 to MAX_DAYS, MAX_DAYS when absent. */
export const slotsQuerySchema = z.object({
  days: z.coerce
    .number({ error: `days must be a whole number from 1 to ${MAX_DAYS}` })
    .int({ error: `days must be a whole number from 1 to ${MAX_DAYS}` })
    .min(1, { error: `days must be a whole number from 1 to ${MAX_DAYS}` })
    .max(MAX_DAYS, { error: `days must be a whole number from 1 to ${MAX_DAYS}` })
    .default(MAX_DAYS),
});

/** A form's checkbox sends `on` (or the value it names); JSON sends `true`. Anything else is no consent. */
export const consentField = z.union([z.literal(true), z.literal('true'), z.literal('on'), z.literal('yes')], {
  error: 'Consent to the privacy policy is required',
});

/**
 * The booking form's radio button for a slot: an HTML radio sends one field, so its value names both the start and the
 * partner (`{start}|{partnerId}`); the JSON API sends `start` and `partnerId` as they are.
 */
export function slotChoice(slot: Pick<Slot, 'start' | 'partnerId'>): string {
  return `${slot.start}|${slot.partnerId}`;
}

/** A form's `slot` field, split into `start` and `partnerId` (fields given as such win). */
function splitSlotChoice(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const { slot, ...rest } = input as Record<string, unknown>;
  if (typeof slot !== 'string') return input;
  const at = slot.lastIndexOf('|');
  if (at < 0) return rest;
  return { start: slot.slice(0, at), partnerId: slot.slice(at + 1), ...rest };
}

/** POST /api/meetings (JSON, or an HTML form's fields: `slot` may stand for `start` and `partnerId`). */
export const bookingInputSchema = z.preprocess(
  splitSlotChoice,
  z.object({
    start: z.iso.datetime({ offset: true, error: 'Choose one of the offered times' }),
    partnerId: z
      .string({ error: 'Choose one of the offered times' })
      .trim()
      .min(1, { error: 'Choose one of the offered times' })
      .max(100, { error: 'Choose one of the offered times' }),
    name: nameField,
    email: emailField,
    company: optionalText(COMPANY_MAX, 'Company'),
    topic: z
      .string({ error: 'Say what you would like to talk about' })
      .trim()
      .min(1, { error: 'Say what you would like to talk about' })
      .max(TOPIC_MAX, { error: `Topic is too long (at most ${TOPIC_MAX} characters)` }),
    language: languageSchema.optional(),
    consent: consentField,
    website: honeypotField,
  }),
);
export type BookingInput = z.infer<typeof bookingInputSchema>;

/** POST /api/meetings: what a booking answers. */
export const bookingResultSchema = z.object({ id: z.string(), start: z.string(), end: z.string() });
export type BookingResult = z.infer<typeof bookingResultSchema>;

/** POST /api/meetings/{id}/cancel by the visitor: the token of their e-mail's link. */
export const cancelInputSchema = z.object({
  token: z
    .string({ error: 'The link is not valid' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'The link is not valid' }),
});

/** POST /api/admin/meetings/{id}/cancel: an admin's message to the visitor (optional). */
export const adminCancelInputSchema = z.object({
  message: optionalText(CANCEL_MESSAGE_MAX, 'Message'),
});

/** One row of GET /api/meetings (the dashboard's Meetings tab). */
export const meetingSchema = z.object({
  id: z.string(),
  partnerId: z.string(),
  partnerName: z.string(),
  start: z.string(),
  end: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  topic: z.string(),
  language: languageSchema,
  status: z.enum(BOOKING_STATUSES),
  leadId: z.string(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  cancelMessage: z.string().nullable(),
  reminderSentAt: z.string().nullable(),
});
export type Meeting = z.infer<typeof meetingSchema>;

/** GET /api/meetings: the upcoming meetings (soonest first) and the past ones (latest first). */
export const meetingListSchema = z.object({ upcoming: z.array(meetingSchema), past: z.array(meetingSchema) });
export type MeetingList = z.infer<typeof meetingListSchema>;

/** A range of a partner's weekly hours: ISO weekday (1 = Monday … 7 = Sunday), minutes from midnight in Madrid. */
export const weeklyRangeSchema = z
  .object({
    weekday: z.number().int().min(1).max(7),
    startMinute: z.number().int().min(0).max(1439),
    endMinute: z.number().int().min(1).max(1440),
  })
  .refine((range) => range.startMinute < range.endMinute, { error: 'A range must end after it starts' });
export type WeeklyRange = z.infer<typeof weeklyRangeSchema>;

/**
 * A partner's booking settings (GET and PUT /api/meetings/settings: what the dashboard edits). Ranges of one weekday
 * may not overlap.
 */
export const partnerSettingsSchema = z.object({
  hours: z
    .array(weeklyRangeSchema)
    .max(50)
    .refine(
      (ranges) =>
        ranges.every((range, i) =>
          ranges.every(
            (other, j) =>
              i === j ||
              other.weekday !== range.weekday ||
              other.endMinute <= range.startMinute ||
              other.startMinute >= range.endMinute,
          ),
        ),
      { error: 'Ranges of one day may not overlap' },
    ),
  daysOff: z.array(z.iso.date()).max(400),
  noticeMinutes: z.number().int().min(0).max(MAX_NOTICE_MINUTES).default(DEFAULT_NOTICE_MINUTES),
  bufferMinutes: z.number().int().min(0).max(MAX_BUFFER_MINUTES).default(0),
  meetingLink: z
    .url({ protocol: /^https$/, error: 'The meeting link must be an https:// address' })
    .max(500)
    .nullable(),
});
export type PartnerSettings = z.infer<typeof partnerSettingsSchema>;
