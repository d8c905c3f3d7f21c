import { performance } from 'node:perf_hooks';
import { NetlifyDB } from '@netlify/database-dev';
import { newId } from '../src/lib/ids';
import { contactMessages } from '../src/lib/db/schema';

const N = Number(process.argv[2] ?? 20000);
const mode = process.argv[3] ?? 'unnest';
const engine = new NetlifyDB({ logger: () => undefined });
const url = await engine.start();
await engine.applyMigrations('netlify/database/migrations');
process.env['NETLIFY_DB_URL'] = url;
const { database, closeDatabase } = await import('../src/lib/db/client');
const NOW = Date.now();
const rows = Array.from({ length: N }, (_, i) => {
  const t = NOW - i * 300_000;
  return {
    id: newId(t),
    name: `María García ${i % 50}`,
    email: `v${i}@example.com`,
    company: 'Example S.L.',
    phone: null,
    serviceOfInterest: 'ai-solutions',
    message: 'We would like to talk about a data platform for our logistics business.',
    source: 'form' as const,
    investor: null,
    language: 'en' as const,
    sessionId: null,
    createdAt: new Date(t),
    status: 'new' as const,
    owner: null,
    updatedAt: null,
    replyCount: 0,
  };
});
const t0 = performance.now();
let dropped: string[] = [];
if (process.argv[4] === 'drop') {
  const idx = await engine.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where tablename='contact_messages' and indexname not like '%pkey'`,
  );
  dropped = idx.rows.map((r) => r.indexdef);
  for (const r of idx.rows) await engine.exec(`drop index "${r.indexname}"`);
}
const B = Number(process.env['B'] ?? 1000);
for (let s = 0; s < N; s += B) {
  const batch = rows.slice(s, s + B);
  if (mode === 'drizzle') await database().insert(contactMessages).values(batch);
  else {
    const col = <K extends keyof (typeof batch)[number]>(k: K) => batch.map((r) => r[k]);
    await engine.query(
      `insert into contact_messages (id,name,email,company,phone,service_of_interest,message,source,investor,language,session_id,created_at,status,owner,updated_at,reply_count)
       select * from unnest($1::text[],$2::text[],$3::text[],$4::text[],$5::text[],$6::text[],$7::text[],$8::text[],$9::jsonb[],$10::text[],$11::text[],$12::timestamptz[],$13::text[],$14::text[],$15::timestamptz[],$16::int[])`,
      [
        col('id'),
        col('name'),
        col('email'),
        col('company'),
        col('phone'),
        col('serviceOfInterest'),
        col('message'),
        col('source'),
        col('investor'),
        col('language'),
        col('sessionId'),
        batch.map((r) => r.createdAt.toISOString()),
        col('status'),
        col('owner'),
        col('updatedAt'),
        col('replyCount'),
      ],
    );
  }
}
const t1 = performance.now();
for (const d of dropped) await engine.exec(d);
const t2 = performance.now();
console.log(mode, N, 'insert', Math.round(t1 - t0), 'ms; reindex', Math.round(t2 - t1), 'ms');
console.log((await engine.query('select count(*) from contact_messages')).rows);
await closeDatabase();
await engine.stop();
