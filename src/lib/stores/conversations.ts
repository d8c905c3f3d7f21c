import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { database } from '../db/client';
import { olderThan, toPage, type Page, type PageQuery } from '../db/paging';
import { chatExchanges, conversationEmails, conversations, videoCallEvents } from '../db/schema';
import type { Language } from '../../i18n/languages';
import type { ChatConversation, LeadState, TranscriptLine } from '../schemas/conversation';

/**
 * The visitor conversations in the database (src/lib/db/schema/conversations.ts): a chat session is a row of
 * `conversations` and one row per exchange the server answered; a video call is a row (the server's record of
 * starting it) and one row per later event kind. Every write is one statement.
 */

type ConversationRow = typeof conversations.$inferSelect;
type Channel = ConversationRow['channel'];

const isChat = eq(conversations.channel, 'chat');
const isVideo = eq(conversations.channel, 'video');

/** An address as stored: trimmed, lower-cased. */
function address(email: string): string {
  return email.trim().toLowerCase();
}

/** The conversations that hold an address (`leadOnly`: the lead flow collected it), as a condition on the rows. */
function holds(channel: Channel, email: string, leadOnly: boolean): SQL {
  return sql`exists (select 1 from ${conversationEmails} where ${conversationEmails.channel} = ${channel}
    and ${conversationEmails.conversationId} = ${conversations.id} and ${conversationEmails.email} = ${address(email)}
    ${leadOnly ? sql`and ${conversationEmails.lead}` : sql``})`;
}

/** A list's search: an e-mail address (chat: one the lead flow collected), else a conversation's id, whole. */
function search(channel: Channel, q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  if (channel === 'chat' && text.includes('@')) return holds('chat', text, true);
  return eq(conversations.id, text);
}

const newestFirst = [desc(conversations.started), desc(conversations.id)];
const oldestFirst = [asc(conversations.started), asc(conversations.id)];
const position = (row: { started: Date; id: string }) => ({ at: row.started, id: row.id });

// ---------------------------------------------------------------------------------------------------------------
// Chat

/** One exchange the server answered, as `/api/chat` logs it. */
export interface NewChatExchange {
  /** The exchange's id (a ULID): with its time, its place in the session. */
  id: string;
  sessionId: string;
  at: Date;
  userMessage: string;
  botResponse: string;
  language: Language;
  /** The lead flow's state after the exchange (null: not in the flow). */
  lead: LeadState | null;
  /** The addresses it holds, lower-cased, each once; `lead`: the lead flow collected it. */
  emails: Array<{ email: string; lead: boolean }>;
}

/**
 * Logs an exchange in one statement: the session's row (made by its first exchange; its count, newest activity,
 * language and lead flow state updated by each, the newest exchange's state winning), the exchange, its addresses.
 * Racing exchanges of one session are all kept: each is its own row, and the counter adds in place.
 */
export async function insertChatExchange(exchange: NewChatExchange): Promise<void> {
  const at = exchange.at.toISOString();
  const { lead } = exchange;
  const newer = (column: string) =>
    sql.raw(
      `${column} = case when excluded.last_activity >= c.last_activity then excluded.${column} else c.${column} end`,
    );
  await database().execute(sql`
    with conversation as (
      insert into conversations as c
        (channel, id, started, last_activity, language, message_count, lead_step, lead_consent, lead_name, lead_email)
      values ('chat', ${exchange.sessionId}, ${at}::timestamptz, ${at}::timestamptz, ${exchange.language}, 2,
        ${lead?.step ?? null}, ${lead?.consent ?? false}, ${lead?.name ?? null}, ${lead?.email ?? null})
      on conflict (channel, id) do update set
        started = least(c.started, excluded.started),
        message_count = c.message_count + 2,
        last_activity = greatest(c.last_activity, excluded.last_activity),
        ${newer('language')}, ${newer('lead_step')}, ${newer('lead_consent')}, ${newer('lead_name')},
        ${newer('lead_email')}
      returning id
    ), exchange as (
      insert into chat_exchanges (id, channel, conversation_id, at, user_message, bot_response, language)
      select ${exchange.id}, 'chat', id, ${at}::timestamptz, ${exchange.userMessage}, ${exchange.botResponse},
        ${exchange.language}
      from conversation
    )
    insert into conversation_emails (channel, conversation_id, email, lead)
    select 'chat', conversation.id, given.email, given.lead
    from conversation,
      unnest(${sql.param(exchange.emails.map((e) => address(e.email)))}::text[],
        ${sql.param(exchange.emails.map((e) => e.lead))}::boolean[])
        as given(email, lead)
    on conflict (channel, conversation_id, email) do update set lead = conversation_emails.lead or excluded.lead`);
}

/** The lead flow's state after a session's newest exchange, or null (not in the flow, or no such session). */
export async function chatLeadState(sessionId: string): Promise<LeadState | null> {
  const [row] = await database()
    .select({
      step: conversations.leadStep,
      consent: conversations.leadConsent,
      name: conversations.leadName,
      email: conversations.leadEmail,
    })
    .from(conversations)
    .where(and(isChat, eq(conversations.id, sessionId)));
  return row?.step ? { ...row, step: row.step } : null;
}

export type ChatExchangeRow = typeof chatExchanges.$inferSelect;

/** A session's exchanges older than `before` (none: from the newest), newest first, at most `limit`. */
export async function chatExchangesNewestFirst(
  sessionId: string,
  before: { at: Date; id: string } | null,
  limit: number,
): Promise<ChatExchangeRow[]> {
  return database()
    .select()
    .from(chatExchanges)
    .where(
      and(
        eq(chatExchanges.conversationId, sessionId),
        before
          ? sql`(${chatExchanges.at}, ${chatExchanges.id}) < (${before.at.toISOString()}::timestamptz, ${before.id})`
          : undefined,
      ),
    )
    .orderBy(desc(chatExchanges.at), desc(chatExchanges.id))
    .limit(limit);
}

/** Chat rows with their messages, oldest first (one more statement, for every row at once). */
async function withMessages(rows: ConversationRow[]): Promise<ChatConversation[]> {
  if (!rows.length) return [];
  const exchanges = await database()
    .select()
    .from(chatExchanges)
    .where(
      inArray(
        chatExchanges.conversationId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(chatExchanges.conversationId), asc(chatExchanges.at), asc(chatExchanges.id));
  const bySession = new Map<string, ChatConversation['messages']>();
  for (const exchange of exchanges) {
    const timestamp = exchange.at.toISOString();
    const messages = bySession.get(exchange.conversationId) ?? [];
    messages.push(
      { role: 'user', content: exchange.userMessage, timestamp, verified: true },
      { role: 'bot', content: exchange.botResponse, timestamp, verified: true },
    );
    bySession.set(exchange.conversationId, messages);
  }
  return rows.map((row) => ({
    id: row.id,
    sessionId: row.id,
    messages: bySession.get(row.id) ?? [],
    language: row.language,
    conversationStarted: row.started.toISOString(),
    lastActivity: row.lastActivity.toISOString(),
    messageCount: row.messageCount,
  }));
}

/** A page of chat conversations, newest session first (by its start); `q` as `search`. Two statements. */
export async function chatConversationsPage(query: PageQuery): Promise<Page<ChatConversation>> {
  const rows = await database()
    .select()
    .from(conversations)
    .where(and(isChat, olderThan(conversations.started, conversations.id, query.cursor), search('chat', query.q)))
    .orderBy(...newestFirst)
    .limit(query.limit + 1);
  const page = toPage(rows, query.limit, position);
  const items = await withMessages(rows.slice(0, query.limit));
  return { items, next: page.next };
}

/** One chat conversation, or null. */
export async function chatConversationById(sessionId: string): Promise<ChatConversation | null> {
  const rows = await database()
    .select()
    .from(conversations)
    .where(and(isChat, eq(conversations.id, sessionId)));
  return (await withMessages(rows))[0] ?? null;
}

/** The chat conversations holding an address (the lead flow's, or written in a message), newest first. */
export async function chatConversationsWithEmail(email: string): Promise<ChatConversation[]> {
  const rows = await database()
    .select()
    .from(conversations)
    .where(and(isChat, holds('chat', email, false)))
    .orderBy(...newestFirst);
  return withMessages(rows);
}

/** The chat conversations started in `[from, before)`, oldest first, at most `max`. */
export async function chatConversationsStartedIn(
  from: Date,
  before: Date,
  max: number,
): Promise<{ items: ChatConversation[]; more: boolean }> {
  const rows = await database()
    .select()
    .from(conversations)
    .where(and(isChat, gte(conversations.started, from), lt(conversations.started, before)))
    .orderBy(...oldestFirst)
    .limit(max + 1);
  return { items: await withMessages(rows.slice(0, max)), more: rows.length > max };
}

/** Deletes a chat session with its exchanges and addresses; false when there was none. */
export async function deleteChatConversation(sessionId: string): Promise<boolean> {
  const deleted = await database()
    .delete(conversations)
    .where(and(isChat, eq(conversations.id, sessionId)))
    .returning({ id: conversations.id });
  return deleted.length > 0;
}

/**
 * Retention: deletes, in one statement, at most `limit` chat sessions (oldest first) whose last message is before
 * `before`, with their exchanges and addresses. Answers how many.
 */
export async function deleteChatConversationsBefore(before: Date, limit: number): Promise<number> {
  const db = database();
  const oldest = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(isChat, lt(conversations.started, before), lt(conversations.lastActivity, before)))
    .orderBy(...oldestFirst)
    .limit(limit);
  const deleted = await db
    .delete(conversations)
    .where(and(isChat, inArray(conversations.id, oldest)))
    .returning({ id: conversations.id });
  return deleted.length;
}

// ---------------------------------------------------------------------------------------------------------------
// Video

/** The server's record of a call it started. */
export interface VideoCallStart {
  id: string;
  started: Date;
  language: Language;
  conversationUrl: string | null;
  callbackNonce: string | null;
  endsBy: Date | null;
}

export type VideoCallEventRow = typeof videoCallEvents.$inferSelect;
export type VideoEventKind = VideoCallEventRow['kind'];

/** A call as stored: its start and its events (at most one of each kind). */
export interface StoredVideoCall {
  start: VideoCallStart;
  events: VideoCallEventRow[];
}

function startOf(row: ConversationRow): VideoCallStart {
  return {
    id: row.id,
    started: row.started,
    language: row.language,
    conversationUrl: row.conversationUrl,
    callbackNonce: row.callbackNonce,
    endsBy: row.endsBy,
  };
}

/** Records a call the server started; a second record of the same call changes nothing. */
export async function insertVideoCall(start: VideoCallStart): Promise<void> {
  await database()
    .insert(conversations)
    .values({
      channel: 'video',
      id: start.id,
      started: start.started,
      lastActivity: start.started,
      language: start.language,
      conversationUrl: start.conversationUrl,
      callbackNonce: start.callbackNonce,
      endsBy: start.endsBy,
    })
    .onConflictDoNothing();
}

/** The server's record of starting a call, or null for a call it did not start. */
export async function videoCallStartById(id: string): Promise<VideoCallStart | null> {
  const [row] = await database()
    .select()
    .from(conversations)
    .where(and(isVideo, eq(conversations.id, id)));
  return row ? startOf(row) : null;
}

/** A call's event as written: for a call the server started only (otherwise nothing is stored). */
export interface NewVideoEvent {
  callId: string;
  kind: VideoEventKind;
  at: Date;
  transcript: TranscriptLine[] | null;
  /** Addresses said in it, lower-cased. */
  emails: string[];
}

/**
 * Writes a call's event of one kind with the addresses it holds, in one statement, for a call the server started.
 * `replace`: a replayed event overwrites its row (Tavus's callbacks); otherwise the first one is kept (the page's
 * log) and a later one stores nothing. Answers whether the event was written.
 */
export async function writeVideoEvent(event: NewVideoEvent, replace: boolean): Promise<boolean> {
  const conflict = replace ? sql`do update set at = excluded.at, transcript = excluded.transcript` : sql`do nothing`;
  const result = await database().execute<{ written: number }>(sql`
    with event as (
      insert into video_call_events (channel, conversation_id, kind, at, transcript)
      select 'video', id, ${event.kind}, ${event.at.toISOString()}::timestamptz,
        ${event.transcript === null ? null : JSON.stringify(event.transcript)}::jsonb
      from conversations where channel = 'video' and id = ${event.callId}
      on conflict (conversation_id, kind) ${conflict}
      returning conversation_id
    ), addresses as (
      insert into conversation_emails (channel, conversation_id, email)
      select 'video', event.conversation_id, said.email
      from event, unnest(${sql.param(event.emails.map(address))}::text[]) as said(email)
      on conflict do nothing
    )
    select count(*)::int as written from event`);
  return (result.rows[0]?.written ?? 0) > 0;
}

/** Calls with their events, in the rows' order (one more statement, for every row at once). */
async function withEvents(rows: ConversationRow[]): Promise<StoredVideoCall[]> {
  if (!rows.length) return [];
  const events = await database()
    .select()
    .from(videoCallEvents)
    .where(
      inArray(
        videoCallEvents.conversationId,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((row) => ({
    start: startOf(row),
    events: events.filter((event) => event.conversationId === row.id),
  }));
}

/** A page of video calls, the most recently started first; `q`: a call's id. Two statements. */
export async function videoCallsPage(query: PageQuery): Promise<Page<StoredVideoCall>> {
  const rows = await database()
    .select()
    .from(conversations)
    .where(and(isVideo, olderThan(conversations.started, conversations.id, query.cursor), search('video', query.q)))
    .orderBy(...newestFirst)
    .limit(query.limit + 1);
  const page = toPage(rows, query.limit, position);
  return { items: await withEvents(rows.slice(0, query.limit)), next: page.next };
}

/** One call with its events, or null. */
export async function videoCallById(id: string): Promise<StoredVideoCall | null> {
  const rows = await database()
    .select()
    .from(conversations)
    .where(and(isVideo, eq(conversations.id, id)));
  return (await withEvents(rows))[0] ?? null;
}

/** The calls in whose transcript (Tavus's or the page's) an address was written, the most recent first. */
export async function videoCallsWithEmail(email: string): Promise<StoredVideoCall[]> {
  const rows = await database()
    .select()
    .from(conversations)
    .where(and(isVideo, holds('video', email, false)))
    .orderBy(...newestFirst);
  return withEvents(rows);
}

/** The calls started in `[from, before)`, oldest first, at most `max`. */
export async function videoCallsStartedIn(
  from: Date,
  before: Date,
  max: number,
): Promise<{ items: StoredVideoCall[]; more: boolean }> {
  const rows = await database()
    .select()
    .from(conversations)
    .where(and(isVideo, gte(conversations.started, from), lt(conversations.started, before)))
    .orderBy(...oldestFirst)
    .limit(max + 1);
  return { items: await withEvents(rows.slice(0, max)), more: rows.length > max };
}

/**
 * A call nobody reported on: no end (Tavus's or the page's) and no transcript line. Tavus's callback may come up to
 * a day after the call's longest possible end; retention deletes such calls once that has passed.
 */
const unreported = sql`not exists (select 1 from ${videoCallEvents}
  where ${videoCallEvents.conversationId} = ${conversations.id}
  and (${videoCallEvents.kind} <> 'transcript' or jsonb_array_length(coalesce(${videoCallEvents.transcript}, '[]'::jsonb)) > 0))`;

/**
 * Retention: the ids of at most `limit` calls started in `[from, before)`, oldest first (`unreportedOnly`: only those
 * nobody reported on), in one statement. Tavus is asked to delete them first; then `deleteVideoCalls`.
 */
export async function videoCallIdsStartedIn(
  from: Date,
  before: Date,
  limit: number,
  { unreportedOnly = false } = {},
): Promise<{ id: string; started: Date }[]> {
  return database()
    .select({ id: conversations.id, started: conversations.started })
    .from(conversations)
    .where(
      and(
        isVideo,
        gte(conversations.started, from),
        lt(conversations.started, before),
        unreportedOnly ? unreported : undefined,
      ),
    )
    .orderBy(...oldestFirst)
    .limit(limit);
}

/** Deletes calls with their events and addresses, in one statement; answers the ids deleted. */
export async function deleteVideoCalls(ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const deleted = await database()
    .delete(conversations)
    .where(and(isVideo, inArray(conversations.id, ids)))
    .returning({ id: conversations.id });
  return deleted.map((row) => row.id);
}

/**
 * Retention, in one statement: deletes at most `limit` calls started before `before` (oldest first) and answers
 * their ids, which Tavus must then be asked to delete too.
 */
export async function deleteVideoCallsBefore(before: Date, limit: number): Promise<string[]> {
  const db = database();
  const oldest = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(isVideo, lt(conversations.started, before)))
    .orderBy(...oldestFirst)
    .limit(limit);
  const deleted = await db
    .delete(conversations)
    .where(and(isVideo, inArray(conversations.id, oldest)))
    .returning({ id: conversations.id });
  return deleted.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------------------------
// Overview

/**
 * The conversations of a channel started in `[from, before)`, counted per ISO week (Monday 00:00 UTC), in one
 * statement on the start index: the Monday of each week (ISO date) and its count; weeks without any are left out.
 */
export async function conversationsPerWeek(
  channel: Channel,
  from: Date,
  before: Date,
): Promise<Array<{ week: string; count: number }>> {
  const monday = sql<string>`to_char(date_trunc('week', ${conversations.started} at time zone 'UTC'), 'YYYY-MM-DD')`;
  return database()
    .select({ week: monday, count: sql<number>`count(*)::int` })
    .from(conversations)
    .where(and(eq(conversations.channel, channel), gte(conversations.started, from), lt(conversations.started, before)))
    .groupBy(monday)
    .orderBy(monday);
}
