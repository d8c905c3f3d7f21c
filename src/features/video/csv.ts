import { csvDate, toCsv, type CsvRow } from '../../platform/csv';
import type { VideoConversation } from '../conversations/schema';

export const VIDEO_CSV_HEADER = [
  'Session ID',
  'Speaker',
  'Text',
  'Timestamp',
  'Language',
  'Started',
  'Duration',
  'URL',
  // Added after docs/product.md's columns: what of the row only the visitor's page reported (call, transcript, end).
  'Client-Reported',
] as const;

/** One row per transcript line; a call with no transcript still gets a row. */
export function videoRows(c: VideoConversation): CsvRow[] {
  const lines = c.transcript.length ? c.transcript : [{ speaker: '', text: '', timestamp: '' }];
  return lines.map((line) => [
    c.sessionId,
    line.speaker,
    line.text,
    csvDate(line.timestamp),
    c.language,
    csvDate(c.conversationStarted),
    c.duration,
    c.conversationUrl,
    c.clientReported.join('; '),
  ]);
}

export function videoCsv(conversations: VideoConversation[]): string {
  return toCsv(VIDEO_CSV_HEADER, conversations.flatMap(videoRows));
}
