import { stringify } from 'csv-stringify/browser/esm/sync';
import type { ChatConversation, VideoConversation } from './schemas/conversation';
import type { NewsletterSubscription } from './schemas/newsletter';

/**
 * A cell a spreadsheet would run as a formula (= + - @, or a leading tab, CR
 * or NUL) gets an apostrophe in front, so it stays text (OWASP "CSV injection").
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r\0]/.test(value) ? `'${value}` : value;
}

/** RFC 4180: comma-separated, CRLF line ends, fields quoted where needed. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  const cells = rows.map((row) => row.map((cell) => neutraliseFormula(cell === null ? '' : String(cell))));
  // csv-stringify quotes only the record delimiter by itself; RFC 4180 quotes any line break.
  return stringify([header as string[], ...cells], { record_delimiter: '\r\n', quoted_match: /[\r\n]/ });
}

/** docs/product.md, "CSV exports": "{type}-{date}.csv". */
export function csvFileName(type: string, date: Date = new Date()): string {
  return `${type}-${date.toISOString().slice(0, 10)}.csv`;
}

export const NEWSLETTER_CSV_HEADER = ['Full Name', 'Email', 'Registration Date'] as const;
export const CHAT_CSV_HEADER = [
  'Session ID',
  'Message Role',
  'Message Content',
  'Timestamp',
  'Language',
  'Started',
  'Message Count',
] as const;
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

export function newsletterCsv(subscriptions: NewsletterSubscription[]): string {
  return toCsv(
    NEWSLETTER_CSV_HEADER,
    subscriptions.map((s) => [s.fullName, s.email, s.registrationDate]),
  );
}

/** One row per message. */
export function chatCsv(conversations: ChatConversation[]): string {
  return toCsv(
    CHAT_CSV_HEADER,
    conversations.flatMap((c) =>
      c.messages.map((m) => [
        c.sessionId,
        m.role,
        m.content,
        m.timestamp,
        c.language,
        c.conversationStarted,
        c.messageCount,
      ]),
    ),
  );
}

/** One row per transcript line; a call with no transcript still gets a row. */
export function videoCsv(conversations: VideoConversation[]): string {
  return toCsv(
    VIDEO_CSV_HEADER,
    conversations.flatMap((c) => {
      const lines = c.transcript.length ? c.transcript : [{ speaker: '', text: '', timestamp: '' }];
      return lines.map((line) => [
        c.sessionId,
        line.speaker,
        line.text,
        line.timestamp,
        c.language,
        c.conversationStarted,
        c.duration,
        c.conversationUrl,
        c.clientReported.join('; '),
      ]);
    }),
  );
}
