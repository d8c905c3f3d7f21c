import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { LANGUAGES } from '../../i18n/languages';
import { SUBSCRIBER_STATUSES } from './schema';
import type { IssueMailPart } from './issue-schema';
import { foldedSql } from '../../platform/db/search';
import { at, isoAt, oneOf, tsvector } from '../../platform/db/columns';

/**
 * Newsletter subscribers (docs/product.md, "Newsletter"): one row per address (lower-cased and trimmed, UNIQUE: racing
 * sign-ups of one address meet on it), double opt-in (`pending` → `confirmed`, `unsubscribed` by the one-click link).
 * `token` is the secret of the subscriber's links; `address_hash` (SHA-256 of the address, hex) names the subscriber
 * in the send's per-recipient rows and the outbox's keys without holding the address. `confirmation_day` and
 * `confirmation_mails`: the confirmation mails sent to the address on that UTC day (at most 3: mail/newsletter.ts).
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: text().primaryKey(),
    email: text().notNull(),
    addressHash: text().notNull(),
    fullName: text().notNull(),
    language: text({ enum: LANGUAGES }).notNull(),
    status: text({ enum: SUBSCRIBER_STATUSES }).notNull(),
    token: text().notNull(),
    registeredAt: isoAt().notNull(),
    confirmedAt: isoAt(),
    unsubscribedAt: isoAt(),
    confirmationDay: date({ mode: 'string' }),
    confirmationMails: integer().notNull().default(0),
    // Name words and the whole address, folded: the admin's search (src/platform/db/search.ts).
    search: tsvector()
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple', ${foldedSql(sql`"full_name" || ' ' || "email"`)})`),
  },
  (table) => [
    uniqueIndex('newsletter_subscribers_email').on(table.email),
    uniqueIndex('newsletter_subscribers_address_hash').on(table.addressHash),
    uniqueIndex('newsletter_subscribers_token').on(table.token),
    index('newsletter_subscribers_newest').on(table.registeredAt, table.id),
    index('newsletter_subscribers_search').using('gin', table.search),
    // Retention: pending sign-ups by age.
    index('newsletter_subscribers_pending')
      .on(table.registeredAt)
      .where(sql`${table.status} = 'pending'`),
    // The overview: confirmations per week.
    index('newsletter_subscribers_confirmed_at')
      .on(table.confirmedAt)
      .where(sql`${table.confirmedAt} IS NOT NULL`),
    check('newsletter_subscribers_status', oneOf(table.status, SUBSCRIBER_STATUSES)),
    check('newsletter_subscribers_language', oneOf(table.language, LANGUAGES)),
    check('newsletter_subscribers_email_normal', sql`${table.email} = lower(btrim(${table.email}))`),
    check('newsletter_subscribers_confirmation_mails', sql`${table.confirmationMails} >= 0`),
  ],
);

/**
 * The send of a newsletter issue (docs/product.md, "Newsletter issues"): its row is the claim (the issue's id is the
 * key, so of any number of admins pressing Send one inserts it), with the mail of each language frozen then, the
 * recipients counted then, the run's last sign of life (`alive_at`: a stale one tells the schedule to resume it) and
 * its end. The issue itself is content (src/features/newsletter/issue-content.ts): referenced by id, no FK.
 */
export const newsletterSends = pgTable(
  'newsletter_sends',
  {
    issueId: text().primaryKey(),
    startedAt: isoAt().notNull(),
    startedBy: text().notNull(),
    mails: jsonb().$type<Record<(typeof LANGUAGES)[number], IssueMailPart>>().notNull(),
    total: integer().notNull(),
    aliveAt: at().notNull(),
    finishedAt: isoAt(),
  },
  (table) => [
    // The schedule's look for runs gone silent: unfinished sends only.
    index('newsletter_sends_unfinished')
      .on(table.aliveAt)
      .where(sql`${table.finishedAt} IS NULL`),
  ],
);

export const RECIPIENT_STATUSES = ['sending', 'sent', 'failed'] as const;

/**
 * One recipient of a send, by the address's hash (never the address): `sending` while a run has claimed them (the
 * primary key makes the claim one run's), then `sent` or `failed`. A resumed run skips every recipient with a row.
 */
export const newsletterRecipients = pgTable(
  'newsletter_recipients',
  {
    issueId: text()
      .notNull()
      .references(() => newsletterSends.issueId, { onDelete: 'cascade' }),
    addressHash: text().notNull(),
    language: text({ enum: LANGUAGES }).notNull(),
    status: text({ enum: RECIPIENT_STATUSES }).notNull(),
    at: at().notNull(),
    error: text(),
  },
  (table) => [
    primaryKey({ columns: [table.issueId, table.addressHash] }),
    index('newsletter_recipients_status').on(table.issueId, table.status),
    // Erasure: an address's rows across issues.
    index('newsletter_recipients_address').on(table.addressHash),
    check('newsletter_recipients_status', oneOf(table.status, RECIPIENT_STATUSES)),
    check('newsletter_recipients_language', oneOf(table.language, LANGUAGES)),
  ],
);
