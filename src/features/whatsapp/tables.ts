import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { LANGUAGES } from '../../i18n/languages';
import type { LeadBooking } from '../conversations/schema';
import { LEAD_STEPS } from '../conversations/tables';
import { isoAt, oneOf } from '../../platform/db/columns';

/** Whether a message came from the person (`in`) or was sent by the assistant (`out`). */
export const WHATSAPP_DIRECTIONS = ['in', 'out'] as const;
/**
 * Where a message stands: an inbound one is `received`; an outbound one is `sent` (the Graph API took it), then
 * `delivered`, `read` or `failed` as Meta's status callbacks say, or `not-sent` (`note` says why: the 24-hour window
 * had closed, the send failed).
 */
export const WHATSAPP_STATUSES = ['received', 'sent', 'delivered', 'read', 'failed', 'not-sent'] as const;

/**
 * One row per person who wrote to the firm's WhatsApp number (docs/product.md, "WhatsApp"), keyed by the
 * business-scoped user id Meta sends (the phone number, `wa_id`, when Meta sends no user id). Its own tables, not the
 * web chat's (docs/decisions/0051-whatsapp-webhook-answers-then-works-with-waituntil.md): a WhatsApp conversation is
 * a person over time, with a phone, a window and a stop, not a browser session.
 */
export const whatsappContacts = pgTable(
  'whatsapp_contacts',
  {
    id: text().primaryKey(),
    /** The person's number as Meta gives it (`wa_id`: digits with the country code), when it does. */
    phone: text(),
    /** The name of their WhatsApp profile. */
    name: text(),
    /** The language of their latest message that said (src/features/whatsapp/language.ts). */
    language: text({ enum: LANGUAGES }).notNull(),
    started: isoAt().notNull(),
    /** Their newest message's time (Meta's): free-form replies are allowed for 24 hours from it. */
    lastInboundAt: isoAt().notNull(),
    /** The newest message either way: retention runs from it. */
    lastActivity: isoAt().notNull(),
    /** When they wrote STOP or BAJA: nothing is sent to them after the confirmation. */
    stoppedAt: isoAt(),
    /** When the first reply (with the AI disclosure as its first line) was sent. */
    disclosedAt: isoAt(),
    /** The lead flow (src/features/chat/lead.ts) after the newest exchange: the question just asked. */
    leadStep: text({ enum: LEAD_STEPS }),
    leadConsent: boolean().notNull().default(false),
    leadName: text(),
    leadEmail: text(),
    /** A meeting being booked (src/features/chat/meeting-offer.ts): the times offered, the one chosen; as the web chat's. */
    leadBooking: jsonb().$type<LeadBooking>(),
    /**
     * Until when one of the contact's messages is being answered (src/features/whatsapp/store.ts, claimTurn): their
     * messages are answered one at a time, each from the lead state the one before left.
     */
    answeringUntil: isoAt(),
  },
  (table) => [
    // Ascending: read backwards it is the list's newest first (`started DESC, id DESC`).
    index('whatsapp_contacts_by_start').on(table.started, table.id),
    index('whatsapp_contacts_by_activity').on(table.lastActivity, table.id),
    // Privacy requests find a conversation by the address its lead flow collected, in any case.
    index('whatsapp_contacts_by_lead_email').on(sql`lower(${table.leadEmail})`),
    index('whatsapp_contacts_by_phone').on(table.phone),
    check('whatsapp_contacts_language', oneOf(table.language, LANGUAGES)),
    check('whatsapp_contacts_lead_step', oneOf(table.leadStep, LEAD_STEPS)),
  ],
);

/**
 * Every message either way. The key is Meta's message id (`wamid`): a retried webhook inserts nothing (INSERT … ON
 * CONFLICT DO NOTHING), so a message is answered once. An outbound message that never reached Meta has an id of
 * ours (`local.{ULID}`).
 */
export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    wamid: text().primaryKey(),
    contactId: text().notNull(),
    direction: text({ enum: WHATSAPP_DIRECTIONS }).notNull(),
    /** Meta's message type: `text`, or what else came (image, audio…: answered with the text-only note). */
    type: text().notNull(),
    body: text().notNull(),
    at: isoAt().notNull(),
    status: text({ enum: WHATSAPP_STATUSES }).notNull(),
    statusAt: isoAt(),
    /** Why an outbound message was not sent or failed (`window`, `stopped`, or the Graph API's error). */
    note: text(),
    /** An outbound message's inbound one. */
    inReplyTo: text(),
  },
  (table) => [
    foreignKey({
      name: 'whatsapp_messages_contact',
      columns: [table.contactId],
      foreignColumns: [whatsappContacts.id],
    }).onDelete('cascade'),
    index('whatsapp_messages_in_order').on(table.contactId, table.at, table.wamid),
    check('whatsapp_messages_direction', oneOf(table.direction, WHATSAPP_DIRECTIONS)),
    check('whatsapp_messages_status', oneOf(table.status, WHATSAPP_STATUSES)),
  ],
);
