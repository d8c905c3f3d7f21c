// `npm run bench:api`: 1,000 records of each kind in a real local Blobs server,
// then latency (p50, p95) and Blobs requests per call for each list call and
// for POST /api/contact. Handlers run in this process, as Netlify runs them.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Context } from '@netlify/functions';
import { BlobsServer } from '@netlify/blobs/server';

const RECORDS = 1000;
const RUNS = 15;

const directory = await mkdtemp(join(tmpdir(), 'bench-blobs-'));
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

const { demoRecords } = await import('../src/lib/seed/seed');
const { portfolioContent } = await import('../src/lib/content/kinds/portfolio');
const { insightContent } = await import('../src/lib/content/kinds/insights');
const { addContactMessage } = await import('../src/lib/stores/contact-messages');
const { subscribe } = await import('../src/lib/stores/newsletter');
const { newId } = await import('../src/lib/ids');
const portfolioFunction = (await import('../netlify/functions/portfolio')).default;
const insightsFunction = (await import('../netlify/functions/insights')).default;
const contactFunction = (await import('../netlify/functions/contact')).default;
const adminLoginFunction = (await import('../netlify/functions/admin-login')).default;
const contactMessagesFunction = (await import('../netlify/functions/contact-messages')).default;
const newslettersFunction = (await import('../netlify/functions/newsletters')).default;
const whatsappFunction = (await import('../netlify/functions/whatsapp-conversations')).default;
const tavusFunction = (await import('../netlify/functions/tavus-conversations')).default;
const { logChatExchange, logVideoFromClient, recordVideoCallStart } = await import('../src/lib/conversations/logs');

type Handler = (request: Request, context: Context) => Promise<Response>;

async function inBatches(count: number, make: (i: number) => Promise<unknown>) {
  for (let i = 0; i < count; i += 50) {
    await Promise.all(Array.from({ length: Math.min(50, count - i) }, (_, j) => make(i + j)));
  }
}

console.log(`Seeding ${RECORDS} records of each kind…`);
const demo = demoRecords();
const at = (i: number) => new Date(Date.UTC(2020, 0, 1) + i * 3_600_000).toISOString();
await portfolioContent.saveMany(
  Array.from({ length: RECORDS }, (_, i) => {
    const base = demo.portfolio[i % demo.portfolio.length]!;
    return { ...base, id: newId(), createdAt: at(i) };
  }),
);
await insightContent.saveMany(
  Array.from({ length: RECORDS }, (_, i) => {
    const base = demo.insights[i % demo.insights.length]!;
    return {
      ...base,
      id: newId(),
      slug: `${base.slug}-${i}`,
      createdAt: at(i),
      publishedAt: base.published ? at(i) : null,
    };
  }),
);
await inBatches(RECORDS, (i) =>
  addContactMessage({
    name: `Visitor ${i}`,
    email: `visitor${i}@example.com`,
    company: 'Example S.L.',
    phone: null,
    serviceOfInterest: 'ai-solutions',
    message: 'We would like to talk about a data platform for our logistics business.',
  }),
);
await inBatches(RECORDS, (i) => subscribe({ fullName: `Reader ${i}`, email: `reader${i}@example.com` }));
// 1,000 chat exchanges in 200 conversations; 1,000 video calls.
await inBatches(RECORDS, (i) =>
  logChatExchange({
    sessionId: `session_${1_700_000_000_000 + (i % 200)}_bench`,
    userMessage: 'What do you do?',
    botResponse: 'We help companies…',
    language: i % 2 ? 'es' : 'en',
  }),
);
// A page's log is kept only for a call the server started: each call is its start record and the page's log.
await inBatches(RECORDS, async (i) => {
  await recordVideoCallStart({
    sessionId: `call${i}`,
    kind: 'started',
    at: at(i),
    language: 'en',
    conversationUrl: `https://tavus.daily.co/call${i}`,
  });
  await logVideoFromClient({
    sessionId: `call${i}`,
    transcript: [{ speaker: 'user', text: 'Hello', timestamp: at(i) }],
    language: 'en',
    conversationUrl: `https://tavus.daily.co/call${i}`,
    duration: 120,
  });
});

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

async function measure(label: string, handler: Handler, makeRequest: () => Request) {
  const context = { params: {}, ip: '127.0.0.1' } as unknown as Context;
  // One warm-up call builds nothing new: the snapshot already exists.
  await (await handler(makeRequest(), context)).arrayBuffer();
  const times: number[] = [];
  const requests: number[] = [];
  let status = 0;
  let bytes = 0;
  for (let i = 0; i < RUNS; i += 1) {
    blobsRequests = 0;
    const start = performance.now();
    const response = await handler(makeRequest(), context);
    bytes = (await response.arrayBuffer()).byteLength;
    times.push(performance.now() - start);
    requests.push(blobsRequests);
    status = response.status;
  }
  times.sort((a, b) => a - b);
  return {
    call: label,
    status,
    'p50 ms': Math.round(percentile(times, 50)),
    'p95 ms': Math.round(percentile(times, 95)),
    'Blobs requests': Math.max(...requests),
    'response KB': Math.round(bytes / 1024),
  };
}

const rows = [
  await measure('GET /api/portfolio', portfolioFunction, () => new Request('http://localhost/api/portfolio')),
  await measure('GET /api/insights', insightsFunction, () => new Request('http://localhost/api/insights')),
  await measure('GET /api/insights/admin', insightsFunction, adminGet('/api/insights/admin')),
  await measure('GET /api/contact-messages', contactMessagesFunction, adminGet('/api/contact-messages')),
  await measure('GET /api/newsletters', newslettersFunction, adminGet('/api/newsletters')),
  await measure(
    'GET /api/whatsapp-conversations',
    whatsappFunction as Handler,
    adminGet('/api/whatsapp-conversations'),
  ),
  await measure('GET /api/tavus-conversations', tavusFunction as Handler, adminGet('/api/tavus-conversations')),
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
];
console.table(rows);
console.log(`(${RECORDS} records of each kind, ${RUNS} runs per call, Node ${process.version})`);

await server.stop();
await rm(directory, { recursive: true, force: true });
