import type { Attribution } from '../analytics/schema';
import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { LANGUAGES } from '../../i18n/languages';
import type { LeadBooking, TranscriptLine } from './schema';
import { isoAt, oneOf } from '../../platform/db/columns';

/** The visitor conversations (docs/product.md, "Conversation logs"): the website chat's sessions and the video calls. */
export const CONVERSATION_CHANNELS = ['chat', 'video'] as const;
/** The lead flow's pending question (src/features/chat/lead.ts). */
export const LEAD_STEPS = ['consent', 'name', 'email', 'company', 'slot', 'topic'] as const;
/** What is reported of a call after its start, each once per call: the page's log, Tavus's transcript and end. */
export const VIDEO_EVENT_KINDS = ['client-log', 'transcript', 'ended'] as const;

/**
 * One row per conversation: a chat session (its id the session id) or a video call the server started (its id
 * Tavus's). The two channels' ids are apart (a chat may name any id), so the key is (channel, id). `started` places
 * it in the admin's lists, newest first, and in the overview's weeks.
 */
export const conversations = pgTable(
  'conversations',
  {
    channel: text({ enum: CONVERSATION_CHANNELS }).notNull(),
    id: text().notNull(),
    started: isoAt().notNull(),
    /** A chat's newest exchange (its retention runs from it); a call's start. */
    lastActivity: isoAt().notNull(),
    language: text({ enum: LANGUAGES }).notNull(),
    /** A chat's messages: two per exchange (the visitor's, the assistant's). */
    messageCount: integer().notNull().default(0),
    /** The chat's lead flow after its newest exchange: the question just asked (null: not in the flow). */
    leadStep: text({ enum: LEAD_STEPS }),
    leadConsent: boolean().notNull().default(false),
    leadName: text(),
    leadEmail: text(),
    /** The chat's meeting booking under way (src/features/chat/meeting-offer.ts): the times offered, the one chosen. */
    leadBooking: jsonb().$type<LeadBooking>(),
    /** A call's room, from Tavus. */
    conversationUrl: text(),
    /** A call's callback nonce (src/features/video/callback-token.ts): binds its callback URL to it. */
    callbackNonce: text(),
    /** A call's longest possible end: start + the maximum length given to Tavus. */
    endsBy: isoAt(),
    /** A call's visit (src/features/analytics, seen when it started): the lead the call files carries it. */
    attribution: jsonb().$type<Attribution>(),
  },
  (table) => [
    primaryKey({ columns: [table.channel, table.id] }),
    // Ascending: read backwards it is the lists' newest first (`started DESC, id DESC`), forwards retention's oldest.
    index('conversations_by_start').on(table.channel, table.started, table.id),
    check('conversations_channel', oneOf(table.channel, CONVERSATION_CHANNELS)),
    check('conversations_language', oneOf(table.language, LANGUAGES)),
    check('conversations_lead_step', oneOf(table.leadStep, LEAD_STEPS)),
    check('conversations_message_count', sql`${table.messageCount} >= 0`),
  ],
);

/** One row per chat exchange the server answered (the visitor's message and the reply), never rewritten. */
export const chatExchanges = pgTable(
  'chat_exchanges',
  {
    id: text().primaryKey(),
    channel: text({ enum: ['chat'] })
      .notNull()
      .default('chat'),
    conversationId: text().notNull(),
    at: isoAt().notNull(),
    userMessage: text().notNull(),
    botResponse: text().notNull(),
    language: text({ enum: LANGUAGES }).notNull(),
  },
  (table) => [
    foreignKey({
      name: 'chat_exchanges_conversation',
      columns: [table.channel, table.conversationId],
      foreignColumns: [conversations.channel, conversations.id],
    }).onDelete('cascade'),
    index('chat_exchanges_in_order').on(table.conversationId, table.at, table.id),
    check('chat_exchanges_channel', sql`${table.channel} = 'chat'`),
    check('chat_exchanges_language', oneOf(table.language, LANGUAGES)),
  ],
);

/**
 * What is reported of a call after its start: one row per (call, kind). A replayed Tavus callback overwrites its
 * row; the page's log is kept once (a second one is refused by the key).
 */
export const videoCallEvents = pgTable(
  'video_call_events',
  {
    channel: text({ enum: ['video'] })
      .notNull()
      .default('video'),
    conversationId: text().notNull(),
    kind: text({ enum: VIDEO_EVENT_KINDS }).notNull(),
    at: isoAt().notNull(),
    /** The lines of a transcript (Tavus's or the page's), shown as they are. */
    transcript: jsonb().$type<TranscriptLine[]>(),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.kind] }),
    foreignKey({
      name: 'video_call_events_call',
      columns: [table.channel, table.conversationId],
      foreignColumns: [conversations.channel, conversations.id],
    }).onDelete('cascade'),
    check('video_call_events_channel', sql`${table.channel} = 'video'`),
    check('video_call_events_kind', oneOf(table.kind, VIDEO_EVENT_KINDS)),
  ],
);

/**
 * The e-mail addresses a conversation holds, lower-cased: the lead flow's (`lead`), and any written in a chat message
 * or a call's transcript. Privacy requests find conversations by address here; the chat list's search by the lead's.
 */
export const conversationEmails = pgTable(
  'conversation_emails',
  {
    channel: text({ enum: CONVERSATION_CHANNELS }).notNull(),
    conversationId: text().notNull(),
    email: text().notNull(),
    lead: boolean().notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.channel, table.conversationId, table.email] }),
    foreignKey({
      name: 'conversation_emails_conversation',
      columns: [table.channel, table.conversationId],
      foreignColumns: [conversations.channel, conversations.id],
    }).onDelete('cascade'),
    index('conversation_emails_by_address').on(table.email, table.channel),
    check('conversation_emails_lower_case', sql`${table.email} = lower(${table.email})`),
  ],
);
