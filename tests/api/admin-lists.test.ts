import { describe, expect, it } from 'vitest';
import contactMessagesFunction from '../../netlify/functions/admin-leads';
import newslettersFunction from '../../netlify/functions/admin-newsletter-subscribers';
import tavusConversationsFunction from '../../netlify/functions/video-log';
import whatsappFunction from '../../netlify/functions/chat-log';
import { logChatExchange } from '../../src/features/chat/log';
import { putVideoEvent, recordVideoCallStart } from '../../src/features/video/log';
import { NEXT_CURSOR_HEADER } from '../../src/http/lists';
import type { ContactMessage } from '../../src/features/leads/contact-schema';
import type { ChatConversation } from '../../src/features/conversations/schema';
import type { NewsletterSubscription } from '../../src/features/newsletter/schema';
import { database, queryCount, resetQueryCount } from '../../src/platform/db/client';
import { contactMessages } from '../../src/features/leads/tables';
import { newId } from '../../src/platform/ids';
import { addContactMessage, listLeadsPage } from '../../src/features/leads/messages-store';
import { subscribe } from '../../src/features/newsletter/subscribers-store';
import { call } from '../helpers/functions';
import { asAdmin, useAdminBench } from '../helpers/admin';

const bench = useAdminBench();
const DAY = 86_400_000;
const BASE = Date.UTC(2026, 0, 31, 12);

async function inParallel(count: number, make: (i: number) => Promise<unknown>, size = 100): Promise<void> {
  for (let i = 0; i < count; i += size) {
    await Promise.all(Array.from({ length: Math.min(size, count - i) }, (_, j) => make(i + j)));
  }
}

function message(i: number, at: number, name = `Visitor ${i}`, email = `visitor${i}@example.com`) {
  return addContactMessage(
    { name, email, company: null, phone: null, serviceOfInterest: null, message: `Message ${i}` },
    'form',
    new Date(at),
  );
}

async function adminPage<T>(
  fn: Parameters<typeof call>[0],
  path: string,
  params: Record<string, string> = {},
): Promise<{ items: T[]; next: string | null }> {
  const response = await call(fn, path, asAdmin(bench.cookie(), { params }));
  expect(response.status).toBe(200);
  return { items: (await response.json()) as T[], next: response.headers.get(NEXT_CURSOR_HEADER) };
}

/** Many old messages at once (one INSERT per 200 rows): only their number matters to the test that reads them. */
async function manyMessages(count: number, at: (i: number) => number, from = 0): Promise<void> {
  for (let i = 0; i < count; i += 200) {
    await database()
      .insert(contactMessages)
      .values(
        Array.from({ length: Math.min(200, count - i) }, (_, j) => {
          const n = from + i + j;
          return {
            id: newId(at(i + j)),
            name: `Visitor ${n}`,
            email: `visitor${n}@example.com`,
            message: `Message ${n}`,
            source: 'form' as const,
            createdAt: new Date(at(i + j)).toISOString(),
          };
        }),
      );
  }
}

describe('admin lists, paged on the server', () => {
  it('pages messages newest first: with inserts between pages, none present before the first page is skipped or repeated', async () => {
    // 150 messages over 3 days (one every ~29 minutes), written in parallel.
    await inParallel(150, (i) => message(i, BASE - i * 29 * 60_000, 'Ann', 'ann@example.com'));

    const seen: ContactMessage[] = [];
    let cursor: string | null = null;
    let inserted = 0;
    do {
      const query: string = cursor ? `?limit=25&cursor=${cursor}` : '?limit=25';
      // A visitor writes while the admin pages: new messages, in parallel with the page read.
      const [page] = await Promise.all([
        adminPage<ContactMessage>(contactMessagesFunction, `/api/contact-messages${query}`),
        inParallel(5, (i) => message(1000 + inserted + i, Date.now(), 'Ann', 'ann@example.com')),
      ]);
      inserted += 5;
      seen.push(...page.items);
      cursor = page.next;
    } while (cursor);

    const old = seen.filter((m) => Number(m.message.slice(8)) < 150);
    expect(old).toHaveLength(150);
    expect(new Set(seen.map((m) => m.id)).size).toBe(seen.length);
    const times = seen.map((m) => m.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('refuses a bad limit or cursor with 400 naming the field', async () => {
    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?limit=500', 'limit'],
      ['?cursor=%3Cscript%3E', 'cursor'],
    ] as const) {
      const response = await call(contactMessagesFunction, `/api/contact-messages${query}`, asAdmin(bench.cookie()));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ field });
    }
  });

  it('searches messages and subscribers on the server: whole e-mail address, name word or its first letters', async () => {
    await message(5000, BASE + DAY, 'Lucía Fernández', 'Lucia.F@Example.es');
    await message(5001, BASE + DAY, 'Lucas Martín', 'lucas@example.es');
    await subscribe({ fullName: 'Lucía Fernández', email: 'lucia.f@example.es' });

    const byEmail = await adminPage<ContactMessage>(
      contactMessagesFunction,
      '/api/contact-messages?q=lucia.f@EXAMPLE.es',
    );
    expect(byEmail.items.map((m) => m.name)).toEqual(['Lucía Fernández']);
    const byPrefix = await adminPage<ContactMessage>(contactMessagesFunction, '/api/contact-messages?q=luc');
    expect(byPrefix.items.map((m) => m.name).sort()).toEqual(['Lucas Martín', 'Lucía Fernández']);
    const byTwoWords = await adminPage<ContactMessage>(contactMessagesFunction, '/api/contact-messages?q=lucia%20fern');
    expect(byTwoWords.items.map((m) => m.name)).toEqual(['Lucía Fernández']);
    expect((await adminPage(contactMessagesFunction, '/api/contact-messages?q=nobody')).items).toEqual([]);
    // A word is a run of letters and digits, whatever joins them; a search needs a word of 3 letters or more.
    await message(5002, BASE + DAY, 'Zoë-Anne D’Arcy', 'zoe@example.fr');
    for (const q of ['arcy', 'ZOE%20ann', 'd%20arc']) {
      const found = await adminPage<ContactMessage>(contactMessagesFunction, `/api/contact-messages?q=${q}`);
      expect(
        found.items.map((m) => m.name),
        q,
      ).toEqual(['Zoë-Anne D’Arcy']);
    }
    expect((await adminPage(contactMessagesFunction, '/api/contact-messages?q=zo')).items).toEqual([]);

    const subscriber = await adminPage<NewsletterSubscription>(newslettersFunction, '/api/newsletters?q=FERNANDEZ');
    expect(subscriber.items.map((s) => s.email)).toEqual(['lucia.f@example.es']);
    const subscriberByEmail = await adminPage<NewsletterSubscription>(
      newslettersFunction,
      '/api/newsletters?q=Lucia.F@example.es',
    );
    expect(subscriberByEmail.items).toHaveLength(1);
  });

  it('lists chat conversations one row per session, built on the server, and finds a session by a lead e-mail', async () => {
    const sessions = ['session_1767000000000_listsA', 'session_1767000000001_listsB'];
    for (const sessionId of sessions) {
      for (let n = 0; n < 3; n += 1) {
        await logChatExchange({
          sessionId,
          userMessage: `question ${n}`,
          botResponse: `answer ${n}`,
          language: 'es',
          lead:
            sessionId.endsWith('B') && n === 2
              ? { step: 'company', consent: true, name: 'Ana', email: 'Ana@Example.com' }
              : null,
        });
      }
    }
    const page = await adminPage<ChatConversation>(whatsappFunction, '/api/whatsapp-conversations');
    const rows = page.items.filter((c) => sessions.includes(c.sessionId));
    expect(rows.map((c) => c.sessionId)).toEqual([...sessions].reverse());
    expect(rows.map((c) => c.messageCount)).toEqual([6, 6]);
    expect(rows[0]!.messages.map((m) => m.content)).toEqual([
      'question 0',
      'answer 0',
      'question 1',
      'answer 1',
      'question 2',
      'answer 2',
    ]);
    const byLead = await adminPage<ChatConversation>(whatsappFunction, '/api/whatsapp-conversations?q=ana@example.com');
    expect(byLead.items.map((c) => c.sessionId)).toEqual([sessions[1]]);
    const byId = await adminPage<ChatConversation>(whatsappFunction, `/api/whatsapp-conversations?q=${sessions[0]}`);
    expect(byId.items.map((c) => c.sessionId)).toEqual([sessions[0]]);
  });

  it('costs the same few statements per page, listed, filtered or searched, with 300 messages and with 1,050 more', async () => {
    const cost = async (query: string) => {
      resetQueryCount();
      const first = await adminPage<ContactMessage>(contactMessagesFunction, `/api/contact-messages?limit=50${query}`);
      const firstCost = queryCount();
      resetQueryCount();
      const second = await adminPage<ContactMessage>(
        contactMessagesFunction,
        `/api/contact-messages?limit=50${query}&cursor=${first.next}`,
      );
      return [firstCost, queryCount(), first.items.length, second.items.length];
    };
    const queries = ['', '&q=visitor', '&status=new', '&source=form&status=new', '&q=visitor&status=new'];
    // One list at a time: the count is this process's.
    const measure = async () => {
      const costs: number[][] = [];
      for (const query of queries) costs.push(await cost(query));
      return costs;
    };
    // 150 recent messages from visitors, so that a search for "visitor" fills two pages before and after.
    await inParallel(150, (i) => message(6000 + i, BASE + 2 * DAY - i * 29 * 60_000));
    const small = await measure();
    // 1,050 older messages, 15 a day over 70 days: a page that read the whole table (or every match) would cost more.
    await manyMessages(1050, (i) => BASE - 7 * DAY - Math.floor(i / 15) * DAY - (i % 15) * 60_000, 10_000);
    const large = await measure();
    expect(large).toEqual(small);
    for (const [first, second, rows, more] of small) {
      expect(first).toBeLessThanOrEqual(5);
      expect(second).toBeLessThanOrEqual(5);
      expect([rows, more]).toEqual([50, 50]);
    }
  });

  it('pages a search to its end, newest first, none skipped or repeated', async () => {
    const written = await Promise.all(
      Array.from({ length: 40 }, (_, i) => message(8000 + i, BASE - 3 * DAY - i * 20 * DAY, 'Zed Example')),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 50; pages += 1) {
      const page = await listLeadsPage({ cursor, limit: 5, q: 'zed' });
      seen.push(...page.items.map((m) => m.id));
      cursor = page.next;
      if (cursor === null) break;
    }
    expect(cursor).toBeNull();
    expect(seen).toEqual(written.map((m) => m.id));
  });

  it('exports 10,000 rows as a stream: the header first, then the rows a page of calls at a time', async () => {
    // 125 calls with an 80-line transcript each: 10,000 rows (one per transcript line), written in parallel.
    await inParallel(
      125,
      async (i) => {
        const sessionId = `c${String(i).padStart(5, '0')}`;
        const at = new Date(BASE - i * 60_000).toISOString();
        await recordVideoCallStart({ sessionId, kind: 'started', at, language: 'en', conversationUrl: null });
        await putVideoEvent({
          sessionId,
          kind: 'transcript',
          at,
          transcript: Array.from({ length: 80 }, (_, n) => ({ speaker: 'user', text: `=line ${n}`, timestamp: at })),
        });
      },
      50,
    );
    const response = await call(
      tavusConversationsFunction,
      '/api/tavus-conversations?format=csv',
      asAdmin(bench.cookie()),
    );
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.body).toBeInstanceOf(ReadableStream);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const first = await reader.read();
    // The header arrives on its own, before any record is read.
    expect(first.value).toBe(
      '"Session ID","Speaker","Text","Timestamp","Language","Started","Duration","URL","Client-Reported"\r\n',
    );
    let text = '';
    let chunks = 1;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += value;
      chunks += 1;
    }
    const rows = text.split('\r\n').filter(Boolean);
    expect(rows).toHaveLength(10_000);
    expect(rows.every((row) => row.startsWith('"c') && row.includes(`"'=line `))).toBe(true);
    expect(new Set(rows.map((row) => row.slice(0, 8))).size).toBe(125);
    expect(chunks).toBeGreaterThanOrEqual(3);
  });
});
