import type { Attribution } from '../analytics/schema';
import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { database } from '../../platform/db/client';
import { olderThan, toPage, type Page, type PageQuery } from '../../platform/db/paging';
import { weekOf } from '../../platform/db/columns';
import { chatExchanges, conversationEmails, conversations, videoCallEvents } from './tables';
import { contactMessages } from '../leads/tables';
import { normaliseEmail } from '../../platform/emails';
import { DEFAULT_LANGUAGE } from '../../i18n/languages';
import { leadStateOf, type ChatConversation, type ChatExchangeInput, type LeadState, type VideoEvent } from './schema';

// The visitor conversations (src/features/conversations/tables.ts): a chat session or a video call is a row of
// `conversations`, with a row per exchange or per event kind under it. Every write is one statement.
type Row = typeof conversations.$inferSelect;
type Channel = Row['channel'];
export type EventKind = (typeof videoCallEvents.$inferSelect)['kind'];

/** What a read names: a page (`q`: see `named`), one conversation by its id, or those holding an address. */
type Selection = PageQuery | { id: string } | { email: string };

/** The conversations that hold an address (`leadOnly`: the lead flow collected it), as a condition on the rows. */
function holds(channel: Channel, email: string, leadOnly = false): SQL {
  return sql`exists (select 1 from ${conversationEmails} where ${conversationEmails.channel} = ${channel}
    and ${conversationEmails.conversationId} = ${conversations.id}
    and ${conversationEmails.email} = ${normaliseEmail(email)} and ${leadOnly ? conversationEmails.lead : sql`true`})`;
}

/** A selection's condition. A list's search: an e-mail address (chat: the lead flow's), else an id, whole. */
function named(channel: Channel, selection: Selection): SQL | undefined {
  if ('id' in selection) return eq(conversations.id, selection.id);
  if ('email' in selection) return holds(channel, selection.email);
  const q = selection.q.trim();
  const search = channel === 'chat' && q.includes('@') ? holds(channel, q, true) : eq(conversations.id, q);
  return and(olderThan(conversations.started, conversations.id, selection.cursor), q ? search : undefined);
}

/** A channel's conversations started in `[from, before)`, on the start index. */
function startedIn(channel: Channel, from: Date | null, before: Date): SQL | undefined {
  const since = from ? gte(conversations.started, from.toISOString()) : undefined;
  return and(eq(conversations.channel, channel), since, lt(conversations.started, before.toISOString()));
}

const oldestFirst = [asc(conversations.started), asc(conversations.id)];

/** The rows a selection names, newest first, in one statement: a page, or (by id, by address) all of them. */
async function select(channel: Channel, selection: Selection): Promise<Page<Row>> {
  const rows = database()
    .select()
    .from(conversations)
    .where(and(eq(conversations.channel, channel), named(channel, selection)))
    .orderBy(desc(conversations.started), desc(conversations.id))
    .$dynamic();
  if (!('limit' in selection)) return { items: await rows, next: null };
  const position = (row: Row) => ({ at: new Date(row.started), id: row.id });
  return toPage(await rows.limit(selection.limit + 1), selection.limit, position);
}

/**
 * Logs an exchange (`id`: a ULID) with its addresses (lower-cased; true: the lead flow's) in one statement; the
 * session's row is made by its first exchange, and its lead flow state is the newest exchange's. Racing exchanges of
 * one session are all kept: each is its own row, and the counter adds in place.
 */
export async function insertChatExchange(
  exchange: ChatExchangeInput & { id: string; at: string; lead: LeadState | null; emails: Map<string, boolean> },
): Promise<void> {
  const { at, lead } = exchange;
  const newer = (col: string) =>
    sql.raw(`${col} = case when excluded.last_activity >= c.last_activity then excluded.${col} else c.${col} end`);
  await database().execute(sql`
    with conversation as (
      insert into conversations as c
        (channel, id, started, last_activity, language, message_count, lead_step, lead_consent, lead_name, lead_email,
          lead_booking)
      values ('chat', ${exchange.sessionId}, ${at}::timestamptz, ${at}::timestamptz, ${exchange.language}, 2,
        ${lead?.step ?? null}, ${lead?.consent ?? false}, ${lead?.name ?? null}, ${lead?.email ?? null},
        ${lead?.booking ? JSON.stringify(lead.booking) : null}::jsonb)
      on conflict (channel, id) do update set
        started = least(c.started, excluded.started),
        message_count = c.message_count + 2,
        last_activity = greatest(c.last_activity, excluded.last_activity),
        ${newer('language')}, ${newer('lead_step')}, ${newer('lead_consent')}, ${newer('lead_name')},
        ${newer('lead_email')}, ${newer('lead_booking')}
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
      unnest(${sql.param([...exchange.emails.keys()])}::text[], ${sql.param([...exchange.emails.values()])}::boolean[])
        as given(email, lead)
    on conflict (channel, conversation_id, email) do update set lead = conversation_emails.lead or excluded.lead`);
}

/** The lead flow's state after a session's newest exchange (null: not in the flow, or no such session). */
export async function chatLeadState(sessionId: string): Promise<LeadState | null> {
  const [row] = (await select('chat', { id: sessionId })).items;
  return row ? leadStateOf(row) : null;
}

/** A page of a session's exchanges, newest first. One statement. */
export async function chatExchangesPage(sessionId: string, cursor: string | null, limit: number) {
  const rows = await database()
    .select()
    .from(chatExchanges)
    .where(and(eq(chatExchanges.conversationId, sessionId), olderThan(chatExchanges.at, chatExchanges.id, cursor)))
    .orderBy(desc(chatExchanges.at), desc(chatExchanges.id))
    .limit(limit + 1);
  return toPage(rows, limit, (row) => ({ at: new Date(row.at), id: row.id }));
}

/** An exchange as the admin reads it: the visitor's message and the reply, both as the server logged them. */
const asMessages = ({ userMessage, botResponse, at: timestamp }: typeof chatExchanges.$inferSelect) => [
  { role: 'user' as const, content: userMessage, timestamp, verified: true },
  { role: 'bot' as const, content: botResponse, timestamp, verified: true },
];

/**
 * The leads filed from chat sessions, video calls or WhatsApp contacts (`ids`; for calls also the lead ids their leads were given,
 * `leadIds`, which finds those filed before a video lead named its call), by conversation: each one's newest. One
 * statement, on the partial session index and the primary key, whatever the number of conversations.
 */
export async function conversationLeads(
  source: 'chat' | 'video' | 'whatsapp',
  ids: string[],
  leadIds: Map<string, string> = new Map(),
): Promise<Map<string, { id: string; name: string; email: string }>> {
  if (!ids.length) return new Map();
  const byLeadId = new Map([...leadIds].map(([conversation, lead]) => [lead, conversation]));
  const rows = await database()
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      sessionId: contactMessages.sessionId,
    })
    .from(contactMessages)
    .where(
      and(
        eq(contactMessages.source, source),
        or(
          inArray(contactMessages.sessionId, ids),
          byLeadId.size ? inArray(contactMessages.id, [...byLeadId.keys()]) : undefined,
        ),
      ),
    )
    .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id));
  return new Map(
    rows.map((row) => [row.sessionId ?? byLeadId.get(row.id)!, { id: row.id, name: row.name, email: row.email }]),
  );
}

/**
 * The chat conversations a selection names, newest session first, with their messages, first question, the
 * visitor's name and the lead filed from them. Three statements.
 */
export async function chatConversations(selection: Selection): Promise<Page<ChatConversation>> {
  const { items, next } = await select('chat', selection);
  const ids = items.map((row) => row.id);
  const exchanges = items.length
    ? await database()
        .select()
        .from(chatExchanges)
        .where(inArray(chatExchanges.conversationId, ids))
        .orderBy(asc(chatExchanges.conversationId), asc(chatExchanges.at), asc(chatExchanges.id))
    : [];
  const leads = await conversationLeads('chat', ids);
  const chats = items.map(({ id, language, started, lastActivity, messageCount, leadName }) => {
    const messages = exchanges.filter((exchange) => exchange.conversationId === id).flatMap(asMessages);
    const lead = leads.get(id);
    return {
      id,
      sessionId: id,
      messages,
      language,
      conversationStarted: started,
      lastActivity,
      messageCount,
      firstQuestion: messages.find((message) => message.role === 'user')?.content ?? null,
      visitorName: leadName ?? lead?.name ?? null,
      leadId: lead?.id ?? null,
      leadEmail: lead?.email ?? null,
    };
  });
  return { items: chats, next };
}

/** Records a call the server started; a second record of the same call changes nothing. */
export async function recordVideoCallStart(start: VideoEvent, attribution: Attribution | null = null): Promise<void> {
  const { sessionId: id, at: started, conversationUrl, callbackNonce, endsBy } = start;
  const language = start.language ?? DEFAULT_LANGUAGE;
  await database()
    .insert(conversations)
    .values({
      channel: 'video',
      id,
      started,
      lastActivity: started,
      language,
      conversationUrl,
      callbackNonce,
      endsBy,
      attribution,
    })
    .onConflictDoNothing();
}

/** The visit a call was started from (its lead carries it), or null. One statement. */
export async function videoCallAttribution(sessionId: string): Promise<Attribution | null> {
  const [row] = await database()
    .select({ attribution: conversations.attribution })
    .from(conversations)
    .where(and(eq(conversations.channel, 'video'), eq(conversations.id, sessionId)));
  return row?.attribution ?? null;
}

/** The server's record of starting a call, or null for a call it did not start. One statement. */
export async function videoCallStart(sessionId: string): Promise<VideoEvent | null> {
  const [row] = (await select('video', { id: sessionId })).items;
  if (!row) return null;
  const { language, conversationUrl, callbackNonce, endsBy } = row;
  return { sessionId, kind: 'started', at: row.started, language, conversationUrl, callbackNonce, endsBy };
}

/**
 * Writes a call's event with the addresses said in it (lower-cased) in one statement, for a call the server started
 * only. `replace`: a replay overwrites the row (Tavus's callbacks); otherwise the first one is kept (the page's log).
 */
export async function writeVideoEvent(event: VideoEvent & { kind: EventKind }, emails: string[], replace: boolean) {
  const conflict = replace ? sql`do update set at = excluded.at, transcript = excluded.transcript` : sql`do nothing`;
  const transcript = event.transcript ? JSON.stringify(event.transcript) : null;
  await database().execute(sql`
    with event as (
      insert into video_call_events (channel, conversation_id, kind, at, transcript)
      select 'video', id, ${event.kind}, ${event.at}::timestamptz, ${transcript}::jsonb
      from conversations where channel = 'video' and id = ${event.sessionId}
      on conflict (conversation_id, kind) ${conflict}
      returning conversation_id
    )
    insert into conversation_emails (channel, conversation_id, email)
    select 'video', event.conversation_id, said.email
    from event, unnest(${sql.param(emails)}::text[]) as said(email)
    on conflict do nothing`);
}

/** The calls a selection names, the most recently started first, with their events. Two statements. */
export async function videoCalls(selection: Selection) {
  const { items, next } = await select('video', selection);
  const ids = items.map((row) => row.id);
  const events = items.length
    ? await database().select().from(videoCallEvents).where(inArray(videoCallEvents.conversationId, ids))
    : [];
  const calls = items.map((start) => ({ start, events: events.filter((event) => event.conversationId === start.id) }));
  return { items: calls, next };
}

// A call nobody reported on: no end (Tavus's or the page's) and no transcript line.
const unreported = sql`not exists (select 1 from ${videoCallEvents}
  where ${videoCallEvents.conversationId} = ${conversations.id} and (${videoCallEvents.kind} <> 'transcript'
    or jsonb_array_length(coalesce(${videoCallEvents.transcript}, '[]'::jsonb)) > 0))`;

/** Retention: at most `limit` calls started in `[from, before)`, oldest first, to delete at Tavus first. */
export async function videoCallIdsStartedBetween(
  from: Date,
  before: Date,
  limit: number,
  { unreportedOnly = false } = {},
) {
  return database()
    .select({ id: conversations.id, started: conversations.started })
    .from(conversations)
    .where(and(startedIn('video', from, before), unreportedOnly ? unreported : undefined))
    .orderBy(...oldestFirst)
    .limit(limit);
}

/**
 * Deletes conversations with all under them in one statement: these ids, or (retention) at most `limit`, oldest
 * first, whose last activity is before `before` (a call's is its start). Answers the ids deleted.
 */
export async function deleteConversations(channel: Channel, which: string[] | { before: Date; limit: number }) {
  if (Array.isArray(which) && !which.length) return [];
  const ids = Array.isArray(which)
    ? which
    : database()
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(startedIn(channel, null, which.before), lt(conversations.lastActivity, which.before.toISOString())))
        .orderBy(...oldestFirst)
        .limit(which.limit);
  const deleted = await database()
    .delete(conversations)
    .where(and(eq(conversations.channel, channel), inArray(conversations.id, ids)))
    .returning({ id: conversations.id });
  return deleted.map((row) => row.id);
}

/** A channel's conversations started in `[from, before)` per ISO week (its Monday, UTC), in one statement. */
export async function conversationsStartedPerWeek(channel: Channel, from: Date, before: Date) {
  const monday = weekOf(conversations.started);
  return database()
    .select({ week: monday, count: sql<number>`count(*)::int` })
    .from(conversations)
    .where(startedIn(channel, from, before))
    .groupBy(monday)
    .orderBy(monday);
}
