import {
  chatExchangeSchema,
  videoEventSchema,
  type ChatConversation,
  type ClientReported,
  type ChatExchangeInput,
  type VideoConversation,
  type VideoEvent,
  type VideoLogInput,
} from '../schemas/conversation';
import { EventLog } from '../stores/event-log';

const chatLog = new EventLog('chat-log', chatExchangeSchema);
const videoLog = new EventLog('video-log', videoEventSchema);

/** Appends one exchange of a chat; a conversation is every exchange under its session id. */
export async function logChatExchange(input: ChatExchangeInput, at: Date = new Date()): Promise<void> {
  await chatLog.append(`sessions/${input.sessionId}/`, { ...input, timestamp: at.toISOString() });
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

/** Every chat conversation, most recently active first. */
export async function listChatConversations(): Promise<ChatConversation[]> {
  const groups = groupBySession(await chatLog.read('sessions/'));
  const conversations: ChatConversation[] = [];
  for (const [sessionId, exchanges] of groups) {
    const first = exchanges[0]!;
    const last = exchanges[exchanges.length - 1]!;
    const messages = exchanges.flatMap((exchange) => [
      { role: 'user' as const, content: exchange.userMessage, timestamp: exchange.timestamp },
      { role: 'bot' as const, content: exchange.botResponse, timestamp: exchange.timestamp },
    ]);
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
  await videoLog.putIfNew(`calls/${input.sessionId}/client-log`, {
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
