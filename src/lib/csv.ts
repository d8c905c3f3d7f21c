import { stringify } from 'csv-stringify/browser/esm/sync';
import type { AuditEvent } from './schemas/audit';
import type { ChatConversation, VideoConversation } from './schemas/conversation';
import type { Lead } from './schemas/lead';
import type { NewsletterSubscription } from './schemas/newsletter';
import { taxonomyLabel, type Taxonomy } from './schemas/taxonomy';

/**
 * What a spreadsheet may skip before it reads a cell: whitespace (Unicode's, the BOM included), control
 * characters and zero-width characters.
 */
const SKIPPED = '\\s\\u0000-\\u001f\\u007f-\\u009f\\u200b-\\u200d\\u2060';
/** What makes a cell a formula: = + - @, and their full-width forms, which some spreadsheets read alike. */
const FORMULA_START = new RegExp(`^[${SKIPPED}]*[=+\\-@\\uff1d\\uff0b\\uff0d\\uff20]`);
/** A cell starting with a tab, CR or NUL is refused as such too (OWASP, "CSV Injection"). */
const CONTROL_START = /^[\t\r\0]/;

/**
 * A cell a spreadsheet could run as a formula gets an apostrophe in front, so it stays text (OWASP "CSV
 * injection"): one starting with = + - @, also after leading whitespace or control characters (" =1+1",
 * "\t=1+1", "\r\n@SUM(A1)"), which some spreadsheets strip before they look, and one starting with a tab, CR or
 * NUL.
 */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) || CONTROL_START.test(value) ? `'${value}` : value;
}

/**
 * RFC 4180 with every field quoted: comma-separated, CRLF line ends, each field in double quotes (a quote inside
 * doubled). Quoting every field also guards a spreadsheet that splits on `;` (Spain's Excel and LibreOffice): a
 * `;` can then only appear inside quotes, so a line never splits into a cell the formula check did not see. The
 * file starts with UTF-8's byte-order mark (`CSV_BOM`).
 */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  return CSV_BOM + csvLines([header, ...rows]);
}

/**
 * What every CSV file starts with: UTF-8's byte-order mark, so Excel (Spain's included) reads the file as UTF-8
 * ("María", "¿Qué?") instead of the system's code page. Readers that decode UTF-8 (fetch's text(), TextDecoder)
 * drop it.
 */
export const CSV_BOM = '\ufeff';

/** The time zone of the dates in CSV files: the firm's, in Madrid (summer time included). */
export const CSV_TIME_ZONE = 'Europe/Madrid';

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const MADRID = new Intl.DateTimeFormat('en-GB', {
  timeZone: CSV_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * A moment as a spreadsheet in Spain reads it: "2026-03-04 11:05", Madrid's time (Excel recognises it as a date
 * and time in any locale). Anything that is not a full ISO 8601 moment (an empty cell, a transcript's own
 * "00:01:05", a visitor's text) is left as it is.
 */
export function csvDate(value: string | null | undefined): string {
  if (!value) return '';
  if (!ISO_MOMENT.test(value)) return value;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const part = Object.fromEntries(MADRID.formatToParts(date).map(({ type, value: text }) => [type, text]));
  return `${part['year']}-${part['month']}-${part['day']} ${part['hour']}:${part['minute']}`;
}

export type CsvRow = ReadonlyArray<string | number | null>;

/**
 * Lines of a CSV file (each ending in CRLF), every cell neutralised and quoted as in `toCsv`: a streamed export
 * (src/lib/http.ts, `pagedListAnswer`) writes the header, then one call's lines per page of records.
 */
export function csvLines(rows: ReadonlyArray<CsvRow>): string {
  if (!rows.length) return '';
  const cells = rows.map((row) => row.map((cell) => neutraliseFormula(cell === null ? '' : String(cell))));
  return stringify(cells, {
    record_delimiter: '\r\n',
    quoted: true,
    quoted_empty: true,
  });
}

/** docs/product.md, "CSV exports": "{type}-{date}.csv". */
export function csvFileName(type: string, date: Date = new Date()): string {
  return `${type}-${date.toISOString().slice(0, 10)}.csv`;
}

export const NEWSLETTER_CSV_HEADER = [
  'Full Name',
  'Email',
  'Registration Date',
  // Added after docs/product.md's columns (double opt-in): pending, confirmed or unsubscribed, and en or es.
  'Status',
  'Language',
] as const;
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

/** A subscriber's row: SPEC's three columns, then status and language (records from before double opt-in: confirmed, en). */
type SubscriberRow = Pick<NewsletterSubscription, 'id' | 'fullName' | 'email' | 'registrationDate'> &
  Partial<Pick<NewsletterSubscription, 'status' | 'language'>>;

export function newsletterRows(s: SubscriberRow): CsvRow[] {
  return [[s.fullName, s.email, csvDate(s.registrationDate), s.status ?? 'confirmed', s.language ?? 'en']];
}

export function newsletterCsv(subscriptions: SubscriberRow[]): string {
  return toCsv(NEWSLETTER_CSV_HEADER, subscriptions.flatMap(newsletterRows));
}

/** One row per message. */
export function chatRows(c: ChatConversation): CsvRow[] {
  return c.messages.map((m) => [
    c.sessionId,
    m.role,
    m.content,
    csvDate(m.timestamp),
    c.language,
    csvDate(c.conversationStarted),
    c.messageCount,
  ]);
}

export function chatCsv(conversations: ChatConversation[]): string {
  return toCsv(CHAT_CSV_HEADER, conversations.flatMap(chatRows));
}

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

export const AUDIT_CSV_HEADER = ['Time', 'Actor', 'Actor Role', 'Action', 'Target', 'Detail'] as const;

/** The audit log's export (docs/roles.md): one row per event, newest first. */
export function auditRows(event: AuditEvent): CsvRow[] {
  return [[csvDate(event.at), event.actor, event.actorRole, event.action, event.target, event.detail]];
}

export function auditCsv(events: AuditEvent[]): string {
  return toCsv(AUDIT_CSV_HEADER, events.flatMap(auditRows));
}

/**
 * The Messages tab's export (the lead inbox): SPEC's table columns first (Name, Email, Company, Service, Date), then
 * what the table's view shows (Phone, Message, Source, Language) and the lead's Status and Owner. Service is named as
 * the services and categories list names it in English (the file's language, like its header), or as stored when
 * the list does not hold it.
 */
export const MESSAGES_CSV_HEADER = [
  'Name',
  'Email',
  'Company',
  'Service',
  'Date',
  'Phone',
  'Message',
  'Source',
  'Language',
  'Status',
  'Owner',
] as const;

export const messageRows = (taxonomy: Pick<Taxonomy, 'entries'>) =>
  function messageRow(lead: Lead): CsvRow[] {
    return [
      [
        lead.name,
        lead.email,
        lead.company,
        lead.serviceOfInterest && taxonomyLabel(taxonomy, lead.serviceOfInterest, 'en'),
        lead.createdAt,
        lead.phone,
        lead.message,
        lead.source,
        lead.language ?? 'en',
        lead.status,
        lead.owner,
      ],
    ];
  };
