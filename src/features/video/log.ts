import { allPages, eachPage, type Page, type PageQuery } from '../../platform/db/paging';
import { emailsIn } from '../../platform/emails';
import { seededId } from '../../platform/ids';
import type {
  ClientReported,
  VideoCallRow,
  VideoConversation,
  VideoEvent,
  VideoLogInput,
} from '../conversations/schema';
import {
  conversationLeads,
  deleteConversations,
  recordVideoCallStart,
  videoCalls,
  writeVideoEvent,
  type EventKind,
} from '../conversations/store';

export {
  recordVideoCallStart,
  videoCallAttribution,
  videoCallIdsStartedBetween,
  videoCallStart,
} from '../conversations/store';

/**
 * The video-call log (docs/product.md, "Conversation logs"): each call, recorded when the server starts it and
 * completed by Tavus's callbacks and the page's report. Stored in the conversations tables (src/features/conversations/).
 */

/** The id of the lead a call files (src/features/video/lead.ts): the same for every replay of its events. */
export function videoLeadId(sessionId: string, conversationStarted: string): string {
  return seededId(Date.parse(conversationStarted), `video-lead:${sessionId}`);
}

type StoredVideoCall = Awaited<ReturnType<typeof videoCalls>>['items'][number];

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

/**
 * A page of video calls, most recent first, each with the lead it filed (its address links the row to the person's
 * contact view); `q`: a call's id. Three statements per page.
 */
export async function listVideoConversationsPage(query: PageQuery): Promise<Page<VideoCallRow>> {
  const page = await videoCalls(query);
  const calls = page.items.map(foldVideoCall);
  const leads = await conversationLeads(
    'video',
    calls.map((call) => call.sessionId),
    new Map(calls.map((call) => [call.sessionId, videoLeadId(call.sessionId, call.conversationStarted)])),
  );
  const items = calls.map((call) => {
    const lead = leads.get(call.sessionId);
    return { ...call, leadId: lead?.id ?? null, leadEmail: lead?.email ?? null };
  });
  return { items, next: page.next };
}

/** Every video call, most recent first, a page at a time (the CSV export). */
export function eachVideoConversation(): AsyncGenerator<VideoCallRow[]> {
  return eachPage((cursor) => listVideoConversationsPage({ cursor, limit: 100, q: '' }));
}

/** Every video call, most recent first: reads them all (tests, small stores); lists use pages. */
export async function listVideoConversations(): Promise<VideoCallRow[]> {
  return allPages(eachVideoConversation());
}

/** Deletes a video call with its events (here only: Tavus is the caller's). False when there is none. */
export async function deleteVideoCall(sessionId: string): Promise<boolean> {
  return (await deleteConversations('video', [sessionId])).length > 0;
}

/** The video calls in whose transcript (Tavus's or the page's) this e-mail address was said, most recent first. */
export async function videoCallsByEmail(email: string): Promise<VideoConversation[]> {
  return (await videoCalls({ email })).items.map(foldVideoCall);
}

/** One video call by its id, or null. */
export async function videoConversation(sessionId: string): Promise<VideoConversation | null> {
  const [call] = (await videoCalls({ id: sessionId })).items;
  return call ? foldVideoCall(call) : null;
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
