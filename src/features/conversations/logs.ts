import { randomBytes } from 'node:crypto';
import { allPages, eachPage, type Page, type PageQuery } from '../../platform/db/paging';
import { newId } from '../../platform/ids';
import { emailsIn, normaliseEmail } from '../../platform/emails';
import type {
  ChatConversation,
  ChatExchange,
  ChatExchangeInput,
  ClientReported,
  LeadState,
  VideoConversation,
  VideoEvent,
  VideoLogInput,
} from './schema';
import {
  chatConversations,
  chatExchangesPage,
  deleteConversations,
  insertChatExchange,
  recordVideoCallStart,
  videoCalls,
  writeVideoEvent,
  type EventKind,
} from './store';

export {
  chatLeadState,
  conversationsStartedPerWeek,
  recordVideoCallStart,
  videoCallIdsStartedBetween,
  videoCallStart,
} from './store';

type StoredVideoCall = Awaited<ReturnType<typeof videoCalls>>['items'][number];

/**
 * The visitor conversations (docs/product.md, "Conversation logs"): the website chat's sessions, logged by
 * `/api/chat` one exchange at a time, and the video calls, recorded when the server starts them and completed by
 * Tavus's callbacks and the page's report. Stored in the database (src/features/conversations/store.ts).
 */

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
 * The addresses the visitor gave (the lead flow's, or typed in the message) are
 * kept with it, for privacy requests and the list's search.
 */
export async function logChatExchange(
  input: ChatExchangeInput & { lead?: LeadState | null },
  at: Date = new Date(),
): Promise<void> {
  const lead = input.lead ?? null;
  const emails = new Map<string, boolean>(emailsIn(input.userMessage).map((email) => [email, false]));
  const collected = lead?.email ? normaliseEmail(lead.email) : undefined;
  if (collected) emails.set(collected, true);
  const { sessionId, userMessage, botResponse, language } = input;
  await insertChatExchange({
    id: newId(at.getTime()),
    sessionId,
    userMessage,
    botResponse,
    language,
    at: at.toISOString(),
    lead,
    emails,
  });
}

/**
 * The exchanges the server logged for a session, newest first, read back in
 * small batches so a caller that has enough stops reading.
 */
export async function* serverExchangesNewestFirst(sessionId: string, batch = 20): AsyncGenerator<ChatExchange> {
  for await (const rows of eachPage((cursor) => chatExchangesPage(sessionId, cursor, batch))) {
    for (const { userMessage, botResponse, language, at } of rows) {
      yield { sessionId, userMessage, botResponse, language, timestamp: at };
    }
  }
}

/**
 * What a client may post to `POST /api/whatsapp-conversations`. Nothing is
 * stored: an exchange of a session the server answered is already in its log
 * (written before the answer left), and any other line is one the server cannot
 * verify, so keeping it would let a stranger write what the firm reads as fact.
 */
export function acceptClientChatLog(_input: ChatExchangeInput): Promise<void> {
  return Promise.resolve();
}

/**
 * A page of chat conversations, one row per session, newest session first. `q`: a session id, or an e-mail address
 * the lead flow collected. Two statements per page, whatever the number of sessions.
 */
export async function listChatConversationsPage(query: PageQuery): Promise<Page<ChatConversation>> {
  return chatConversations(query);
}

/** Every chat conversation, newest first, a page at a time (the CSV export). */
export function eachChatConversation(): AsyncGenerator<ChatConversation[]> {
  return eachPage((cursor) => listChatConversationsPage({ cursor, limit: 100, q: '' }));
}

/** Every chat conversation, newest session first: reads them all (tests, small stores); lists use pages. */
export async function listChatConversations(): Promise<ChatConversation[]> {
  return allPages(eachChatConversation());
}

/** An event: an address said in a call and written in its transcript links the call for privacy requests. */
function writeEvent(event: VideoEvent & { kind: EventKind }): Promise<void> {
  const emails = emailsIn(...(event.transcript ?? []).map((line) => line.text));
  return writeVideoEvent(event, emails, event.kind !== 'client-log');
}

/**
 * A provider event that may be delivered again (Tavus's transcript, its end): one row per call and kind, so a
 * replay overwrites itself. Stored only for a call the server started.
 */
export async function putVideoEvent(event: VideoEvent): Promise<void> {
  if (event.kind === 'started') return recordVideoCallStart(event);
  await writeEvent({ ...event, kind: event.kind });
}

/**
 * What the page reports when a call ends or the page is left. Kept only for a
 * call the server itself started, only once per call (the row's key), and only what
 * the server cannot know better: the page's transcript (shown while Tavus has
 * sent none) and the time the report arrived, by the server's clock (the end
 * until Tavus reports one). Both are shown as client-reported. The page's URL,
 * language and duration are not kept: the server has its own.
 */
export async function logVideoFromClient(input: VideoLogInput, at: Date = new Date()): Promise<void> {
  await writeEvent({
    sessionId: input.sessionId,
    kind: 'client-log',
    at: at.toISOString(),
    transcript: input.transcript,
  });
}

function seconds(from: string, to: string): number {
  return Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));
}

/**
 * A call as the admin reads it. The server's start record gives the start,
 * language and URL; Tavus's callbacks give the transcript and the end. The
 * page's report only fills in what Tavus has not sent, and says so in
 * `clientReported`.
 */
function foldVideoCall({ start, events }: StoredVideoCall): VideoConversation {
  const of = (kind: StoredVideoCall['events'][number]['kind']) => events.find((event) => event.kind === kind);
  const tavusTranscript = of('transcript');
  const page = of('client-log');
  const clientReported: ClientReported[] = [];
  let transcript = tavusTranscript?.transcript ?? [];
  if (!tavusTranscript && page?.transcript?.length) {
    transcript = page.transcript;
    clientReported.push('transcript');
  }
  let ended = of('ended')?.at ?? null;
  if (ended === null && page) {
    // A call cannot outlast the maximum length the server gave Tavus.
    ended = start.endsBy && Date.parse(page.at) > Date.parse(start.endsBy) ? start.endsBy : page.at;
    clientReported.push('end');
  }
  return {
    id: start.id,
    sessionId: start.id,
    transcript,
    language: start.language,
    conversationStarted: start.started,
    conversationEnded: ended,
    duration: ended ? seconds(start.started, ended) : null,
    conversationUrl: start.conversationUrl,
    messageCount: transcript.length,
    clientReported,
  };
}

/** A page of video calls, most recent first; `q`: a call's id. Two statements per page. */
export async function listVideoConversationsPage(query: PageQuery): Promise<Page<VideoConversation>> {
  const page = await videoCalls(query);
  return { items: page.items.map(foldVideoCall), next: page.next };
}

/** Every video call, most recent first, a page at a time (the CSV export). */
export function eachVideoConversation(): AsyncGenerator<VideoConversation[]> {
  return eachPage((cursor) => listVideoConversationsPage({ cursor, limit: 100, q: '' }));
}

/** Every video call, most recent first: reads them all (tests, small stores); lists use pages. */
export async function listVideoConversations(): Promise<VideoConversation[]> {
  return allPages(eachVideoConversation());
}

/** Deletes a chat session with every exchange of it. False when there is none. */
export async function deleteChatSession(sessionId: string): Promise<boolean> {
  return (await deleteConversations('chat', [sessionId])).length > 0;
}

/** Deletes a video call with its events (here only: Tavus is the caller's). False when there is none. */
export async function deleteVideoCall(sessionId: string): Promise<boolean> {
  return (await deleteConversations('video', [sessionId])).length > 0;
}

/**
 * The chat sessions holding this e-mail address (any case), newest first: collected by the lead flow or typed in
 * a message.
 */
export async function chatConversationsByEmail(email: string): Promise<ChatConversation[]> {
  return (await chatConversations({ email })).items;
}

/** The video calls in whose transcript (Tavus's or the page's) this e-mail address was said, most recent first. */
export async function videoCallsByEmail(email: string): Promise<VideoConversation[]> {
  return (await videoCalls({ email })).items.map(foldVideoCall);
}

/** One chat conversation by its session id, or null. */
export async function chatConversation(sessionId: string): Promise<ChatConversation | null> {
  return (await chatConversations({ id: sessionId })).items[0] ?? null;
}

/** One video call by its id, or null. */
export async function videoConversation(sessionId: string): Promise<VideoConversation | null> {
  const [call] = (await videoCalls({ id: sessionId })).items;
  return call ? foldVideoCall(call) : null;
}

/**
 * Retention, one statement: deletes at most `limit` chat sessions whose last message is before `before` (oldest
 * first), with their exchanges. Answers how many.
 */
export async function deleteChatSessionsBefore(before: Date, limit: number): Promise<number> {
  return (await deleteConversations('chat', { before, limit })).length;
}

/** Deletes these calls with their events, in one statement (here only: Tavus is the caller's). Answers how many. */
export async function deleteVideoCalls(ids: string[]): Promise<number> {
  return (await deleteConversations('video', ids)).length;
}

/**
 * Retention, one statement: deletes at most `limit` calls started before `before` (oldest first) and answers their
 * ids, which Tavus must then be asked to delete (for a caller that does not keep a call Tavus refused to delete).
 */
export async function deleteVideoCallsBefore(before: Date, limit: number): Promise<string[]> {
  return deleteConversations('video', { before, limit });
}

/** Seeding and benchmarks: a call's start and its events. */
export async function importVideoCall(events: VideoEvent[]): Promise<void> {
  const start = events.find((event) => event.kind === 'started');
  if (start) await recordVideoCallStart(start);
  for (const event of events) if (event.kind !== 'started') await putVideoEvent(event);
}
