import { describe, expect, it } from 'vitest';
import { chatCsv, csvFileName, neutraliseFormula, newsletterCsv, toCsv, videoCsv } from '../../src/lib/csv';

describe('CSV', () => {
  it('quotes per RFC 4180 with CRLF line ends', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['plain', 'has, comma'],
          ['has "quote"', 'two\nlines'],
        ],
      ),
    ).toBe('a,b\r\nplain,"has, comma"\r\n"has ""quote""","two\nlines"\r\n');
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '\0x'])('neutralises a formula cell starting %j', (cell) => {
    expect(neutraliseFormula(cell)).toBe(`'${cell}`);
  });

  it('leaves ordinary text alone', () => {
    expect(neutraliseFormula('María = owner')).toBe('María = owner');
  });

  it('writes the exact columns of docs/product.md, "CSV exports"', () => {
    expect(newsletterCsv([]).split('\r\n')[0]).toBe('Full Name,Email,Registration Date');
    expect(chatCsv([]).split('\r\n')[0]).toBe(
      'Session ID,Message Role,Message Content,Timestamp,Language,Started,Message Count',
    );
    // The video export keeps the SPEC's columns first and adds what only the visitor's page reported.
    expect(videoCsv([]).split('\r\n')[0]).toBe(
      'Session ID,Speaker,Text,Timestamp,Language,Started,Duration,URL,Client-Reported',
    );
    expect(csvFileName('newsletter-subscribers', new Date('2026-03-04T10:00:00Z'))).toBe(
      'newsletter-subscribers-2026-03-04.csv',
    );
  });

  it('escapes a formula in a subscriber name', () => {
    const csv = newsletterCsv([
      { id: 'x', fullName: '=HYPERLINK("http://evil")', email: 'a@b.c', registrationDate: '2025-01-01T00:00:00.000Z' },
    ]);
    expect(csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""http://evil"")",a@b.c,2025-01-01T00:00:00.000Z`);
  });
});
