import { stringify } from 'csv-stringify/browser/esm/sync';
import { FIRM_TIME_ZONE } from './time-zone';

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
 * A phone number in international form, as visitors type it: `+`, then 7 to 15 digits (E.164's longest), in groups
 * split by single spaces ("+34 600 123 456", "+34600123456"). Nothing else: no letter (no cell reference, no
 * function), no operator, no separator, nothing before the `+`. A spreadsheet reads it as a number at worst, so it
 * is shown as typed. Dashes, dots and parentheses keep the apostrophe ("+34-600-123-456" would be a subtraction).
 */
const PHONE_NUMBER = /^\+\d+(?: \d+)*$/;

function isPhoneNumber(value: string): boolean {
  if (!PHONE_NUMBER.test(value)) return false;
  const digits = value.length - 1 - (value.match(/ /g)?.length ?? 0);
  return digits >= 7 && digits <= 15;
}

/**
 * A cell a spreadsheet could run as a formula gets an apostrophe in front, so it stays text (OWASP "CSV
 * injection"): one starting with = + - @, also after leading whitespace or control characters (" =1+1",
 * "\t=1+1", "\r\n@SUM(A1)"), which some spreadsheets strip before they look, and one starting with a tab, CR or
 * NUL. A phone number ("+34 600 123 456": `isPhoneNumber`) cannot start a formula and is left as typed.
 */
export function neutraliseFormula(value: string): string {
  if (isPhoneNumber(value)) return value;
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
export const CSV_TIME_ZONE = FIRM_TIME_ZONE;

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
 * (src/http/http.ts, `pagedListAnswer`) writes the header, then one call's lines per page of records.
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
