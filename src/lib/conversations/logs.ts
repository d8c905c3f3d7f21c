import { randomBytes } from 'node:crypto';
import {
  chatExchangeSchema,
  chatSummarySchema,
  videoEventSchema,
  videoSummarySchema,
  type ChatConversation,
  type ChatExchange,
  type ChatSummary,
  type VideoSummary,
  type ClientReported,
  type ChatExchangeInput,
  type LeadState,
  type VideoConversation,
  type VideoEvent,
  type VideoLogInput,
} from '../schemas/conversation';
import { emailsIn } from '../privacy/emails';
import { ConversationIndex } from '../stores/conversation-index';
import { indexEmail, unindexRecord } from '../stores/email-index';
import { EventLog } from '../stores/event-log';
import { allPages, type Page, type PageQuery } from '../stores/feed';
import { markEvent } from '../stores/week-markers';

const chatLog = new EventLog('chat-log', chatExchangeSchema);
const videoLog = new EventLog('video-log', videoEventSchema);
const chatIndex = new ConversationIndex<ChatSummary>('chat-log', chatSummarySchema, backfillChat);
const videoIndex = new ConversationIndex<VideoSummary>('video-log', videoSummarySchema, backfillVideo, false);

const sessionPrefix = (sessionId: string) => `sessions/${sessionId}/`;

/**
 * A new chat session id, made by the server: the shape docs/product.md gives
 * (`session_{time}_{suffix}`), with 128 random bits as the suffix, so nobody
 * can guess another visitor's session.
 */
export function newChatSessionId(now: number = Date.now()): string {
  return `session_${now}_${randomBytes(16).toString('base64url')}`;
}

/**
 * Logs one exchange the server answered, with the lead flow's state after it;
 * a conversation is every exchange under its session id. Called by `/api/chat`
 * only: this record is what later requests of the session are rebuilt from.
 */
export async function logChatExchange(
  input: ChatExchangeInput & { lead?: LeadState | null },
  at: Date = new Date(),
): Promise<void> {
  const exchange: ChatExchange = {
    ...input,
    lead: input.lead ?? null,
    timestamp: at.toISOString(),
    loggedBy: 'server',
  };
  const key = await chatLog.append(sessionPrefix(input.sessionId), exchange);
  await refreshChatSummary(input.sessionId, { key, event: exchange });
  // The addresses a visitor gave (the lead flow's, or typed in a message) link the session for privacy requests.
  const emails = emailsIn(input.lead?.email, input.userMessage);
  await Promise.all(emails.map((email) => indexEmail(email, 'chat', input.sessionId)));
}

/**
 * The exchanges the server itself logged for a session, newest first, read
 * back in small batches so a caller that has enough stops reading. Unverified
 * lines (no `loggedBy`) are skipped.
 */
export async function* serverExchangesNewestFirst(sessionId: string): AsyncGenerator<ChatExchange> {
  const keys = await chatLog.keys(sessionPrefix(sessionId));
  const batch = 8;
  for (let end = keys.length; end > 0; end -= batch) {
    const events = await chatLog.readKeys(keys.slice(Math.max(0, end - batch), end));
    for (const { event } of events.reverse()) if (event.loggedBy === 'server') yield event;
  }
}

/**
 * What a client may post to `POST /api/whatsapp-conversations`. Nothing is
 * stored: an exchange of a session the server answered is already in its log
 * (written before the answer left), and any other line is one the server cannot
 * verify, so keeping it would let a stranger write what the firm reads as fact.
 */
export async function acceptClientChatLog(input: ChatExchangeInput): Promise<void> {
  void input;
}

function groupBySession<T extends { sessionId: string }>(
  events: Array<{ key: string; event: T }>,
): Map<string, Array<{ key: string; event: T }>> {
  const groups = new Map<string, Array<{ key: string; event: T }>>();
  for (const entry of events) {
    const group = groups.get(entry.event.sessionId) ?? [];
    group.push(entry);
    groups.set(entry.event.sessionId, group);
  }
  return groups;
}

/** A chat session's row, folded from its exchanges (oldest first); each message says whether the server wrote it. */
function foldChat(sessionId: string, exchanges: Array<{ key: string; event: ChatExchange }>): ChatSummary {
  const first = exchanges[0]!.event;
  const last = exchanges[exchanges.length - 1]!.event;
  const messages = exchanges.flatMap(({ event }) => {
    const verified = event.loggedBy === 'server';
    return [
      { role: 'user' as const, content: event.userMessage, timestamp: event.timestamp, verified },
      { role: 'bot' as const, content: event.botResponse, timestamp: event.timestamp, verified },
    ];
  });
  const emails = new Set<string>();
  for (const { event } of exchanges) if (event.lead?.email) emails.add(event.lead.email.trim().toLowerCase());
  return {
    id: sessionId,
    sessionId,
    messages,
    language: last.language,
    conversationStarted: first.timestamp,
    lastActivity: last.timestamp,
    messageCount: messages.length,
    keys: exchanges.map(({ key }) => key),
    emails: [...emails],
  };
}

/**
 * Adds an appended exchange to its session's summary: one read and one write of the summary, swapped so that racing
 * exchanges of one session are all kept (src/lib/stores/swap.ts), whatever the number of sessions. A session's first
 * summary reads its exchanges once.
 */
async function refreshChatSummary(sessionId: string, added: { key: string; event: ChatExchange }): Promise<void> {
  let first = false;
  await chatIndex.update(sessionId, async (stored) => {
    const one = foldChat(sessionId, [added]);
    // A session's first summary is folded from every exchange it has (one written before summaries existed too).
    if (!stored) {
      first = true;
      const all = await chatLog.read(sessionPrefix(sessionId));
      return all.some(({ key }) => key === added.key) ? foldChat(sessionId, all) : one;
    }
    if (stored.keys.includes(added.key)) return stored;
    return {
      ...stored,
      messages: [...stored.messages, ...one.messages],
      language: added.event.language,
      lastActivity: added.event.timestamp,
      messageCount: stored.messageCount + one.messageCount,
      keys: [...stored.keys, added.key],
      emails: [...new Set([...stored.emails, ...one.emails])],
    };
  });
  // A session's first exchange counts it in the overview's week (src/lib/stores/week-markers.ts).
  if (first) await markEvent('chats', sessionId, added.event.timestamp);
}

async function backfillChat(): Promise<void> {
  const groups = groupBySession(await chatLog.read('sessions/'));
  for (const [sessionId, exchanges] of groups) {
    const summary = foldChat(sessionId, exchanges);
    await chatIndex.put(summary, summary.emails);
  }
}

function chatRow(summary: ChatSummary): ChatConversation {
  const { keys, emails, ...row } = summary;
  void keys;
  void emails;
  return row;
}

/**
 * A page of chat conversations, one row per session, newest session first. `q`: a session id, or an e-mail address
 * the lead flow collected. Constant cost per page (src/lib/stores/feed.ts).
 */
export async function listChatConversationsPage(query: PageQuery): Promise<Page<ChatConversation>> {
  const page = await chatIndex.page(query);
  return { items: page.items.map(chatRow), next: page.next };
}

/** Every chat conversation, newest first, a page at a time (the CSV export). */
export async function* eachChatConversation(): AsyncGenerator<ChatConversation[]> {
  for await (const page of chatIndex.each()) yield page.map(chatRow);
}

/** Every chat conversation, newest session first: reads them all (tests, small stores); lists use pages. */
export async function listChatConversations(): Promise<ChatConversation[]> {
  return allPages(eachChatConversation());
}

function startedKey(sessionId: string): string {
  return `calls/${sessionId}/started`;
}

/** The server's record of a call it started: written once, when Tavus has answered with the call's id and URL. */
export async function recordVideoCallStart(event: VideoEvent): Promise<void> {
  await videoLog.put(startedKey(event.sessionId), { ...event, kind: 'started' });
  await refreshVideoSummary(event.sessionId);
  await markEvent('videoCalls', event.sessionId, event.at);
}

/** The server's record of starting this call, or null for a call it did not start. */
export async function videoCallStart(sessionId: string): Promise<VideoEvent | null> {
  const event = await videoLog.get(startedKey(sessionId));
  return event?.kind === 'started' ? event : null;
}

/** A provider event that may be delivered again: one key per call and kind, so a replay is stored once. */
export async function putVideoEvent(event: VideoEvent): Promise<void> {
  await videoLog.put(`calls/${event.sessionId}/${event.kind}`, event);
  await refreshVideoSummary(event.sessionId);
  await indexTranscriptEmails(event);
}

/** An address said in a call and written in its transcript links the call for privacy requests. */
async function indexTranscriptEmails(event: VideoEvent): Promise<void> {
  const emails = emailsIn(...(event.transcript ?? []).map((line) => line.text));
  await Promise.all(emails.map((email) => indexEmail(email, 'video', event.sessionId)));
}

/**
 * What the page reports when a call ends or the page is left. Kept only for a
 * call the server itself started, only once per call (one key), and only what
 * the server cannot know better: the page's transcript (shown while Tavus has
 * sent none) and the time the report arrived, by the server's clock (the end
 * until Tavus reports one). Both are shown as client-reported. The page's URL,
 * language and duration are not kept: the server has its own.
 */
export async function logVideoFromClient(input: VideoLogInput, at: Date = new Date()): Promise<void> {
  if (!(await videoCallStart(input.sessionId))) return;
  const event: VideoEvent = {
    sessionId: input.sessionId,
    kind: 'client-log',
    at: at.toISOString(),
    transcript: input.transcript,
  };
  if (await videoLog.putIfNew(`calls/${input.sessionId}/client-log`, event)) {
    await refreshVideoSummary(input.sessionId);
    await indexTranscriptEmails(event);
  }
}

function seconds(from: string, to: string): number {
  return Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));
}

/**
 * Folds a call's events, oldest first, into the admin's view of it. The
 * server's start record gives the start, language and URL; Tavus's callbacks
 * give the transcript and the end. The page's report only fills in what Tavus
 * has not sent, and says so in `clientReported`.
 */
export function foldVideoEvents(sessionId: string, events: VideoEvent[]): VideoConversation {
  const start = events.find((event) => event.kind === 'started');
  let tavusTranscript: VideoConversation['transcript'] | null = null;
  let tavusEnd: string | null = null;
  let page: VideoEvent | undefined;
  for (const event of events) {
    if (event.kind === 'transcript') tavusTranscript = event.transcript ?? [];
    else if (event.kind === 'ended') tavusEnd = event.at;
    else if (event.kind === 'client-log') page ??= event;
  }
  const clientReported: ClientReported[] = start ? [] : ['call'];
  let transcript = tavusTranscript ?? [];
  if (tavusTranscript === null && page?.transcript?.length) {
    transcript = page.transcript;
    clientReported.push('transcript');
  }
  const started = start?.at ?? events[0]!.at;
  let ended = tavusEnd;
  if (ended === null && page) {
    // A call cannot outlast the maximum length the server gave Tavus.
    ended = start?.endsBy && page.at > start.endsBy ? start.endsBy : page.at;
    clientReported.push('end');
  }
  // Before the server recorded its calls, a page's log was all there was (older records, read as they are).
  const legacyDuration = start ? null : (page?.duration ?? null);
  return {
    id: sessionId,
    sessionId,
    transcript,
    language: start?.language ?? page?.language ?? 'en',
    conversationStarted: started,
    conversationEnded: ended,
    duration: legacyDuration ?? (ended ? seconds(started, ended) : null),
    conversationUrl: (start ? start.conversationUrl : page?.conversationUrl) ?? null,
    messageCount: transcript.length,
    clientReported,
  };
}

function foldVideo(sessionId: string, events: Array<{ key: string; event: VideoEvent }>): VideoSummary {
  const sorted = [...events].sort((a, b) => a.event.at.localeCompare(b.event.at));
  return {
    ...foldVideoEvents(
      sessionId,
      sorted.map(({ event }) => event),
    ),
    keys: events.map(({ key }) => key).sort(),
  };
}

/** The keys a call's events are written under (older calls may also have `calls/{id}/{ulid}` keys: backfill only). */
const CALL_EVENT_KINDS = ['started', 'client-log', 'transcript', 'ended'] as const;

async function readCallEvents(sessionId: string): Promise<Array<{ key: string; event: VideoEvent }>> {
  const keys = CALL_EVENT_KINDS.map((kind) => `calls/${sessionId}/${kind}`);
  const events = await Promise.all(keys.map((key) => videoLog.get(key)));
  return keys.flatMap((key, i) => (events[i] ? [{ key, event: events[i] }] : []));
}

/**
 * Folds a call's summary again from its events (its four known keys, no listing) after one of them was written,
 * then reads them again: while they changed meanwhile (two callbacks racing), it folds again. The writer whose
 * summary lands last has read every event written before it.
 */
async function refreshVideoSummary(sessionId: string): Promise<void> {
  let events = await readCallEvents(sessionId);
  for (let attempt = 0; attempt < 4 && events.length; attempt += 1) {
    await videoIndex.put(foldVideo(sessionId, events));
    const again = await readCallEvents(sessionId);
    if (JSON.stringify(again) === JSON.stringify(events)) return;
    events = again;
  }
}

async function backfillVideo(): Promise<void> {
  const groups = groupBySession(await videoLog.read('calls/'));
  for (const [sessionId, events] of groups) await videoIndex.put(foldVideo(sessionId, events));
}

function videoRow(summary: VideoSummary): VideoConversation {
  const { keys, ...row } = summary;
  void keys;
  return row;
}

/** A page of video calls, most recent first; `q`: a call's id. Constant cost per page. */
export async function listVideoConversationsPage(query: PageQuery): Promise<Page<VideoConversation>> {
  const page = await videoIndex.page(query);
  return { items: page.items.map(videoRow), next: page.next };
}

/** Every video call, most recent first, a page at a time (the CSV export). */
export async function* eachVideoConversation(): AsyncGenerator<VideoConversation[]> {
  for await (const page of videoIndex.each()) yield page.map(videoRow);
}

/** Every video call, most recent first: reads them all (tests, small stores); lists use pages. */
export async function listVideoConversations(): Promise<VideoConversation[]> {
  return allPages(eachVideoConversation());
}

/** Deletes a chat session: its exchanges, then its summary and pointers. False when there is none. */
export async function deleteChatSession(sessionId: string): Promise<boolean> {
  const summary = await chatIndex.get(sessionId);
  const keys = await chatLog.keys(sessionPrefix(sessionId));
  if (!summary && !keys.length) return false;
  await chatLog.remove(keys);
  if (summary) await chatIndex.remove(summary, summary.emails);
  await unindexRecord('chat', sessionId);
  return true;
}

/** Deletes a video call: its events, then its summary and pointer. False when there is none. */
export async function deleteVideoCall(sessionId: string): Promise<boolean> {
  const summary = await videoIndex.get(sessionId);
  const keys = await videoLog.keys(`calls/${sessionId}/`);
  if (!summary && !keys.length) return false;
  await videoLog.remove(keys);
  if (summary) await videoIndex.remove(summary);
  await unindexRecord('video', sessionId);
  return true;
}

/** The chat sessions where the lead flow collected this e-mail address, newest first (one index folder). */
export async function chatConversationsByEmail(email: string): Promise<ChatConversation[]> {
  const out: ChatConversation[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<ChatConversation> = await listChatConversationsPage({ cursor, limit: 200, q: email });
    out.push(...page.items);
    cursor = page.next;
  } while (cursor !== null);
  return out;
}

/** One chat conversation by its session id, or null: one read of its summary. */
export async function chatConversation(sessionId: string): Promise<ChatConversation | null> {
  const summary = await chatIndex.get(sessionId);
  return summary ? chatRow(summary) : null;
}

/** One video call by its id, or null: one read of its summary. */
export async function videoConversation(sessionId: string): Promise<VideoConversation | null> {
  const summary = await videoIndex.get(sessionId);
  return summary ? videoRow(summary) : null;
}

/** The chat conversations started in `[from, before)`, oldest first, at most `max` (the retention job). */
export async function chatConversationsStartedBetween(
  from: number,
  before: number,
  max: number,
): Promise<{ items: ChatConversation[]; more: boolean }> {
  const { items, more } = await chatIndex.startedBetween(from, before, max);
  return { items: items.map(chatRow), more };
}

/** The video calls started in `[from, before)`, oldest first, at most `max` (the retention job). */
export async function videoCallsStartedBetween(
  from: number,
  before: number,
  max: number,
): Promise<{ items: VideoConversation[]; more: boolean }> {
  const { items, more } = await videoIndex.startedBetween(from, before, max);
  return { items: items.map(videoRow), more };
}

/** Seeding and benchmarks: a call's events and its summary written at once, with no re-reads. */
export async function importVideoCall(events: VideoEvent[]): Promise<void> {
  const sessionId = events[0]!.sessionId;
  const keyed = events.map((event) => ({ key: `calls/${sessionId}/${event.kind}`, event }));
  await Promise.all(keyed.map(({ key, event }) => videoLog.put(key, event)));
  const summary = foldVideo(sessionId, keyed);
  await videoIndex.put(summary);
  await markEvent('videoCalls', sessionId, summary.conversationStarted);
}
