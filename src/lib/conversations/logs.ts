import { randomBytes } from 'node:crypto';
import {
  chatExchangeSchema,
  videoEventSchema,
  type ChatConversation,
  type ChatExchange,
  type ChatExchangeInput,
  type LeadState,
  type VideoConversation,
  type VideoEvent,
  type VideoLogInput,
} from '../schemas/conversation';
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

/** Every chat conversation, most recently active first; each message says whether the server wrote it. */
export async function listChatConversations(): Promise<ChatConversation[]> {
  const groups = groupBySession(await chatLog.read('sessions/'));
  const conversations: ChatConversation[] = [];
  for (const [sessionId, exchanges] of groups) {
    const first = exchanges[0]!;
    const last = exchanges[exchanges.length - 1]!;
    const messages = exchanges.flatMap((exchange) => {
      const verified = exchange.loggedBy === 'server';
      return [
        { role: 'user' as const, content: exchange.userMessage, timestamp: exchange.timestamp, verified },
        { role: 'bot' as const, content: exchange.botResponse, timestamp: exchange.timestamp, verified },
      ];
    });
    conversations.push({
      id: sessionId,
      sessionId,
      messages,
      language: last.language,
      conversationStarted: first.timestamp,
      lastActivity: last.timestamp,
      messageCount: messages.length,
    });
  }
  return conversations.sort((a, b) => b.lastActivity.localeCompare(a.lastActivity));
}

export async function appendVideoEvent(event: VideoEvent): Promise<void> {
  await videoLog.append(`calls/${event.sessionId}/`, event);
}

/** A provider event that may be delivered again: one key per call and kind, so a replay is stored once. */
export async function putVideoEvent(event: VideoEvent): Promise<void> {
  await videoLog.put(`calls/${event.sessionId}/${event.kind}`, event);
}

/** What the page reports when a call ends or the page is left. */
export function logVideoFromClient(input: VideoLogInput, at: Date = new Date()): Promise<void> {
  return appendVideoEvent({ ...input, kind: 'client-log', at: at.toISOString() });
}

/** Folds a call's events, oldest first, into the admin's view of it. */
export function foldVideoEvents(sessionId: string, events: VideoEvent[]): VideoConversation {
  let transcript: VideoConversation['transcript'] = [];
  let language: VideoConversation['language'] = 'en';
  let conversationUrl: string | null = null;
  let duration: number | null = null;
  let ended: string | null = null;
  let leftAt: string | null = null;
  for (const event of events) {
    if (event.language) language = event.language;
    if (event.conversationUrl) conversationUrl = event.conversationUrl;
    // The provider's transcript (kind "transcript") is the record; a client's copy fills in until it comes.
    if (event.transcript?.length && (event.kind === 'transcript' || !transcript.length)) transcript = event.transcript;
    if (typeof event.duration === 'number') duration = event.duration;
    if (event.kind === 'ended') ended = event.at;
    // The page logs when the call ends or the visitor leaves: an end, unless the provider says otherwise.
    if (event.kind === 'client-log') leftAt = event.at;
  }
  ended ??= leftAt;
  const started = events.find((event) => event.kind === 'started')?.at ?? events[0]!.at;
  if (ended && duration === null) duration = Math.max(0, Math.round((Date.parse(ended) - Date.parse(started)) / 1000));
  return {
    id: sessionId,
    sessionId,
    transcript,
    language,
    conversationStarted: started,
    conversationEnded: ended,
    duration,
    conversationUrl,
    messageCount: transcript.length,
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
