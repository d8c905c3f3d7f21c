import { randomBytes } from 'node:crypto';
import {
  chatExchangeSchema,
  videoEventSchema,
  type ChatConversation,
  type ChatExchange,
  type ClientReported,
  type ChatExchangeInput,
  type LeadState,
  type VideoConversation,
  type VideoEvent,
  type VideoLogInput,
} from '../schemas/conversation';
import { emailsIn } from '../privacy/emails';
import { indexEmail, unindexRecord } from '../stores/email-index';
import { EventLog } from '../stores/event-log';

const chatLog = new EventLog('chat-log', chatExchangeSchema);
const videoLog = new EventLog('video-log', videoEventSchema);

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
  await chatLog.append(sessionPrefix(input.sessionId), exchange);
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

function groupBySession<T extends { sessionId: string }>(events: Array<{ event: T }>): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const { event } of events) {
    const group = groups.get(event.sessionId) ?? [];
    group.push(event);
    groups.set(event.sessionId, group);
  }
  return groups;
}

/** A session's exchanges, oldest first, as the admin reads them. */
function foldChat(sessionId: string, exchanges: ChatExchange[]): ChatConversation {
  const first = exchanges[0]!;
  const last = exchanges[exchanges.length - 1]!;
  const messages = exchanges.flatMap((exchange) => {
    const verified = exchange.loggedBy === 'server';
    return [
      { role: 'user' as const, content: exchange.userMessage, timestamp: exchange.timestamp, verified },
      { role: 'bot' as const, content: exchange.botResponse, timestamp: exchange.timestamp, verified },
    ];
  });
  return {
    id: sessionId,
    sessionId,
    messages,
    language: last.language,
    conversationStarted: first.timestamp,
    lastActivity: last.timestamp,
    messageCount: messages.length,
  };
}

/** Every chat conversation, most recently active first; each message says whether the server wrote it. */
export async function listChatConversations(): Promise<ChatConversation[]> {
  const groups = groupBySession(await chatLog.read('sessions/'));
  return [...groups]
    .map(([sessionId, exchanges]) => foldChat(sessionId, exchanges))
    .sort((a, b) => b.lastActivity.localeCompare(a.lastActivity));
}

/** One chat conversation, or null when the session has no exchange. */
export async function chatConversation(sessionId: string): Promise<ChatConversation | null> {
  const exchanges = (await chatLog.read(sessionPrefix(sessionId))).map(({ event }) => event);
  return exchanges.length ? foldChat(sessionId, exchanges) : null;
}

/** Deletes every exchange of a session and its e-mail index entries; false when it had none. */
export async function deleteChatConversation(sessionId: string): Promise<boolean> {
  const keys = await chatLog.keys(sessionPrefix(sessionId));
  await Promise.all(keys.map((key) => chatLog.remove(key)));
  await unindexRecord('chat', sessionId);
  return keys.length > 0;
}

function startedKey(sessionId: string): string {
  return `calls/${sessionId}/started`;
}

/** The server's record of a call it started: written once, when Tavus has answered with the call's id and URL. */
export async function recordVideoCallStart(event: VideoEvent): Promise<void> {
  await videoLog.put(startedKey(event.sessionId), { ...event, kind: 'started' });
}

/** The server's record of starting this call, or null for a call it did not start. */
export async function videoCallStart(sessionId: string): Promise<VideoEvent | null> {
  const event = await videoLog.get(startedKey(sessionId));
  return event?.kind === 'started' ? event : null;
}

/** A provider event that may be delivered again: one key per call and kind, so a replay is stored once. */
export async function putVideoEvent(event: VideoEvent): Promise<void> {
  await videoLog.put(`calls/${event.sessionId}/${event.kind}`, event);
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
  if (await videoLog.putIfNew(`calls/${input.sessionId}/client-log`, event)) await indexTranscriptEmails(event);
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

/** Every video call, most recent first. */
export async function listVideoConversations(): Promise<VideoConversation[]> {
  const groups = groupBySession(await videoLog.read('calls/'));
  return [...groups]
    .map(([sessionId, events]) =>
      foldVideoEvents(
        sessionId,
        [...events].sort((a, b) => a.at.localeCompare(b.at)),
      ),
    )
    .sort((a, b) => b.conversationStarted.localeCompare(a.conversationStarted));
}

/** One video call, or null when the site holds nothing of it. */
export async function videoConversation(sessionId: string): Promise<VideoConversation | null> {
  const events = (await videoLog.read(`calls/${sessionId}/`)).map(({ event }) => event);
  return events.length
    ? foldVideoEvents(
        sessionId,
        events.sort((a, b) => a.at.localeCompare(b.at)),
      )
    : null;
}

/** Deletes every event of a call and its e-mail index entries; false when it had none. */
export async function deleteVideoConversation(sessionId: string): Promise<boolean> {
  const keys = await videoLog.keys(`calls/${sessionId}/`);
  await Promise.all(keys.map((key) => videoLog.remove(key)));
  await unindexRecord('video', sessionId);
  return keys.length > 0;
}
