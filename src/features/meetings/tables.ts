import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { LANGUAGES } from '../../i18n/languages';
import { users } from '../accounts/tables';
import { contactMessages } from '../leads/tables';
import { at, isoAt, oneOf } from '../../platform/db/columns';
import { COMPANY_MAX, NAME_MAX } from '../../platform/form-schema';
import {
  BOOKING_STATUSES,
  CANCEL_MESSAGE_MAX,
  DEFAULT_NOTICE_MINUTES,
  MAX_BUFFER_MINUTES,
  MAX_NOTICE_MINUTES,
  TOPIC_MAX,
} from './schema';

/**
 * A partner's booking settings (docs/product.md, "Meetings"): the minimum notice a booking needs, the buffer kept free
 * before and after each meeting, and the meeting link invitations carry. A booking locks its partner's row
 * (`SELECT … FOR UPDATE`, src/features/meetings/store.ts), so two bookings of one partner are checked one after the
 * other.
 */
export const partnerSettings = pgTable(
  'partner_settings',
  {
    userId: text()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    noticeMinutes: integer().notNull().default(DEFAULT_NOTICE_MINUTES),
    bufferMinutes: integer().notNull().default(0),
    /** An https URL (the invitation's LOCATION); null: none set yet. */
    meetingLink: text(),
    updatedAt: at().notNull().defaultNow(),
  },
  (table) => [
    check('partner_settings_notice', sql`${table.noticeMinutes} BETWEEN 0 AND ${sql.raw(String(MAX_NOTICE_MINUTES))}`),
    check('partner_settings_buffer', sql`${table.bufferMinutes} BETWEEN 0 AND ${sql.raw(String(MAX_BUFFER_MINUTES))}`),
    check('partner_settings_link', sql`${table.meetingLink} IS NULL OR ${table.meetingLink} LIKE 'https://%'`),
  ],
);

/**
 * A partner's weekly hours, in Europe/Madrid wall time: one row per range (ISO weekday 1 = Monday … 7 = Sunday,
 * minutes from midnight, end exclusive). Only partners with rows here offer slots.
 */
export const partnerHours = pgTable(
  'partner_hours',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekday: integer().notNull(),
    startMinute: integer().notNull(),
    endMinute: integer().notNull(),
  },
  (table) => [
    primaryKey({ name: 'partner_hours_pk', columns: [table.userId, table.weekday, table.startMinute] }),
    check('partner_hours_weekday', sql`${table.weekday} BETWEEN 1 AND 7`),
    check(
      'partner_hours_range',
      sql`${table.startMinute} >= 0 AND ${table.startMinute} < ${table.endMinute} AND ${table.endMinute} <= 1440`,
    ),
  ],
);

/** A partner's days off: Madrid dates on which they offer no slot. */
export const partnerDaysOff = pgTable(
  'partner_days_off',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
  },
  (table) => [primaryKey({ name: 'partner_days_off_pk', columns: [table.userId, table.day] })],
);

/**
 * Booked meetings, one row each. A slot is taken once, by a constraint: the partial unique index on (partner, start)
 * among confirmed meetings; buffers and overlaps are checked in the booking's transaction under the partner's lock.
 * Only the SHA-256 of the visitor's cancel token is stored. `lead_id` is the booking's lead in the inbox (source
 * `booking`), and the meeting goes with it (ON DELETE CASCADE): a privacy erasure of the address, the retention of
 * leads and an admin's delete of the lead take the meeting too. `reminder_sent_at` is taken by one UPDATE … RETURNING, so a reminder is sent once however many runs
 * race.
 */
export const meetings = pgTable(
  'meetings',
  {
    id: text().primaryKey(),
    partnerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startAt: isoAt().notNull(),
    endAt: isoAt().notNull(),
    name: text().notNull(),
    /** Lower-cased, as leads store it. */
    email: text().notNull(),
    company: text(),
    topic: text().notNull(),
    language: text({ enum: LANGUAGES }).notNull(),
    status: text({ enum: BOOKING_STATUSES }).notNull().default('confirmed'),
    cancelTokenHash: text().notNull(),
    leadId: text()
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    createdAt: isoAt().notNull(),
    cancelledAt: isoAt(),
    /** `visitor`, or the username of the admin who cancelled it. */
    cancelledBy: text(),
    /** The admin's message to the visitor, when an admin cancelled. */
    cancelMessage: text(),
    reminderSentAt: isoAt(),
  },
  (table) => [
    uniqueIndex('meetings_partner_start_confirmed')
      .on(table.partnerId, table.startAt)
      .where(sql`${table.status} = 'confirmed'`),
    uniqueIndex('meetings_cancel_token').on(table.cancelTokenHash),
    index('meetings_start').on(table.startAt, table.id),
    index('meetings_email').on(table.email, table.startAt),
    // The lead's meeting (a lead's delete cancels it first; the cascade finds it).
    index('meetings_lead').on(table.leadId),
    // The reminder job's due meetings.
    index('meetings_reminder_due')
      .on(table.startAt)
      .where(sql`${table.status} = 'confirmed' AND ${table.reminderSentAt} IS NULL`),
    check('meetings_status', oneOf(table.status, BOOKING_STATUSES)),
    check('meetings_language', oneOf(table.language, LANGUAGES)),
    check('meetings_email_lower', sql`${table.email} = lower(${table.email})`),
    check('meetings_range', sql`${table.startAt} < ${table.endAt}`),
    // The API's limits (src/features/meetings/schema.ts), held by the table too.
    check('meetings_name_length', sql`char_length(${table.name}) BETWEEN 1 AND ${sql.raw(String(NAME_MAX))}`),
    check('meetings_topic_length', sql`char_length(${table.topic}) BETWEEN 1 AND ${sql.raw(String(TOPIC_MAX))}`),
    check('meetings_company_length', sql`char_length(${table.company}) <= ${sql.raw(String(COMPANY_MAX))}`),
    check(
      'meetings_cancel_message_length',
      sql`char_length(${table.cancelMessage}) <= ${sql.raw(String(CANCEL_MESSAGE_MAX))}`,
    ),
  ],
);
