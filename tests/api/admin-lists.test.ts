import { getStore } from '@netlify/blobs';
import { describe, expect, it } from 'vitest';
import contactMessagesFunction from '../../netlify/functions/contact-messages';
import newslettersFunction from '../../netlify/functions/newsletters';
import tavusConversationsFunction from '../../netlify/functions/tavus-conversations';
import whatsappFunction from '../../netlify/functions/whatsapp-conversations';
import { logChatExchange, putVideoEvent, recordVideoCallStart } from '../../src/lib/conversations/logs';
import { storeName } from '../../src/lib/blobs';
import { NEXT_CURSOR_HEADER } from '../../src/lib/http';
import type { ContactMessage } from '../../src/lib/schemas/contact';
import type { ChatConversation } from '../../src/lib/schemas/conversation';
import type { NewsletterSubscription } from '../../src/lib/schemas/newsletter';
import {
  addContactMessage,
  deleteContactMessage,
  listContactMessagesPage,
} from '../../src/lib/stores/contact-messages';
import { SEARCH_PREPARING, termsMove } from '../../src/lib/stores/feed';
import { subscribe } from '../../src/lib/stores/newsletter';
import { call } from '../helpers/functions';
import { asAdmin, signIn, useAdminBench } from '../helpers/admin';

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

/**
 * Runs `test` against stores of their own (`DATA_SCOPE`: a store as an older version left it, or a new one), then puts
 * back the scope and the index move's budget.
 */
async function inOwnStores(scope: string, test: () => Promise<void>): Promise<void> {
  const saved = process.env['DATA_SCOPE'];
  const budget = termsMove.budgetMs;
  process.env['DATA_SCOPE'] = scope;
  try {
    await test();
  } finally {
    termsMove.budgetMs = budget;
    if (saved === undefined) delete process.env['DATA_SCOPE'];
    else process.env['DATA_SCOPE'] = saved;
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
  }, 120_000);

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

  it('costs the same Blobs requests per page, listed or searched, with 300 messages and with 1,050 more', async () => {
    const cost = async (cursor: string | null, q = '') => {
      bench.blobs().resetRequests();
      const page = await listContactMessagesPage({ cursor, limit: 50, q });
      return { requests: bench.blobs().requests(), next: page.next, rows: page.items.length };
    };
    const measure = async (q = '') => {
      const first = await cost(null, q);
      const second = await cost(first.next, q);
      return [first.requests, second.requests, first.rows, second.rows];
    };
    // 150 recent messages from visitors, so that a search for "visitor" fills two pages before and after.
    await inParallel(150, (i) => message(6000 + i, BASE + 2 * DAY - i * 29 * 60_000));
    await cost(null);
    const small = await measure();
    // A search by a name word every message shares: its index is a feed of its own, so it costs a list page too.
    const smallSearch = await measure('visitor');
    // 1,050 older messages, 15 a day over 70 days and three months: more than one 1,000-key list page and many day
    // and month folders, so a page that listed or read the whole feed (or the whole "visitor" index) would cost more.
    await inParallel(
      1050,
      (i) => message(10_000 + i, BASE - 7 * DAY - Math.floor(i / 15) * DAY - (i % 15) * 60_000),
      50,
    );
    const large = await measure();
    expect(large).toEqual(small);
    expect(small[0]).toBeLessThan(80);
    expect(smallSearch[2]).toBe(50);
    expect(await measure('visitor')).toEqual(smallSearch);
  }, 120_000);

  it('pages a search to its end across more month folders than one page opens, whatever shard the term falls in', async () => {
    // "Zed" and "Kai" hash to shards on either side of the month folders' names ('fa' and '72'). 40 messages, one
    // every 20 days: 26 month folders, more than the 16 a page opens.
    for (const name of ['Zed', 'Kai']) {
      const written = await Promise.all(
        Array.from({ length: 40 }, (_, i) => message(8000 + i, BASE - 3 * DAY - i * 20 * DAY, `${name} Example`)),
      );
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let pages = 0; pages < 50; pages += 1) {
        const page = await listContactMessagesPage({ cursor, limit: 5, q: name });
        seen.push(...page.items.map((m) => m.id));
        cursor = page.next;
        if (cursor === null) break;
      }
      expect(cursor, name).toBeNull();
      expect(seen, name).toEqual(written.map((m) => m.id));
    }
  }, 120_000);

  for (const [layout, earlier] of [
    // First: each term key directly in its term's folder, `search/{hash}/{time}-{id}`.
    [
      'flat',
      (area: string, shard: string, hash: string, _month: string, file: string) => `${area}/${shard}${hash}/${file}`,
    ],
    // Then: in shards and day folders like the feed's, `search/{shard}/{hash}/{month}/{day}/{time}-{id}`.
    [
      'in day folders',
      (area: string, shard: string, hash: string, month: string, file: string, ms: number) =>
        `${area}/${shard}/${hash}/${month}/${String(99 - new Date(ms).getUTCDate()).padStart(2, '0')}/${file}`,
    ],
  ] as const) {
    it(`moves a search index written ${layout}, once, and keeps none of its old keys`, async () => {
      await inOwnStores(`terms-${layout === 'flat' ? 'flat' : 'days'}`, async () => {
        const written = await message(7000, BASE, 'Olga Petrova', 'olga@example.com');
        // A list: the store's feed exists (a store without one has no term keys in an older layout).
        await listContactMessagesPage({ cursor: null, limit: 1, q: '' });
        const store = getStore({ name: storeName('contact-messages'), consistency: 'strong' });
        const { blobs } = await store.list({ prefix: 'search/' });
        expect(blobs.length).toBeGreaterThan(2);
        // Now: `search/{shard}/{hash}/{month}/00/{time}-{id}`, one folder per month.
        expect(blobs.every((blob) => blob.key.split('/')[4] === '00')).toBe(true);
        // A second message, deleted before the index is moved: its old keys go with it.
        const deleted = await message(7001, BASE - DAY, 'Pavel Ivanov', 'pavel@example.com');
        const times = new Map([written, deleted].map((m) => [m.id, Date.parse(m.createdAt)]));
        for (const { key } of (await store.list({ prefix: 'search/' })).blobs) {
          const [area = '', shard = '', hash = '', month = '', , file = ''] = key.split('/');
          const ms = times.get(file.slice(file.indexOf('-') + 1))!;
          await store.set(earlier(area, shard, hash, month, file, ms), '');
          await store.delete(key);
        }
        await store.delete('meta/terms-v3');
        expect(await deleteContactMessage(deleted.id)).toBe(true);
        const found = await listContactMessagesPage({ cursor: null, limit: 50, q: 'olga petrova' });
        expect(found.items.map((m) => m.id)).toEqual([written.id]);
        const after = (await store.list({ prefix: 'search/' })).blobs.map((blob) => blob.key);
        expect(after.sort()).toEqual(blobs.map((blob) => blob.key).sort());
        expect(await store.get('meta/terms-v3')).not.toBeNull();
      });
    });
  }

  it('never moves the index of a store whose records all came with this layout: its first search answers', async () => {
    await inOwnStores('terms-fresh', async () => {
      // Written before any list or search of the store, as on a new site.
      await inParallel(250, (i) => message(30_000 + i, BASE - i * 60 * 60_000));
      termsMove.budgetMs = 0;
      const cookie = await signIn();
      const first = await call(contactMessagesFunction, '/api/contact-messages?q=visitor', asAdmin(cookie));
      expect(first.status).toBe(200);
      expect(await first.json()).toHaveLength(100);
    });
  });

  it('moves a large index a few pages per call: lists answer meanwhile, a search says to try again until it is whole', async () => {
    await inOwnStores('terms-budget', async () => {
      await inParallel(250, (i) => message(20_000 + i, BASE - i * 60 * 60_000, 'Nina Example'));
      await listContactMessagesPage({ cursor: null, limit: 1, q: '' });
      const store = getStore({ name: storeName('contact-messages'), consistency: 'strong' });
      // The index as it was in day folders (see above), and no marker that it was moved.
      for (const { key } of (await store.list({ prefix: 'search/' })).blobs) {
        const [area, shard, hash, month, , file = ''] = key.split('/');
        const ms = 9_999_999_999_999 - Number(file.slice(0, 13));
        await store.set(
          `${area}/${shard}/${hash}/${month}/${String(99 - new Date(ms).getUTCDate()).padStart(2, '0')}/${file}`,
          '',
        );
        await store.delete(key);
      }
      await store.delete('meta/terms-v3');
      // Each call moves one batch of 25 records, then answers. (Signed in to this scope's own stores.)
      const cookie = await signIn();
      termsMove.budgetMs = 0;
      const search = () => call(contactMessagesFunction, '/api/contact-messages?q=nina', asAdmin(cookie));
      const statuses: number[] = [];
      for (let i = 0; i < 20 && statuses.at(-1) !== 200; i += 1) {
        const answer = await search();
        statuses.push(answer.status);
        if (answer.status === 503) {
          expect(await answer.json()).toEqual({ message: SEARCH_PREPARING, field: 'q' });
          expect(answer.headers.get('retry-after')).toBe('60');
        }
        // The list without a search does not wait for the move.
        const list = await call(contactMessagesFunction, '/api/contact-messages?limit=50', asAdmin(cookie));
        expect(list.status).toBe(200);
        expect(await list.json()).toHaveLength(50);
      }
      // 250 records: nine calls move 225 and answer 503, the tenth moves the last 25 and searches.
      expect(statuses).toEqual([...Array.from({ length: 9 }, () => 503), 200]);
      const found = await call(contactMessagesFunction, '/api/contact-messages?q=nina&limit=200', asAdmin(cookie));
      expect(await found.json()).toHaveLength(200);
      expect(found.headers.get(NEXT_CURSOR_HEADER)).not.toBeNull();
      const keys = (await store.list({ prefix: 'search/' })).blobs.map((blob) => blob.key);
      expect(keys.filter((key) => key.split('/')[4] !== '00')).toEqual([]);
    });
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
  }, 120_000);
});
