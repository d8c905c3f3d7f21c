import {
  chatExchangeSchema,
  videoEventSchema,
  type ChatConversation,
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
