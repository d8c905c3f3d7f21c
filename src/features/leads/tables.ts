import { sql, type SQL } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../i18n/languages';
import type { InvestorLead } from './investor-lead-schema';
import type { Attribution } from '../analytics/schema';
import { LEAD_NOTES_MAX, LEAD_OUTCOMES, LEAD_SOURCES, LEAD_STATUSES, LEAD_VALUE_MAX } from './schema';
import { foldedSql } from '../../platform/db/search';
import { at, isoAt, oneOf, tsvector } from '../../platform/db/columns';
import { phoneKeySql } from '../../platform/db/phones';

/** Replies a lead may get at most: the thread stays small, and a stolen session cannot mail one address endlessly. */
export const MAX_REPLIES_PER_LEAD = 20;

/**
 * Contact messages (docs/product.md, "Lead inbox"): the contact form's, the chat assistant's leads, finished video
 * calls with a known e-mail and requests for investor access, one row each, with the lead's state as columns
 * (status, owner, when a partner last changed them) and the count of replies sent (capped by the UPDATE that takes
 * one). The e-mail is stored lower-cased (privacy requests and the search look it up whole); `search` holds the
 * name's words, folded, for prefix search (src/platform/db/search.ts). An index per list: newest first, by status, by
 * source, by both, by owner. `phone_key` is the phone as the contact timeline matches it (src/platform/db/phones.ts);
 * `read_at` when an admin first opened the lead (the Messages tab's unread count).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    email: text().notNull(),
    company: text(),
    phone: text(),
    serviceOfInterest: text(),
    message: text().notNull(),
    source: text({ enum: LEAD_SOURCES }).notNull(),
    /** A request for investor access: what the visitor chose (the message says it as text too). */
    investor: jsonb().$type<InvestorLead>(),
    language: text({ enum: LANGUAGES }).notNull().default(DEFAULT_LANGUAGE),
    /**
     * A chat lead's session (privacy requests find the conversation with it), or the video call a video lead was
     * filed from (the Video Calls list links the call to its person); null for other leads.
     */
    sessionId: text(),
    createdAt: isoAt().notNull(),
    status: text({ enum: LEAD_STATUSES }).notNull().default('new'),
    /** An admin's username, or none. */
    owner: text(),
    /** The partners' private notes on the lead (never shown to the person, never mailed): null when none. */
    notes: text(),
    /** When a partner last changed the status, owner or notes (or replied): null until then. */
    updatedAt: at(),
    replyCount: integer().notNull().default(0),
    /**
     * Where the lead came from (docs/product.md, "Analytics"): the same day's visit of the same visitor, written by the
     * server when the lead is filed (src/features/analytics/analytics.ts, attributionOf); null when no visit that day explains it.
     */
    attribution: jsonb().$type<Attribution>(),
    /** How a closed lead ended, as a partner records it: won, lost or not a fit; null until then. */
    outcome: text({ enum: LEAD_OUTCOMES }),
    /** The engagement's value in whole euros, optionally, as a partner records it. */
    value: integer(),
    /** When an admin first opened the lead (or changed or answered it): null, unread. */
    readAt: isoAt(),
    phoneKey: text().generatedAlwaysAs((): SQL => phoneKeySql(contactMessages.phone)),
    // The name's words as the search splits them (runs of letters and digits: "marta@video.test" is three words).
    search: tsvector().generatedAlwaysAs(
      (): SQL =>
        sql`to_tsvector('simple', regexp_replace(${foldedSql(contactMessages.name)}, '[^[:alnum:]]+', ' ', 'g'))`,
    ),
  },
  (table) => [
    index('contact_messages_newest').on(table.createdAt, table.id),
    index('contact_messages_status').on(table.status, table.createdAt, table.id),
    index('contact_messages_source').on(table.source, table.createdAt, table.id),
    index('contact_messages_status_source').on(table.status, table.source, table.createdAt, table.id),
    index('contact_messages_owner').on(table.owner, table.createdAt, table.id),
    index('contact_messages_email').on(table.email, table.createdAt),
    index('contact_messages_phone_key').on(table.phoneKey, table.createdAt),
    // The chat and video lists' leads (conversations/store.ts, conversationLeads): only those leads name a session.
    index('contact_messages_session')
      .on(table.sessionId)
      .where(sql`${table.sessionId} IS NOT NULL`),
    // The Messages tab's unread count (messages-store.ts, leadSummary); its waiting count reads the status index.
    index('contact_messages_unread')
      .on(table.createdAt)
      .where(sql`${table.readAt} IS NULL`),
    index('contact_messages_search').using('gin', table.search),
    check('contact_messages_source', oneOf(table.source, LEAD_SOURCES)),
    check('contact_messages_status', oneOf(table.status, LEAD_STATUSES)),
    check('contact_messages_outcome', oneOf(table.outcome, LEAD_OUTCOMES)),
    check('contact_messages_value', sql`${table.value} BETWEEN 0 AND ${sql.raw(String(LEAD_VALUE_MAX))}`),
    check('contact_messages_attribution', sql`jsonb_typeof(${table.attribution}) = 'object'`),
    check('contact_messages_language', oneOf(table.language, LANGUAGES)),
    check('contact_messages_email_lower', sql`${table.email} = lower(${table.email})`),
    check(
      'contact_messages_notes_length',
      sql`char_length(${table.notes}) BETWEEN 1 AND ${sql.raw(String(LEAD_NOTES_MAX))}`,
    ),
    check(
      'contact_messages_reply_count',
      sql`${table.replyCount} BETWEEN 0 AND ${sql.raw(String(MAX_REPLIES_PER_LEAD))}`,
    ),
  ],
);

/** The replies a partner sent a lead, one row each, gone with the lead. */
export const leadReplies = pgTable(
  'lead_replies',
  {
    id: text().primaryKey(),
    messageId: text()
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    sentAt: isoAt().notNull(),
    /** The dashboard user who sent it. */
    by: text().notNull(),
    language: text({ enum: LANGUAGES }).notNull(),
    subject: text().notNull(),
    body: text().notNull(),
  },
  (table) => [
    index('lead_replies_thread').on(table.messageId, table.id),
    check('lead_replies_language', oneOf(table.language, LANGUAGES)),
  ],
);
