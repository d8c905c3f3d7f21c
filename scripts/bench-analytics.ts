// `npm run bench:analytics -- --events N` (default 1,000,000): the analytics on Netlify Database. Starts its own local
// engine (`@netlify/database-dev`: PGlite, Postgres 17 in WebAssembly, in memory), applies the migrations and seeds N
// pageviews over the last 365 days as the site would hold them: a realistic mix of visitors (three pages a visit on
// average), 60 pages (a few read far more than the rest), channels and sources, countries and devices, 2 % of visits
// reaching a goal and 1 % filing a lead (a tenth of them won, with a value). Days over 90 days old are rolled up and
// their raw rows deleted, as the daily retention run does (so the table holds what production would: 90 days of raw
// events and a year of daily figures). Then it calls the function handlers in this process, as Netlify runs them:
// GET /api/analytics for 30 days and 12 months, GET /api/overview, and POST /api/event, p50 and p95 and the
// statements each call sends; and ingest: beacons sent at 500 a second for 10 seconds from many visitors, counting
// what was stored. Prints Markdown tables (docs/benchmarks.md).
import { performance } from 'node:perf_hooks';
import type { Server, Socket } from 'node:net';
import type { Context } from '@netlify/functions';
import { NetlifyDB } from '@netlify/database-dev';

function numberArg(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at === -1) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 1000) throw new Error(`--${name} takes a whole number of at least 1,000`);
  return value;
}

const EVENTS = numberArg('events', 1_000_000);
const RATE = numberArg('rate', 500);
const DAYS = 365;
const RAW_DAYS = 90;
const RUNS = 15;

const engine = new NetlifyDB({ logger: () => undefined });
const url = await engine.start();
(engine as unknown as { server: Server }).server.on('connection', (socket: Socket) => socket.setNoDelay(true));
await engine.applyMigrations('netlify/database/migrations');
Object.assign(process.env, {
  NETLIFY_DB_URL: url,
  JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789abcdef',
  // The ingest run sends more than one visitor's or the site's daily share: the quotas' own cost is measured, not
  // their refusals.
  QUOTA_EVENT_PER_IP: '999999',
  QUOTA_EVENT_PER_DAY: '999999',
});

const { queryCount, resetQueryCount, closeDatabase, database } = await import('../src/platform/db/client');
const { saveUser } = await import('../src/features/accounts/users-store');
const { rollUpBefore, rollUpLeadsBefore, deleteRawBefore } = await import('../src/features/analytics/store');
const { addDays, firmDay } = await import('../src/platform/time-zone');
const { sql } = await import('drizzle-orm');
const analyticsFunction = (await import('../netlify/functions/analytics')).default;
const eventFunction = (await import('../netlify/functions/event')).default;
const overviewFunction = (await import('../netlify/functions/admin-overview')).default;
const signInFunction = (await import('../netlify/functions/session-sign-in')).default;

type Handler = (request: Request, context: Context) => Promise<Response>;

// ---------------------------------------------------------------------------------------------------------------
// Seeding: one day at a time, in SQL (generate_series), so the engine never holds more than 90 days of raw rows.

const today = firmDay(new Date());
const perDay = Math.ceil(EVENTS / DAYS);
const PATHS = [
  '/',
  '/es',
  '/insights',
  '/es/insights',
  '/portfolio',
  '/es/portfolio',
  '/book',
  '/es/book',
  '/about',
  '/es/about',
  ...Array.from({ length: 25 }, (_, i) => `/insights/insight-${i + 1}`),
  ...Array.from({ length: 25 }, (_, i) => `/es/insights/articulo-${i + 1}`),
];
const pathList = `ARRAY[${PATHS.map((path) => `'${path}'`).join(',')}]`;
// Each visit's source: the share of visits, the channel, the source, the campaign.
const SOURCES: Array<[share: number, channel: string, source: string | null, campaign: string | null]> = [
  [35, 'direct', null, null],
  [25, 'search', 'Google', null],
  [5, 'search', 'Bing', null],
  [12, 'social', 'LinkedIn', null],
  [5, 'social', 'LinkedIn', 'dec-webinar'],
  [6, 'email', 'Newsletter', 'monthly'],
  [4, 'email', 'signature', null],
  [5, 'referral', 'blog.example.org', null],
  [3, 'campaign', 'partner-event', 'spring-summit'],
];
let bound = 0;
const sourceCase = (column: 'channel' | 'source' | 'campaign') =>
  `CASE ${SOURCES.map(([share, channel, source, campaign]) => {
    bound += share;
    const value = column === 'channel' ? channel : column === 'source' ? source : campaign;
    return `WHEN pick < ${bound} THEN ${value === null ? 'NULL' : `'${value}'`}`;
  }).join(' ')} END`;
const channelCase = sourceCase('channel');
bound = 0;
const sourceCaseSql = sourceCase('source');
bound = 0;
const campaignCase = sourceCase('campaign');

async function seedDay(day: string): Promise<void> {
  // Visits of one to five pages (three on average); a visit's source, country and device are its visitor's.
  await database().execute(
    sql.raw(`
    INSERT INTO analytics_events (at, day, visitor, path, referrer, channel, source, campaign, country, device)
    SELECT ('${day}'::date + interval '7 hours' + (v * 47 % 50400) * interval '1 second' + n * interval '40 seconds'),
      '${day}'::date, md5('${day}' || v), (${pathList})[1 + floor(60 * random() ^ 2.2)::int % 60],
      NULL, ${channelCase}, ${sourceCaseSql}, ${campaignCase},
      (ARRAY['ES','ES','ES','ES','US','GB','MX','FR','DE','PT'])[1 + v % 10],
      (ARRAY['desktop','desktop','mobile','mobile','tablet'])[1 + v % 5]
    FROM (SELECT v, (abs(hashtext('${day}' || v)) % 100) AS pick, 1 + abs(hashtext(v || '${day}')) % 5 AS views
          FROM generate_series(1, ${Math.ceil(perDay / 3)}) v) visits,
      LATERAL generate_series(1, views) n`),
  );
  // 2 % of visits reach a goal; 1 % file a lead, whose attribution is its visit's.
  await database().execute(
    sql.raw(`
    INSERT INTO analytics_goals (at, day, name, visitor)
    SELECT '${day}'::date + interval '12 hours', '${day}'::date,
      (ARRAY['chat-started','contact-sent','meeting-booked','newsletter-confirmed'])[1 + v % 4], md5('${day}' || v)
    FROM generate_series(1, ${Math.ceil(perDay / 3)}, 50) v`),
  );
  await database().execute(
    sql.raw(`
    INSERT INTO contact_messages (id, name, email, message, source, created_at, status, outcome, value, attribution)
    SELECT md5('${day}-lead-' || e.visitor), 'Bench Lead', 'lead-' || left(e.visitor, 8) || '@bench.example',
      'A bench lead', 'form', '${day}'::date + interval '13 hours',
      CASE WHEN abs(hashtext(e.visitor)) % 10 = 0 THEN 'closed' ELSE 'new' END,
      CASE WHEN abs(hashtext(e.visitor)) % 10 = 0 THEN 'won' END,
      CASE WHEN abs(hashtext(e.visitor)) % 10 = 0 THEN 5000 + abs(hashtext(e.visitor)) % 50000 END,
      jsonb_build_object('channel', e.channel, 'source', e.source, 'medium', NULL, 'campaign', e.campaign,
        'referrer', NULL, 'landingPage', e.path, 'pagesViewed', jsonb_build_array(e.path, '/insights/insight-1'),
        'country', e.country, 'device', e.device)
    FROM (SELECT DISTINCT ON (visitor) * FROM analytics_events WHERE day = '${day}'::date ORDER BY visitor, at) e
    WHERE abs(hashtext(e.visitor || 'lead')) % 100 = 0
    ON CONFLICT DO NOTHING`),
  );
}

const seedStart = performance.now();
for (let i = DAYS - 1; i >= 0; i -= 1) {
  const day = addDays(today, -i);
  await seedDay(day);
  // Past the raw window: rolled up, then its raw rows deleted, as the daily retention run does.
  if (i > RAW_DAYS) {
    await rollUpBefore(addDays(day, 1));
    while ((await deleteRawBefore(addDays(day, 1), 50_000)) > 0);
  }
  if (i % 60 === 0)
    process.stdout.write(`seeded to ${day} (${Math.round((performance.now() - seedStart) / 1000)} s)\n`);
}
await rollUpBefore(today);
// Today's figures as the beacons would have counted them: grouped from today's raw rows, the day left open.
await rollUpBefore(addDays(today, 1));
await database().execute(sql`DELETE FROM analytics_rollups WHERE day = ${today}::date`);
await rollUpLeadsBefore(today);
// What Postgres's autovacuum does after so many deletes and inserts (PGlite runs no autovacuum): dead index entries of
// the deleted days cleared, and the planner's statistics made.
await engine.query('VACUUM ANALYZE');
const seeded = (
  await engine.query<{ raw: number; rollups: number; leads: number }>(`SELECT
    (SELECT count(*)::int FROM analytics_events) AS raw,
    (SELECT count(*)::int FROM analytics_daily) AS rollups,
    (SELECT count(*)::int FROM contact_messages) AS leads`)
).rows[0]!;
const seedSeconds = (performance.now() - seedStart) / 1000;

// ---------------------------------------------------------------------------------------------------------------
// Measuring

await saveUser({ username: 'bench', password: 'bench password long enough', role: 'admin' });
const signIn = await signInFunction(
  new Request('http://localhost/api/admin/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost' },
    body: JSON.stringify({ username: 'bench', password: 'bench password long enough' }),
  }),
  { params: {}, ip: '127.0.0.1' } as unknown as Context,
);
if (signIn.status !== 200) throw new Error(`Sign-in answered ${signIn.status}`);
const cookie = signIn.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
const context = (ip = '127.0.0.1') => ({ params: {}, ip }) as unknown as Context;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const rows: Array<{ call: string; p50: number; p95: number; statements: string; kb: number }> = [];

async function measure(call: string, handler: Handler, request: (i: number) => Request, runs = RUNS) {
  const warm = await handler(request(-1), context());
  await warm.arrayBuffer();
  if (warm.status >= 400) throw new Error(`${call} answered ${warm.status}`);
  const times: number[] = [];
  const statements: number[] = [];
  let size = 0;
  for (let i = 0; i < runs; i += 1) {
    const next = request(i);
    resetQueryCount();
    const start = performance.now();
    const response = await handler(next, context(`10.1.${i % 250}.${i % 7}`));
    size = (await response.arrayBuffer()).byteLength;
    times.push(performance.now() - start);
    statements.push(queryCount());
    if (response.status >= 400) throw new Error(`${call} answered ${response.status}`);
  }
  times.sort((a, b) => a - b);
  const [fewest, most] = [Math.min(...statements), Math.max(...statements)];
  rows.push({
    call,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    statements: fewest === most ? String(most) : `${fewest}–${most}`,
    kb: size / 1024,
  });
}

if (process.argv.includes('--verbose')) {
  // Where a report's time goes: each of its statements alone, 12 months.
  const { visitRows, leadRows, pendingRollups } = await import('../src/features/analytics/store');
  const from = addDays(today, -364);
  const previous = addDays(from, -365);
  for (const [name, run] of [
    ['visit rows', () => visitRows(previous, from, today)],
    ['lead rows', () => leadRows(previous, from, today)],
    ['rollup check (nothing to do)', () => pendingRollups(today)],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const start = performance.now();
      await run();
      times.push(performance.now() - start);
    }
    console.log(`${name}: ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
  }
  const { visitRowsSql } = await import('../src/features/analytics/store');
  const plan = await database().execute<{ 'QUERY PLAN': string }>(
    sql`EXPLAIN ANALYZE ${visitRowsSql(previous, from, today)}`,
  );
  console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
}

const admin = (path: string) => () => new Request(`http://localhost${path}`, { headers: { cookie } });
await measure(
  'GET /api/analytics, 30 days',
  analyticsFunction,
  admin(`/api/analytics?from=${addDays(today, -29)}&to=${today}`),
);
await measure(
  'GET /api/analytics, 12 months',
  analyticsFunction,
  admin(`/api/analytics?from=${addDays(today, -364)}&to=${today}`),
);
await measure(
  'GET /api/analytics, 12 months, CSV',
  analyticsFunction,
  admin(`/api/analytics?from=${addDays(today, -364)}&to=${today}&format=csv`),
);
await measure('GET /api/overview', overviewFunction, admin('/api/overview'));

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const beacon = (i: number) =>
  new Request('http://localhost/api/event', {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': `${UA} bench/${i}` },
    body: JSON.stringify({
      name: 'pageview',
      url: `http://localhost${PATHS[Math.abs(i) % PATHS.length]}?utm_source=linkedin&utm_campaign=bench`,
      referrer: 'https://www.linkedin.com/',
      width: 1280,
    }),
  });
await measure('POST /api/event', eventFunction, beacon, 200);

// Ingest: beacons at RATE a second for 10 seconds, each sent on its own schedule without waiting for the last.
const before = (await engine.query<{ n: number }>('SELECT count(*)::int AS n FROM analytics_events')).rows[0]!.n;
const total = RATE * 10;
const latencies: number[] = [];
let failed = 0;
const ingestStart = performance.now();
await Promise.all(
  Array.from({ length: total }, async (_, i) => {
    const due = ingestStart + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const start = performance.now();
    const response = await eventFunction(beacon(100_000 + i), context(`10.2.${Math.floor(i / 250) % 250}.${i % 250}`));
    latencies.push(performance.now() - start);
    if (response.status !== 202) failed += 1;
  }),
);
const ingestSeconds = (performance.now() - ingestStart) / 1000;
const stored =
  (await engine.query<{ n: number }>('SELECT count(*)::int AS n FROM analytics_events')).rows[0]!.n - before;
latencies.sort((a, b) => a - b);

const ms = (value: number) => (Number.isNaN(value) ? '' : value.toFixed(1));
console.log(
  `\n${EVENTS.toLocaleString('en')} events over ${DAYS} days, seeded in ${seedSeconds.toFixed(0)} s: ` +
    `${seeded.raw.toLocaleString('en')} raw events (the last ${RAW_DAYS} days), ${seeded.rollups.toLocaleString('en')} ` +
    `rollup rows, ${seeded.leads.toLocaleString('en')} leads\n`,
);
console.log('| call | p50 ms | p95 ms | statements | KB |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const row of rows)
  console.log(`| ${row.call} | ${ms(row.p50)} | ${ms(row.p95)} | ${row.statements} | ${row.kb.toFixed(1)} |`);
console.log(
  `\nIngest: ${total.toLocaleString('en')} beacons sent at ${RATE}/s over ${ingestSeconds.toFixed(1)} s ` +
    `(${(total / ingestSeconds).toFixed(0)}/s); ${stored.toLocaleString('en')} stored, ${total - stored} lost, ` +
    `${failed} not answered 202; latency p50 ${ms(percentile(latencies, 50))} ms, p95 ${ms(percentile(latencies, 95))} ms`,
);
await closeDatabase();
await engine.stop();
