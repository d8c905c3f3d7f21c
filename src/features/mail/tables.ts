import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { isoAt } from '../../platform/db/columns';

/** A mail's rendered parts: opaque to the database, kept only while the mail waits. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** A calendar invitation (an `.ics`: src/features/meetings/ics.ts), sent as the mail's text/calendar part. */
  calendar?: MailCalendar;
}

/** An iCalendar object and its METHOD (REQUEST, CANCEL), which the mail's Content-Type repeats. */
export interface MailCalendar {
  method: string;
  content: string;
}

/**
 * The mail outbox (src/features/mail/outbox.ts): every mail is written here first, under the reason it is sent for
 * (`alerts/contact/{id}`, `confirm/{subscriber}/{id}`…), the primary key, so a reason is queued once however many
 * triggers race. A sender takes a waiting mail by setting `claimed_at` (an UPDATE that only one caller's WHERE still
 * matches); once sent, the row keeps only its reason and `sent_at` (its addresses and content are cleared), so a
 * reason once sent is never queued or sent again.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    reason: text().primaryKey(),
    /** To the firm's inbox (LEADS_TO, looked up when sent) rather than `to_addresses`. */
    toLeads: boolean().notNull().default(false),
    toAddresses: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    replyTo: text(),
    content: jsonb().$type<MailContent>(),
    createdAt: isoAt().notNull(),
    /** Attempts taken (one per claim). */
    attempts: integer().notNull().default(0),
    /** When the next attempt is due (null once sent). */
    nextAttemptAt: isoAt(),
    /** When the attempt under way was taken (null: none). */
    claimedAt: isoAt(),
    updatedAt: isoAt().notNull(),
    /** The last failure's SMTP code or error name: never an address or a server's text. */
    lastError: text(),
    sentAt: isoAt(),
  },
  (table) => [
    index('mail_outbox_waiting')
      .on(table.nextAttemptAt, table.reason)
      .where(sql`${table.sentAt} IS NULL`),
    check('mail_outbox_content', sql`(${table.sentAt} IS NULL) = (${table.content} IS NOT NULL)`),
    check(
      'mail_outbox_recipients',
      sql`${table.sentAt} IS NOT NULL OR ${table.toLeads} OR cardinality(${table.toAddresses}) > 0`,
    ),
    check('mail_outbox_attempts', sql`${table.attempts} >= 0`),
  ],
);
