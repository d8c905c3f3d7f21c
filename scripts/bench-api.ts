// `npm run bench:api -- --records N` (default 1,000): N records of each kind in a real local Blobs server (messages,
// subscribers, chat exchanges in N/5 sessions (at most 5,000), video calls; case studies and insights up to
// CONTENT_CAP each), then latency (p50, p95) and Blobs requests per call for each admin page (first page, a later page, a search), the public
// lists, a content save, POST /api/contact, and a whole CSV export. Handlers run in this process, as Netlify runs
// them; Blobs requests are counted by the server's own hook. `--dir DIR` keeps the seeded store in DIR and, run again
// with the same DIR and N, measures without seeding again (N = 100,000 takes about an hour to seed).
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Context } from '@netlify/functions';
import { BlobsServer } from '@netlify/blobs/server';

function numberArg(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at === -1 ? undefined : Number(process.argv[at + 1]);
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 10) throw new Error(`--${name} takes a whole number of at least 10`);
  return value;
}

const RECORDS = numberArg('records', 1000);
/**
 * Case studies and insights are written by hand and every public list is one snapshot of them all (one Blobs read):
 * its bytes grow with the catalogue, so the bench caps them (README, Benchmarks).
 */
const CONTENT_CAP = 1000;
const CONTENT = Math.min(RECORDS, CONTENT_CAP);
/**
 * Chat exchanges go to N/5 sessions, at most 5,000: a session's first exchange lists its own folder, which the local
 * Blobs server does by reading every session folder beside it, so seeding grows with the square of the sessions (at
 * 100,000 exchanges in 20,000 sessions, hours). Netlify's Blobs list by prefix.
 */
const CHAT_SESSIONS = Math.min(5_000, Math.max(1, Math.floor(RECORDS / 5)));
const RUNS = 15;
/** A whole export reads every record: at 100,000 a run takes minutes, so one run (after the warm-up) there. */
const EXPORT_RUNS = RECORDS > 10_000 ? 1 : 3;
const BATCH = 100;

const dirAt = process.argv.indexOf('--dir');
const kept = dirAt === -1 ? null : process.argv[dirAt + 1];
if (kept === undefined) throw new Error('--dir takes a folder');
const directory = kept ?? (await mkdtemp(join(tmpdir(), 'bench-blobs-')));
if (kept) await mkdir(kept, { recursive: true });
const seedMark = join(directory, 'bench-seeded.json');
const previous = existsSync(seedMark)
  ? (JSON.parse(await readFile(seedMark, 'utf8')) as { records: number; seconds: number; at: string })
  : null;
if (previous && previous.records !== RECORDS)
  throw new Error(`${directory} holds ${previous.records} records of each kind, not ${RECORDS}`);
const token = randomUUID();
let blobsRequests = 0;
const server = new BlobsServer({ directory, token, onRequest: () => void (blobsRequests += 1) });
const { port } = await server.start();
const url = `http://127.0.0.1:${port}`;
process.env['NETLIFY_BLOBS_CONTEXT'] = Buffer.from(
  JSON.stringify({ edgeURL: url, uncachedEdgeURL: url, token, siteID: 'bench', deployID: '0', primaryRegion: 'dev' }),
).toString('base64');

process.env['JWT_SECRET'] = 'bench-secret-that-is-long-enough-0123456789abcdef';
process.env['ADMIN_USERNAME'] = 'bench';
process.env['ADMIN_PASSWORD'] = 'bench password long enough';
// Every timed call comes from one address: the bench measures a send, not the per-address quota (24 a day), which a
// second run on a kept store (--dir) on the same day would otherwise meet.
process.env['QUOTA_CONTACT_PER_IP'] = '1000';

const { demoRecords } = await import('../src/lib/seed/seed');
const { portfolioContent } = await import('../src/lib/content/kinds/portfolio');
const { insightContent } = await import('../src/lib/content/kinds/insights');
const { addContactMessage, listLeadsPage } = await import('../src/lib/stores/contact-messages');
const { subscribe, listSubscribersPage } = await import('../src/lib/stores/newsletter');
const { newId } = await import('../src/lib/ids');
const { NEXT_CURSOR_HEADER } = await import('../src/lib/http');
const portfolioFunction = (await import('../netlify/functions/portfolio')).default;
const insightsFunction = (await import('../netlify/functions/insights')).default;
const contactFunction = (await import('../netlify/functions/contact')).default;
const adminLoginFunction = (await import('../netlify/functions/admin-login')).default;
const contactMessagesFunction = (await import('../netlify/functions/contact-messages')).default;
const newslettersFunction = (await import('../netlify/functions/newsletters')).default;
const whatsappFunction = (await import('../netlify/functions/whatsapp-conversations')).default;
const tavusFunction = (await import('../netlify/functions/tavus-conversations')).default;
const { logChatExchange, importVideoCall, listChatConversationsPage, listVideoConversationsPage } =
  await import('../src/lib/conversations/logs');

type Handler = (request: Request, context: Context) => Promise<Response>;

async function inBatches(count: number, make: (i: number) => Promise<unknown>) {
  for (let i = 0; i < count; i += BATCH) {
    await Promise.all(Array.from({ length: Math.min(BATCH, count - i) }, (_, j) => make(i + j)));
  }
}

/** Seeding phases already done in a kept `--dir` (a long seeding that stopped carries on from the next phase). */
const phasesFile = join(directory, 'bench-phases.json');
const donePhases: string[] = existsSync(phasesFile) ? (JSON.parse(await readFile(phasesFile, 'utf8')) as string[]) : [];

async function timed(label: string, work: () => Promise<unknown>) {
  if (donePhases.includes(label)) {
    console.log(`  ${label}: seeded before`);
    return;
  }
  const start = performance.now();
  blobsRequests = 0;
  await work();
  console.log(`  ${label}: ${Math.round((performance.now() - start) / 1000)} s, ${blobsRequests} Blobs requests`);
  donePhases.push(label);
  if (kept) await writeFile(phasesFile, JSON.stringify(donePhases));
}

// Records are spread over time as a real site gets them: up to 30 a day (the daily quotas allow 200 messages and
// sign-ups, 2,000 chat messages), newest today.
const NOW = Date.now();
const at = (i: number) => NOW - Math.floor(i / 30) * 86_400_000 - (i % 30) * 60_000;
const FIRST = ['Ana', 'Luis', 'Eva', 'Max', 'Sol', 'Leo', 'Ada', 'Bea', 'Tom', 'Ivo'];
const LAST = ['Gil', 'Paz', 'Rey', 'Luz', 'Ruiz', 'Sanz', 'Vega', 'Mora', 'Cano', 'Soto'];
const person = (i: number) => `${FIRST[i % 10]} ${LAST[Math.floor(i / 10) % 10]}`;

async function seed(): Promise<number> {
  // Each store's feed marker is written while the stores are empty, as on a site whose records all came after the feeds
  // (a store with older records walks them once, on its first list: docs/architecture.md, "Admin lists").
  await listLeadsPage({ cursor: null, limit: 1, q: '' });
  await listSubscribersPage({ cursor: null, limit: 1, q: '' });
  await listChatConversationsPage({ cursor: null, limit: 1, q: '' });
  await listVideoConversationsPage({ cursor: null, limit: 1, q: '' });
  await portfolioContent.listPage({ cursor: null, limit: 1, q: '' });
  await insightContent.listPage({ cursor: null, limit: 1, q: '' });

  console.log(`Seeding ${RECORDS} records of each kind (${CONTENT} case studies and insights)…`);
  const seedStart = performance.now();
  const demo = demoRecords();
  const contentAt = (i: number) => new Date(NOW - i * 3_600_000).toISOString();
  await timed('case studies', () =>
    portfolioContent.saveMany(
      Array.from({ length: CONTENT }, (_, i) => {
        const base = demo.portfolio[i % demo.portfolio.length]!;
        return { ...base, id: newId(), createdAt: contentAt(i) };
      }),
    ),
  );
  await timed('insights', () =>
    insightContent.saveMany(
      Array.from({ length: CONTENT }, (_, i) => {
        const base = demo.insights[i % demo.insights.length]!;
        return {
          ...base,
          id: newId(),
          slug: `${base.slug}-${i}`,
          createdAt: contentAt(i),
          publishedAt: base.published ? contentAt(i) : null,
        };
      }),
    ),
  );
  await timed('messages', () =>
    inBatches(RECORDS, (i) =>
      addContactMessage(
        {
          name: person(i),
          email: `visitor${i}@example.com`,
          company: 'Example S.L.',
          phone: null,
          serviceOfInterest: 'ai-solutions',
          message: 'We would like to talk about a data platform for our logistics business.',
        },
        'form',
        new Date(at(i)),
      ),
    ),
  );
  await timed('subscribers', () =>
    inBatches(RECORDS, (i) =>
      subscribe({ fullName: person(i), email: `reader${i}@example.com` }, undefined, new Date(at(i))),
    ),
  );
  // Chat: N exchanges in CHAT_SESSIONS sessions; video: N calls, each its server start record and Tavus's transcript.
  await timed('chat exchanges', () =>
    inBatches(RECORDS, (i) =>
      logChatExchange(
        {
          sessionId: `session_${1_700_000_000_000 + (i % CHAT_SESSIONS)}_bench`,
          userMessage: 'What do you do?',
          botResponse: 'We help companies…',
          language: i % 2 ? 'es' : 'en',
        },
        new Date(at(i)),
      ),
    ),
  );
  await timed('video calls', () =>
    inBatches(RECORDS, (i) => {
      const start = new Date(at(i)).toISOString();
      return importVideoCall([
        {
          sessionId: `call${i}`,
          kind: 'started',
          at: start,
          language: 'en',
          conversationUrl: `https://tavus.daily.co/call${i}`,
        },
        {
          sessionId: `call${i}`,
          kind: 'transcript',
          at: start,
          transcript: [
            { speaker: 'user', text: 'Hello', timestamp: start },
            { speaker: 'assistant', text: 'Welcome', timestamp: start },
          ],
        },
      ]);
    }),
  );
  return Math.round((performance.now() - seedStart) / 1000);
}

let seedSeconds: number;
if (previous) {
  seedSeconds = previous.seconds;
  // The local Blobs server keeps a folder once its last key is deleted (Netlify's has no folders, only key prefixes):
  // a store kept from an older version, whose keys a one-time move deleted, would have every page list empty day
  // folders. They go before measuring.
  execFileSync('find', [join(directory, 'entries'), '-mindepth', '1', '-type', 'd', '-empty', '-delete']);
  console.log(`Measuring the store seeded in ${directory} on ${previous.at} (${RECORDS} records of each kind)…`);
} else {
  seedSeconds = await seed();
  if (kept)
    await writeFile(seedMark, JSON.stringify({ records: RECORDS, seconds: seedSeconds, at: new Date().toISOString() }));
}

const signIn = await (adminLoginFunction as unknown as Handler)(
  new Request('http://localhost/api/admin/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost' },
    body: JSON.stringify({ username: 'bench', password: 'bench password long enough' }),
  }),
  { params: {}, ip: '127.0.0.1' } as unknown as Context,
);
const cookie = signIn.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
const adminGet = (path: string) => () => new Request(`http://localhost${path}`, { headers: { cookie } });

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function contextFor(path: string): Context {
  const id = /^\/api\/(?:portfolio|insights)\/([^/?]+)/.exec(path)?.[1];
  return { params: id ? { id } : {}, ip: '127.0.0.1' } as unknown as Context;
}

async function measure(label: string, handler: Handler, makeRequest: () => Request, runs = RUNS) {
  const context = contextFor(new URL(makeRequest().url).pathname);
  // One warm-up call: a cold instance reads each store's feed marker once (on a store kept from an older version, a
  // search's first calls move its index: printed, not counted).
  // A search answers 503 while its store's term keys are being moved, a few seconds of it per call: called again,
  // as the dashboard's user would, until it answers.
  const warmStart = performance.now();
  let calls = 0;
  for (;;) {
    const response = await handler(makeRequest(), context);
    await response.arrayBuffer();
    calls += 1;
    if (response.status !== 503 || calls === 1000) break;
  }
  const warm = performance.now() - warmStart;
  if (calls > 1)
    console.log(
      `${label}: ${calls - 1} answer(s) of 503 and ${(warm / 1000).toFixed(1)} s while its search index moved`,
    );
  const times: number[] = [];
  const requests: number[] = [];
  let status = 0;
  let bytes = 0;
  for (let i = 0; i < runs; i += 1) {
    blobsRequests = 0;
    const start = performance.now();
    const response = await handler(makeRequest(), context);
    bytes = (await response.arrayBuffer()).byteLength;
    times.push(performance.now() - start);
    requests.push(blobsRequests);
    status = response.status;
  }
  times.sort((a, b) => a - b);
  if (process.env['BENCH_VERBOSE']) console.log(label, Math.round(percentile(times, 50)), Math.max(...requests));
  return {
    call: label,
    status,
    'p50 ms': Math.round(percentile(times, 50)),
    'p95 ms': Math.round(percentile(times, 95)),
    'Blobs requests': Math.max(...requests),
    'response KB': Math.round(bytes / 1024),
  };
}

/** The cursor after `pages` pages of `path` (at most the 11th page: as deep as the records allow). */
async function cursorAfter(handler: Handler, path: string, pages: number): Promise<string> {
  let cursor = '';
  for (let i = 0; i < pages; i += 1) {
    const separator = path.includes('?') ? '&' : '?';
    const response = await handler(adminGet(cursor ? `${path}${separator}cursor=${cursor}` : path)(), contextFor(path));
    cursor = response.headers.get(NEXT_CURSOR_HEADER) ?? '';
    await response.arrayBuffer();
  }
  return cursor;
}

const rows = [];
rows.push(await measure('GET /api/portfolio', portfolioFunction, () => new Request('http://localhost/api/portfolio')));
rows.push(await measure('GET /api/insights', insightsFunction, () => new Request('http://localhost/api/insights')));
for (const [name, handler, path, search] of [
  ['/api/contact-messages', contactMessagesFunction, '/api/contact-messages', 'q=ana%20gil'],
  ['/api/newsletters', newslettersFunction, '/api/newsletters', 'q=reader7@example.com'],
  [
    '/api/whatsapp-conversations',
    whatsappFunction as Handler,
    '/api/whatsapp-conversations',
    'q=session_1700000000003_bench',
  ],
  ['/api/tavus-conversations', tavusFunction as Handler, '/api/tavus-conversations', 'q=call7'],
  ['/api/portfolio/admin', portfolioFunction, '/api/portfolio/admin', 'q=logistics'],
  ['/api/insights/admin', insightsFunction, '/api/insights/admin', 'q=ai'],
] as const) {
  rows.push(await measure(`GET ${name}?limit=50 (page 1)`, handler, adminGet(`${path}?limit=50`)));
  const deep = await cursorAfter(handler, `${path}?limit=50`, Math.min(10, Math.max(1, Math.floor(RECORDS / 100))));
  if (deep) {
    rows.push(
      await measure(`GET ${name}?limit=50 (a later page)`, handler, adminGet(`${path}?limit=50&cursor=${deep}`)),
    );
  }
  rows.push(await measure(`GET ${name}?${search}`, handler, adminGet(`${path}?${search}`)));
  // The name search as the pages above (50 rows) too; the dashboard asks for the default page of 100.
  if (name === '/api/contact-messages')
    rows.push(await measure(`GET ${name}?${search}&limit=50`, handler, adminGet(`${path}?${search}&limit=50`)));
}
const editable = (await portfolioContent.list())[0]!;
rows.push(
  await measure('PUT /api/portfolio/{id}', portfolioFunction, () => {
    return new Request(`http://localhost/api/portfolio/${editable.id}`, {
      method: 'PUT',
      headers: { cookie, origin: 'http://localhost', 'content-type': 'application/json' },
      body: JSON.stringify({ ...editable, version: undefined }),
    });
  }),
);
rows.push(
  await measure(
    'POST /api/contact',
    contactFunction,
    () =>
      new Request('http://localhost/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Bench', email: 'bench@example.com', message: 'Hello from the benchmark.' }),
      }),
  ),
);
rows.push(
  await measure(
    'GET /api/newsletters?format=csv (whole export)',
    newslettersFunction,
    adminGet('/api/newsletters?format=csv'),
    EXPORT_RUNS,
  ),
);
console.table(rows);
console.log(
  `(${RECORDS} records of each kind, ${CONTENT} case studies and insights; seeded in ${seedSeconds} s; ` +
    `${RUNS} runs per call, ${EXPORT_RUNS} for the export; Node ${process.version})`,
);

await server.stop();
if (!kept) await rm(directory, { recursive: true, force: true });
