// `npm run bench:api -- --records N` (default 1,000): the API on Netlify Database. Starts its own local engine
// (`@netlify/database-dev`: PGlite, Postgres 17 in WebAssembly; in memory, or in `--dir DIR`, kept and measured again
// without seeding while it holds N records of each kind), applies the migrations, seeds N contact messages,
// newsletter subscribers, chat exchanges (in N/5 sessions), video calls, audit events, case studies and insights with
// multi-row INSERTs straight into the tables, then calls each function handler in this process, as Netlify runs it:
// p50 and p95 latency and the statements each call sends (`queryCount()`), for every admin list's first and a later
// page, its searches, the public lists, a content save, POST /api/contact and the overview; then one whole CSV export
// of messages and of subscribers (streamed: first byte, first row, total). Prints Markdown tables (README,
// "Benchmarks").
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { Server, Socket } from 'node:net';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Context } from '@netlify/functions';
import { NetlifyDB } from '@netlify/database-dev';
import { startLocalBlobs } from '../tests/helpers/blobs';

function numberArg(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at === -1) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 10) throw new Error(`--${name} takes a whole number of at least 10`);
  return value;
}

const RECORDS = numberArg('records', 1000);
/**
 * Case studies and insights: N of each, up to 10,000. Every list of them pages by key (src/features/content/engine.ts:
 * one statement a page, whatever the catalogue's size), so the cap hides no growth in a list's cost. It bounds the
 * seeding and the memory: a record carries its whole rich text in both languages (6 to 9 KB of JSON) and two
 * generated search vectors (eight `to_tsvector` a row), about 1.3 ms a row in the local engine, so 2 × 100,000 of
 * them would take some 4 minutes and 1.5 GB, for a catalogue a firm writes by hand (a few dozen a year).
 */
const CONTENT_CAP = 10_000;
const CONTENT = Math.min(RECORDS, CONTENT_CAP);
/** Chat exchanges are N in N/5 sessions: five exchanges a session, as the site's chats mostly are. */
const CHAT_SESSIONS = Math.max(1, Math.floor(RECORDS / 5));
const RUNS = 15;
/** A whole export reads every record: at 100,000 a run takes many seconds, so two runs there (and no warm-up). */
const EXPORT_RUNS = RECORDS > 10_000 ? 2 : 3;
/** Rows per seeding statement. */
const BATCH = 1000;
/** Admin list pages as the bench asks for them; "a later page" is the 11th (or as deep as the records allow). */
const PAGE = 50;

const dirAt = process.argv.indexOf('--dir');
const kept = dirAt === -1 ? null : process.argv[dirAt + 1];
if (kept === undefined) throw new Error('--dir takes a folder');
if (kept) await mkdir(kept, { recursive: true });
const markFile = kept ? join(kept, 'bench-seeded.json') : null;
const mark =
  markFile && existsSync(markFile)
    ? (JSON.parse(await readFile(markFile, 'utf8')) as {
        records: number;
        content: number;
        seconds: number;
        at: string;
      })
    : null;
if (mark && mark.records !== RECORDS)
  throw new Error(`${kept} holds ${mark.records} records of each kind, not ${RECORDS}: use another --dir`);

const loadBefore = loadavg();

// Files (uploads, documents) stay in Blobs: no measured call should read them, and the count below says so.
const blobs = await startLocalBlobs();

const engine = new NetlifyDB({ ...(kept ? { directory: join(kept, 'pgdata') } : {}), logger: () => undefined });
const url = await engine.start();
// Without TCP_NODELAY every statement with parameters waits ~40 ms for the client's delayed ACK (Nagle's algorithm
// on the engine's replies). patches/@netlify+database-dev+*.patch sets it in the package; set again here (a no-op
// then) so that a checkout without the patch applied still measures the database and not the socket.
(engine as unknown as { server: Server }).server.on('connection', (socket: Socket) => socket.setNoDelay(true));
await engine.applyMigrations('netlify/database/migrations');
process.env['NETLIFY_DB_URL'] = url;

process.env['JWT_SECRET'] = 'bench-secret-that-is-long-enough-0123456789abcdef';
process.env['ADMIN_USERNAME'] = 'bench';
process.env['ADMIN_PASSWORD'] = 'bench password long enough';
// Every timed call comes from one address: the bench measures a send, not the quotas (24 an address a day, 200 in
// all), which the runs (and a second run on a kept --dir the same day) would otherwise meet.
process.env['QUOTA_CONTACT_PER_IP'] = '100000';
process.env['QUOTA_CONTACT_PER_DAY'] = '100000';

const { queryCount, resetQueryCount, closeDatabase } = await import('../src/platform/db/client');
const { newId } = await import('../src/platform/ids');
const { demoRecords } = await import('../src/features/content/seed');
const { portfolioKind } = await import('../src/features/content/portfolio');
const { insightsKind } = await import('../src/features/content/insights');
const { newChatSessionId } = await import('../src/features/chat/log');
const { AUDIT_ACTIONS } = await import('../src/features/audit/schema');
const { SERVICE_OPTIONS } = await import('../src/features/leads/contact-schema');
const { NEXT_CURSOR_HEADER } = await import('../src/http/lists');
const portfolioFunction = (await import('../netlify/functions/portfolio')).default;
const insightsFunction = (await import('../netlify/functions/insights')).default;
const contactFunction = (await import('../netlify/functions/contact-send')).default;
const adminLoginFunction = (await import('../netlify/functions/session-sign-in')).default;
const contactMessagesFunction = (await import('../netlify/functions/admin-leads')).default;
const newslettersFunction = (await import('../netlify/functions/admin-newsletter-subscribers')).default;
const whatsappFunction = (await import('../netlify/functions/chat-log')).default;
const tavusFunction = (await import('../netlify/functions/video-log')).default;
const auditFunction = (await import('../netlify/functions/admin-audit-log')).default;
const overviewFunction = (await import('../netlify/functions/admin-overview')).default;

type Handler = (request: Request, context: Context) => Promise<Response>;

// ---------------------------------------------------------------------------------------------------------------
// Seeding

/** A small seeded generator: the same names, sources, statuses and spread at every run. */
let state = 0x2f6b_1d3a;
function random(): number {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
/** One of `weights`' keys, by weight. */
function weighted<K extends string>(weights: Record<K, number>): K {
  let roll = random() * Object.values<number>(weights).reduce((sum, weight) => sum + weight, 0);
  for (const [key, weight] of Object.entries(weights) as Array<[K, number]>) {
    roll -= weight;
    if (roll < 0) return key;
  }
  return Object.keys(weights)[0] as K;
}

const NOW = Date.now();
const MINUTE = 60_000;
const DAY = 86_400_000;
const YEAR = 365 * DAY;
/** The i-th of `count` records, newest first, spread over the last 12 months. */
const spread = (i: number, count: number) => NOW - Math.floor(((i + random()) * YEAR) / count);
const iso = (time: number) => new Date(time).toISOString();

// Ten first names and ten surnames, accents included; a name is a first name and two surnames, so a search for a
// first name and a surname ("maría garcía") finds about one record in 50.
const FIRST = ['María', 'José', 'Lucía', 'Álvaro', 'Inés', 'Íñigo', 'Sofía', 'Martín', 'Begoña', 'Ramón'];
const LAST = ['García', 'Pérez', 'Muñoz', 'Núñez', 'Gómez', 'Álvarez', 'Ibáñez', 'Sánchez', 'Peña', 'Díaz'];
const ascii = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
function person(i: number): { name: string; email: string } {
  const first = pick(FIRST);
  const last = [pick(LAST), pick(LAST)] as const;
  const domain = pick(['example.com', 'example.es', 'correo.test']);
  return { name: `${first} ${last[0]} ${last[1]}`, email: `${ascii(first)}.${ascii(last[0])}${i}@${domain}` };
}
const COMPANIES = ['Logística Ibérica S.L.', 'Agroandaluza S.A.', 'Seguros del Norte', 'Talleres Bilbaínos', null];
const ADMINS = ['laura', 'pablo', 'marta'];

/**
 * Writes rows into a table `BATCH` at a time, one statement each: `INSERT … SELECT FROM unnest($1::type[], …)`,
 * one array parameter per column (a 1,000-row VALUES list would be 15,000 parameters, which the engine parses
 * markedly slower). Straight to the engine, not through the socket or Drizzle: the measured calls' statement counts
 * do not see seeding. `columns`: name and type; jsonb goes as text and is cast in the SELECT.
 */
async function insertRows(table: string, columns: Array<[string, string]>, rows: unknown[][]): Promise<void> {
  const names = columns.map(([name]) => `"${name}"`).join(', ');
  const arrays = columns.map(([, type], i) => `$${i + 1}::${type === 'jsonb' ? 'text' : type}[]`).join(', ');
  const select = columns.map(([name, type], i) => `c${i}${type === 'jsonb' ? '::jsonb' : ''} AS "${name}"`);
  const text =
    `INSERT INTO ${table} (${names}) SELECT ${select.join(', ')} ` +
    `FROM unnest(${arrays}) AS t(${columns.map((_, i) => `c${i}`).join(', ')})`;
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    await engine.query(
      text,
      columns.map((_, c) => batch.map((row) => row[c] ?? null)),
    );
  }
}

const json = (value: unknown) => (value === null ? null : JSON.stringify(value));

/** Contact messages as `addContactMessage` writes them, with the lead state partners give them. */
function seedMessages(): Promise<void> {
  const rows: unknown[][] = [];
  for (let i = 0; i < RECORDS; i += 1) {
    const at = spread(i, RECORDS);
    const { name, email } = person(i);
    const source = weighted({ form: 55, chat: 25, video: 10, investor: 10 });
    const language = pick(['en', 'es'] as const);
    const status = weighted({ new: 50, replied: 30, closed: 20 });
    const investor =
      source === 'investor'
        ? { ticketSize: pick(['under-250k', '250k-1m', '1m-5m']), sectors: ['ai'], regions: ['spain'], language }
        : null;
    const message =
      source === 'form'
        ? 'We would like to talk about a data platform for our logistics business.'
        : source === 'investor'
          ? 'Ticket: 250k-1m. Sectors: AI. Regions: Spain.'
          : `User: I would like to talk to the team.\nCEO Assistant: Of course. What is your e-mail?\nUser: ${email}`;
    rows.push([
      newId(at),
      source === 'video' ? email : name,
      email,
      source === 'form' || source === 'investor' ? pick(COMPANIES) : null,
      source === 'form' && random() < 0.3 ? '+34 600 123 456' : null,
      source === 'investor' ? 'investment' : random() < 0.8 ? pick(SERVICE_OPTIONS) : null,
      message,
      source,
      json(investor),
      language,
      source === 'chat' ? newChatSessionId(at) : null,
      iso(at),
      status,
      status === 'new' ? null : pick(ADMINS),
      status === 'new' ? null : iso(at + 3 * 3_600_000),
    ]);
  }
  return insertRows(
    'contact_messages',
    [
      ['id', 'text'],
      ['name', 'text'],
      ['email', 'text'],
      ['company', 'text'],
      ['phone', 'text'],
      ['service_of_interest', 'text'],
      ['message', 'text'],
      ['source', 'text'],
      ['investor', 'jsonb'],
      ['language', 'text'],
      ['session_id', 'text'],
      ['created_at', 'timestamptz'],
      ['status', 'text'],
      ['owner', 'text'],
      ['updated_at', 'timestamptz'],
    ],
    rows,
  );
}

/**
 * Subscribers as `subscribe` writes them, then confirmed (most) or unsubscribed by their links; a sign-up still
 * pending is at most 30 days old (retention forgets older ones).
 */
function seedSubscribers(): Promise<void> {
  const rows: unknown[][] = [];
  for (let i = 0; i < RECORDS; i += 1) {
    const at = spread(i, RECORDS);
    const { name, email } = person(i);
    const status = NOW - at < 30 * DAY && random() < 0.3 ? 'pending' : random() < 0.9 ? 'confirmed' : 'unsubscribed';
    rows.push([
      newId(at),
      email,
      createHash('sha256').update(email).digest('hex'),
      name,
      pick(['en', 'es']),
      status,
      randomBytes(24).toString('base64url'),
      iso(at),
      status === 'pending' ? null : iso(at + 10 * MINUTE),
      status === 'unsubscribed' ? iso(at + 40 * DAY) : null,
      iso(at).slice(0, 10),
      1,
    ]);
  }
  return insertRows(
    'newsletter_subscribers',
    [
      ['id', 'text'],
      ['email', 'text'],
      ['address_hash', 'text'],
      ['full_name', 'text'],
      ['language', 'text'],
      ['status', 'text'],
      ['token', 'text'],
      ['registered_at', 'timestamptz'],
      ['confirmed_at', 'timestamptz'],
      ['unsubscribed_at', 'timestamptz'],
      ['confirmation_day', 'date'],
      ['confirmation_mails', 'integer'],
    ],
    rows,
  );
}

const QUESTIONS = {
  en: ['What do you do?', 'Do you work with logistics companies?', 'How long does a project take?', 'Thanks!'],
  es: ['¿Qué hacéis?', '¿Trabajáis con empresas de logística?', '¿Cuánto dura un proyecto?', '¡Gracias!'],
};
const ANSWERS = {
  en: 'We help mid-sized companies with strategy, data and AI. Would you like to talk to the team?',
  es: 'Ayudamos a empresas medianas con estrategia, datos e IA. ¿Quiere hablar con el equipo?',
};

/**
 * Chat sessions as `insertChatExchange` leaves them: the session's row (its count, first and newest exchange), its
 * exchanges a minute apart, and for one session in four the lead flow's address (`lead`); one in ten is left asking
 * for the address. The chat list's e-mail search finds a session by that address.
 */
async function seedChats(): Promise<void> {
  const sessions: unknown[][] = [];
  const exchanges: unknown[][] = [];
  const emails: unknown[][] = [];
  for (let s = 0; s < CHAT_SESSIONS; s += 1) {
    const count = Math.floor(RECORDS / CHAT_SESSIONS) + (s < RECORDS % CHAT_SESSIONS ? 1 : 0);
    const started = spread(s, CHAT_SESSIONS);
    const id = newChatSessionId(started);
    const language = pick(['en', 'es'] as const);
    const { name, email } = person(s);
    const lead = s % 4 === 0;
    const asking = !lead && s % 10 === 1;
    for (let k = 0; k < count; k += 1) {
      const at = started + k * MINUTE;
      const question = lead && k === count - 1 ? email : (QUESTIONS[language][k % 4] as string);
      exchanges.push([newId(at), 'chat', id, iso(at), question, ANSWERS[language], language]);
    }
    sessions.push([
      'chat',
      id,
      iso(started),
      iso(started + (count - 1) * MINUTE),
      language,
      2 * count,
      asking ? 'email' : null,
      asking,
      asking ? name : null,
      null,
    ]);
    if (lead) {
      emails.push(['chat', id, email, true]);
    }
  }
  await insertRows(
    'conversations',
    [
      ['channel', 'text'],
      ['id', 'text'],
      ['started', 'timestamptz'],
      ['last_activity', 'timestamptz'],
      ['language', 'text'],
      ['message_count', 'integer'],
      ['lead_step', 'text'],
      ['lead_consent', 'boolean'],
      ['lead_name', 'text'],
      ['lead_email', 'text'],
    ],
    sessions,
  );
  await insertRows(
    'chat_exchanges',
    [
      ['id', 'text'],
      ['channel', 'text'],
      ['conversation_id', 'text'],
      ['at', 'timestamptz'],
      ['user_message', 'text'],
      ['bot_response', 'text'],
      ['language', 'text'],
    ],
    exchanges,
  );
  await insertRows(
    'conversation_emails',
    [
      ['channel', 'text'],
      ['conversation_id', 'text'],
      ['email', 'text'],
      ['lead', 'boolean'],
    ],
    emails,
  );
}

/**
 * Video calls as `recordVideoCallStart` and Tavus's callbacks leave them: the start (its room, callback nonce and
 * longest end), the transcript and the end; in one call in ten the visitor says an address.
 */
async function seedVideoCalls(): Promise<void> {
  const calls: unknown[][] = [];
  const events: unknown[][] = [];
  const emails: unknown[][] = [];
  for (let i = 0; i < RECORDS; i += 1) {
    const started = spread(i, RECORDS);
    const id = `c${randomBytes(8).toString('hex')}`;
    const language = pick(['en', 'es']);
    const { email } = person(i);
    const says = i % 10 === 0;
    const ended = started + (3 + Math.floor(random() * 8)) * MINUTE;
    const line = (speaker: 'user' | 'assistant', text: string, at: number) => ({ speaker, text, timestamp: iso(at) });
    const transcript = [
      line('assistant', 'Hello, I am the CEO assistant. How can I help?', started),
      line('user', 'We are looking at a data platform for our group.', started + 20_000),
      line('assistant', 'Tell me about your systems today.', started + 40_000),
      line('user', says ? `Please write to me at ${email}` : 'Three ERPs and a lot of spreadsheets.', started + 60_000),
    ];
    calls.push([
      'video',
      id,
      iso(started),
      iso(started),
      language,
      `https://tavus.daily.co/${id}`,
      randomBytes(18).toString('base64url'),
      iso(started + 30 * MINUTE),
    ]);
    events.push(['video', id, 'transcript', iso(ended), JSON.stringify(transcript)]);
    events.push(['video', id, 'ended', iso(ended), null]);
    if (says) emails.push(['video', id, email, false]);
  }
  await insertRows(
    'conversations',
    [
      ['channel', 'text'],
      ['id', 'text'],
      ['started', 'timestamptz'],
      ['last_activity', 'timestamptz'],
      ['language', 'text'],
      ['conversation_url', 'text'],
      ['callback_nonce', 'text'],
      ['ends_by', 'timestamptz'],
    ],
    calls,
  );
  await insertRows(
    'video_call_events',
    [
      ['channel', 'text'],
      ['conversation_id', 'text'],
      ['kind', 'text'],
      ['at', 'timestamptz'],
      ['transcript', 'jsonb'],
    ],
    events,
  );
  await insertRows(
    'conversation_emails',
    [
      ['channel', 'text'],
      ['conversation_id', 'text'],
      ['email', 'text'],
      ['lead', 'boolean'],
    ],
    emails,
  );
}

/** Audit events as `recordAudit` writes them: mostly sign-ins, by three admins and an investor. */
function seedAudit(): Promise<void> {
  const rows: unknown[][] = [];
  const investorActions = ['sign-in', 'document.download', 'password.change', 'invitation.accept'] as const;
  for (let i = 0; i < RECORDS; i += 1) {
    const at = spread(i, RECORDS);
    const investor = random() < 0.2;
    const actor = investor ? 'investor.ana' : pick(ADMINS);
    const action = random() < 0.5 ? 'sign-in' : investor ? pick(investorActions) : pick(AUDIT_ACTIONS);
    rows.push([
      newId(at),
      iso(at),
      actor,
      investor ? 'investor' : 'admin',
      action,
      action === 'sign-in' ? actor : newId(at),
      '',
    ]);
  }
  return insertRows(
    'audit_log',
    [
      ['id', 'text'],
      ['at', 'timestamptz'],
      ['actor', 'text'],
      ['actor_role', 'text'],
      ['action', 'text'],
      ['target', 'text'],
      ['detail', 'text'],
    ],
    rows,
  );
}

type KindDescriptor = {
  name: string;
  listTime?: (record: never) => string;
  isPublic?: (record: never) => boolean;
  slug?: { of: (record: never) => string };
  category?: (record: never) => string | null;
};

/**
 * Content as `ContentCollection` writes it: the shared fields in columns, the rest in `fields`, and the columns the
 * kind's descriptor derives (list date, public, slug, category), from the descriptor itself. The demo records, each
 * under a new id and date (and, for insights, slug), one an hour back from now.
 */
function seedContent(kind: KindDescriptor, bases: ReadonlyArray<{ id: string; title: object }>): Promise<void> {
  const rows: unknown[][] = [];
  for (let i = 0; i < CONTENT; i += 1) {
    const base = bases[i % bases.length] as Record<string, unknown> & { slug?: string; published?: boolean };
    const at = iso(NOW - i * 3_600_000);
    const record = {
      ...base,
      id: newId(NOW - i * 3_600_000),
      createdAt: at,
      updatedAt: at,
      ...(base.slug === undefined ? {} : { slug: `${base.slug}-${i}`, publishedAt: base.published ? at : null }),
    };
    const { id, title, description, createdAt, updatedAt, version, ...fields } = record as typeof record & {
      title: { en: string; es: string };
      description: { en: string; es: string };
      version: number;
    };
    const of = <R>(derive: ((record: never) => R) | undefined, fallback: R) =>
      derive ? derive(record as never) : fallback;
    rows.push([
      id,
      kind.name,
      version,
      createdAt,
      updatedAt,
      of(kind.listTime, createdAt),
      of(kind.isPublic, true),
      kind.slug ? kind.slug.of(record as never) : null,
      of(kind.category, null),
      JSON.stringify(title),
      JSON.stringify(description),
      JSON.stringify(fields),
    ]);
  }
  return insertRows(
    'content',
    [
      ['id', 'text'],
      ['kind', 'text'],
      ['version', 'integer'],
      ['created_at', 'timestamptz'],
      ['updated_at', 'timestamptz'],
      ['list_at', 'timestamptz'],
      ['is_public', 'boolean'],
      ['slug', 'text'],
      ['category', 'text'],
      ['title', 'jsonb'],
      ['description', 'jsonb'],
      ['fields', 'jsonb'],
    ],
    rows,
  );
}

/** What the bench itself writes while measuring (its messages, sign-ins, mails, quotas): gone before and after. */
async function removeBenchWrites(): Promise<void> {
  await engine.exec(`
    DELETE FROM contact_messages WHERE email = 'bench@example.com';
    DELETE FROM audit_log WHERE actor = 'bench';
    DELETE FROM mail_outbox;
    DELETE FROM daily_quotas;`);
}

/** The seeded kinds and how many rows of each the store holds. */
async function counts(): Promise<Record<string, number>> {
  const [row] = (
    await engine.query<Record<string, number>>(`SELECT
      (SELECT count(*)::int FROM contact_messages) AS messages,
      (SELECT count(*)::int FROM newsletter_subscribers) AS subscribers,
      (SELECT count(*)::int FROM chat_exchanges) AS "chat exchanges",
      (SELECT count(*)::int FROM conversations WHERE channel = 'chat') AS "chat sessions",
      (SELECT count(*)::int FROM conversations WHERE channel = 'video') AS "video calls",
      (SELECT count(*)::int FROM audit_log) AS "audit events",
      (SELECT count(*)::int FROM content WHERE kind = 'portfolio') AS "case studies",
      (SELECT count(*)::int FROM content WHERE kind = 'insights') AS insights`)
  ).rows;
  return row ?? {};
}
const EXPECTED: Record<string, number> = {
  messages: RECORDS,
  subscribers: RECORDS,
  'chat exchanges': RECORDS,
  'chat sessions': CHAT_SESSIONS,
  'video calls': RECORDS,
  'audit events': RECORDS,
  'case studies': CONTENT,
  insights: CONTENT,
};

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await work();
  console.log(`  ${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return result;
}

/** Seeds every kind; answers the seconds it took. */
async function seed(): Promise<number> {
  console.log(`Seeding ${RECORDS} records of each kind (${CONTENT} case studies and insights)…`);
  const start = performance.now();
  const demo = demoRecords();
  await timed('messages', seedMessages);
  await timed('subscribers', seedSubscribers);
  await timed(`chat (${RECORDS} exchanges in ${CHAT_SESSIONS} sessions)`, seedChats);
  await timed('video calls', seedVideoCalls);
  await timed('audit events', seedAudit);
  await timed('case studies', () => seedContent(portfolioKind as KindDescriptor, demo.portfolio));
  await timed('insights', () => seedContent(insightsKind as KindDescriptor, demo.insights));
  // What autovacuum does after a bulk load on a real server (the local engine has none): the planner's statistics
  // and the visibility map (index-only scans).
  await timed('VACUUM ANALYZE', () => engine.exec('VACUUM ANALYZE'));
  return (performance.now() - start) / 1000;
}

await removeBenchWrites();
let seedSeconds: number;
const found = await counts();
if (mark && Object.entries(EXPECTED).every(([kind, count]) => found[kind] === count)) {
  seedSeconds = mark.seconds;
  console.log(`Measuring the store seeded in ${kept} on ${mark.at} (${RECORDS} records of each kind)…`);
} else {
  if (Object.values(found).some((count) => count > 0)) {
    // A seeding that stopped midway (or another version's): seeding is quick, so it starts again from empty.
    console.log(`${kept} holds ${JSON.stringify(found)}: emptied and seeded again`);
    await engine.reset();
    await engine.applyMigrations('netlify/database/migrations');
  }
  seedSeconds = await seed();
  if (markFile)
    await writeFile(
      markFile,
      JSON.stringify({ records: RECORDS, content: CONTENT, seconds: seedSeconds, at: new Date().toISOString() }),
    );
  const seeded = await counts();
  for (const [kind, count] of Object.entries(EXPECTED))
    if (seeded[kind] !== count) throw new Error(`Seeded ${seeded[kind]} ${kind}, not ${count}`);
}

// The searched records: one seeded row of each kind, read back (so a kept --dir needs no other record of them).
const [probe] = (
  await engine.query<{ message: string; subscriber: string; lead: string; session: string; call: string }>(`SELECT
    (SELECT email FROM contact_messages ORDER BY created_at DESC, id DESC OFFSET 7 LIMIT 1) AS message,
    (SELECT email FROM newsletter_subscribers ORDER BY registered_at DESC, id DESC OFFSET 7 LIMIT 1) AS subscriber,
    (SELECT email FROM conversation_emails WHERE channel = 'chat' AND lead ORDER BY conversation_id LIMIT 1) AS lead,
    (SELECT id FROM conversations WHERE channel = 'chat' ORDER BY started DESC OFFSET 7 LIMIT 1) AS session,
    (SELECT id FROM conversations WHERE channel = 'video' ORDER BY started DESC OFFSET 7 LIMIT 1) AS call`)
).rows;
if (!probe) throw new Error('Nothing seeded');

// ---------------------------------------------------------------------------------------------------------------
// Measuring

const signIn = await adminLoginFunction(
  new Request('http://localhost/api/admin/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost' },
    body: JSON.stringify({ username: 'bench', password: 'bench password long enough' }),
  }),
  { params: {}, ip: '127.0.0.1' } as unknown as Context,
);
if (signIn.status !== 200) throw new Error(`Sign-in answered ${signIn.status}: ${await signIn.text()}`);
const cookie = signIn.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
const get = (path: string, signedIn = true) =>
  new Request(`http://localhost${path}`, { headers: signedIn ? { cookie } : {} });

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function contextFor(path: string): Context {
  const id = /^\/api\/(?:portfolio|insights)\/([^/?]+)/.exec(path)?.[1];
  return { params: id ? { id } : {}, ip: '127.0.0.1' } as unknown as Context;
}

interface Row {
  call: string;
  p50: number;
  p95: number;
  statements: string;
  rows: number | string;
  kb: number;
}
const rows: Row[] = [];
let blobsRequests = 0;

/**
 * One warm-up call, then `RUNS` timed calls: each request is made before its clock starts, and the statements it
 * sent counted from `resetQueryCount()` to its body's last byte.
 */
async function measure(call: string, handler: Handler, request: () => Request | Promise<Request>): Promise<void> {
  const first = await request();
  const context = contextFor(new URL(first.url).pathname);
  const warm = await handler(first, context);
  await warm.arrayBuffer();
  if (warm.status >= 400) throw new Error(`${call} answered ${warm.status}`);
  const times: number[] = [];
  const statements: number[] = [];
  let body = '';
  for (let i = 0; i < RUNS; i += 1) {
    const next = await request();
    blobs.resetRequests();
    resetQueryCount();
    const start = performance.now();
    const response = await handler(next, context);
    body = await response.text();
    times.push(performance.now() - start);
    statements.push(queryCount());
    blobsRequests += blobs.requests();
    if (response.status >= 400) throw new Error(`${call} answered ${response.status}: ${body.slice(0, 200)}`);
  }
  times.sort((a, b) => a - b);
  const [fewest, most] = [Math.min(...statements), Math.max(...statements)];
  const parsed = JSON.parse(body) as unknown;
  rows.push({
    call,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    statements: fewest === most ? String(most) : `${fewest}–${most}`,
    rows: Array.isArray(parsed) ? parsed.length : '',
    kb: Buffer.byteLength(body) / 1024,
  });
  if (process.env['BENCH_VERBOSE']) console.log(rows.at(-1));
}

/** The cursor after `pages` pages of `path` (from X-Next-Cursor), or '' when the list ends before. */
async function cursorAfter(handler: Handler, path: string, pages: number, signedIn: boolean): Promise<string> {
  let cursor = '';
  for (let i = 0; i < pages; i += 1) {
    const response = await handler(get(cursor ? `${path}&cursor=${cursor}` : path, signedIn), contextFor(path));
    await response.arrayBuffer();
    cursor = response.headers.get(NEXT_CURSOR_HEADER) ?? '';
    if (!cursor) break;
  }
  return cursor;
}
/** The later page measured: the 11th, or the 2nd of a list too short for 11. */
const LATER = Math.min(10, Math.max(1, Math.floor(RECORDS / (2 * PAGE))));

/**
 * A list's first page and a later one (from X-Next-Cursor), `PAGE` records a page, fewer for a list of `total`
 * records too short for a later page of that size (the chat list's N/5 sessions at N = 100).
 */
async function firstAndLater(label: string, handler: Handler, path: string, total: number, signedIn = true) {
  const limit = Math.min(PAGE, Math.max(1, Math.floor(total / (LATER + 1))));
  const first = `${path}?limit=${limit}`;
  await measure(`${label}?limit=${limit} (page 1)`, handler, () => get(first, signedIn));
  const cursor = await cursorAfter(handler, first, LATER, signedIn);
  if (cursor) {
    await measure(`${label}?limit=${limit} (page ${LATER + 1})`, handler, () =>
      get(`${first}&cursor=${cursor}`, signedIn),
    );
    return;
  }
  const answered = rows.at(-1)?.rows;
  const note = typeof answered === 'number' && answered > limit ? `${answered} rows: not paged` : 'one page only';
  rows.push({ call: `${label}: no X-Next-Cursor (${note})`, p50: NaN, p95: NaN, statements: '', rows: '', kb: 0 });
}

const q = (text: string) => encodeURIComponent(text);
const searchedName = 'maría garcía';

await firstAndLater('GET /api/contact-messages', contactMessagesFunction, '/api/contact-messages', RECORDS);
await measure(`GET /api/contact-messages?q=${searchedName}`, contactMessagesFunction, () =>
  get(`/api/contact-messages?q=${q(searchedName)}`),
);
await measure('GET /api/contact-messages?q={e-mail}', contactMessagesFunction, () =>
  get(`/api/contact-messages?q=${q(probe.message)}`),
);
await measure('GET /api/contact-messages?status=replied&source=chat', contactMessagesFunction, () =>
  get(`/api/contact-messages?status=replied&source=chat&limit=${PAGE}`),
);
await firstAndLater('GET /api/newsletters', newslettersFunction, '/api/newsletters', RECORDS);
await measure(`GET /api/newsletters?q=${searchedName}`, newslettersFunction, () =>
  get(`/api/newsletters?q=${q(searchedName)}`),
);
await measure('GET /api/newsletters?q={e-mail}', newslettersFunction, () =>
  get(`/api/newsletters?q=${q(probe.subscriber)}`),
);
await firstAndLater('GET /api/whatsapp-conversations', whatsappFunction, '/api/whatsapp-conversations', CHAT_SESSIONS);
await measure('GET /api/whatsapp-conversations?q={lead e-mail}', whatsappFunction, () =>
  get(`/api/whatsapp-conversations?q=${q(probe.lead)}`),
);
await measure('GET /api/whatsapp-conversations?q={session id}', whatsappFunction, () =>
  get(`/api/whatsapp-conversations?q=${q(probe.session)}`),
);
await firstAndLater('GET /api/tavus-conversations', tavusFunction, '/api/tavus-conversations', RECORDS);
await measure('GET /api/tavus-conversations?q={call id}', tavusFunction, () =>
  get(`/api/tavus-conversations?q=${q(probe.call)}`),
);
await firstAndLater('GET /api/audit-log', auditFunction, '/api/audit-log', RECORDS);
await firstAndLater('GET /api/portfolio/admin', portfolioFunction, '/api/portfolio/admin', CONTENT);
await measure('GET /api/portfolio/admin?q=logistics', portfolioFunction, () => get('/api/portfolio/admin?q=logistics'));
await firstAndLater('GET /api/insights/admin', insightsFunction, '/api/insights/admin', CONTENT);
await measure('GET /api/insights/admin?q=ai governance', insightsFunction, () =>
  get(`/api/insights/admin?q=${q('ai governance')}`),
);
await firstAndLater('GET /api/portfolio', portfolioFunction, '/api/portfolio', CONTENT, false);
await firstAndLater('GET /api/insights', insightsFunction, '/api/insights', CONTENT, false);
await measure('GET /api/overview', overviewFunction, () => get('/api/overview'));

// The save sends the version it was edited from, as the dashboard does: read before each run's clock starts.
const [edited] = (
  await engine.query<{ id: string }>(`SELECT id FROM content WHERE kind = 'portfolio' ORDER BY list_at DESC LIMIT 1`)
).rows;
if (!edited) throw new Error('No case study');
const portfolioGet = await portfolioFunction(
  get(`/api/portfolio/${edited.id}`),
  contextFor(`/api/portfolio/${edited.id}`),
);
const caseStudy = (await portfolioGet.json()) as Record<string, unknown>;
await measure('PUT /api/portfolio/{id}', portfolioFunction, async () => {
  const [current] = (await engine.query<{ version: number }>('SELECT version FROM content WHERE id = $1', [edited.id]))
    .rows;
  return new Request(`http://localhost/api/portfolio/${edited.id}`, {
    method: 'PUT',
    headers: { cookie, origin: 'http://localhost', 'content-type': 'application/json' },
    body: JSON.stringify({ ...caseStudy, version: current?.version }),
  });
});
await measure(
  'POST /api/contact',
  contactFunction,
  () =>
    new Request('http://localhost/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Bench',
        email: 'bench@example.com',
        company: 'Bench S.L.',
        serviceOfInterest: 'ai-solutions',
        message: 'Hello from the benchmark.',
      }),
    }),
);

// Whole exports: streamed a page of records at a time. The first byte is the header (sent before any page is
// read); the first row is the first page's.
interface ExportRow {
  call: string;
  firstByte: number;
  firstRow: number;
  total: number;
  rows: number;
  mb: number;
  statements: number;
}
const exports: ExportRow[] = [];

/** CSV records in a text, across chunks: line ends outside quotes. */
function recordCounter() {
  let quoted = false;
  let lines = 0;
  return {
    feed(text: string) {
      for (let i = 0; i < text.length; i += 1) {
        const char = text.charCodeAt(i);
        if (char === 34) quoted = !quoted;
        else if (char === 10 && !quoted) lines += 1;
      }
    },
    get lines() {
      return lines;
    },
  };
}

async function measureExport(call: string, handler: Handler, path: string): Promise<void> {
  const runs: ExportRow[] = [];
  for (let i = 0; i < (RECORDS > 10_000 ? EXPORT_RUNS : EXPORT_RUNS + 1); i += 1) {
    const request = get(path);
    resetQueryCount();
    const start = performance.now();
    const response = await handler(request, contextFor(path));
    if (response.status !== 200 || !response.body) throw new Error(`${call} answered ${response.status}`);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const counter = recordCounter();
    let firstByte = NaN;
    let firstRow = NaN;
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const now = performance.now() - start;
      if (Number.isNaN(firstByte)) firstByte = now;
      bytes += value.byteLength;
      counter.feed(decoder.decode(value, { stream: true }));
      if (Number.isNaN(firstRow) && counter.lines > 1) firstRow = now;
    }
    runs.push({
      call,
      firstByte,
      firstRow,
      total: performance.now() - start,
      rows: counter.lines - 1,
      mb: bytes / 1_048_576,
      statements: queryCount(),
    });
  }
  // The warm-up run (below 100,000 records) is left out; then the median run by total time.
  const timed = (RECORDS > 10_000 ? runs : runs.slice(1)).sort((a, b) => a.total - b.total);
  exports.push(timed[Math.floor((timed.length - 1) / 2)] as ExportRow);
}

// The messages POST /api/contact stored are gone first: an export's rows are the N seeded.
await removeBenchWrites();
await measureExport(
  'GET /api/contact-messages?format=csv',
  contactMessagesFunction,
  '/api/contact-messages?format=csv',
);
await measureExport('GET /api/newsletters?format=csv', newslettersFunction, '/api/newsletters?format=csv');

// ---------------------------------------------------------------------------------------------------------------
// Report

function table(header: string[], lines: string[][], right: boolean[]): string {
  const widths = header.map((title, c) => Math.max(title.length, ...lines.map((line) => (line[c] ?? '').length)));
  const cell = (text: string, c: number) =>
    right[c] ? text.padStart(widths[c] as number) : text.padEnd(widths[c] as number);
  return [
    `| ${header.map(cell).join(' | ')} |`,
    `| ${widths.map((width, c) => (right[c] ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width))).join(' | ')} |`,
    ...lines.map((line) => `| ${line.map(cell).join(' | ')} |`),
  ].join('\n');
}
const ms = (value: number) => (Number.isNaN(value) ? '' : value < 10 ? value.toFixed(1) : String(Math.round(value)));
const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');

console.log(
  `\nN = ${RECORDS.toLocaleString('en')} records of each kind (chat: ${RECORDS.toLocaleString('en')} exchanges in ` +
    `${CHAT_SESSIONS.toLocaleString('en')} sessions; ${CONTENT.toLocaleString('en')} case studies and insights); ` +
    `seeded in ${seedSeconds.toFixed(1)} s${mark ? ` (${mark.at})` : ''}; ${RUNS} runs per call after a warm-up; ` +
    `Node ${process.version}; load average ${load(loadBefore)} before, ${load(loadavg())} after\n`,
);
console.log(
  table(
    ['call', 'p50 ms', 'p95 ms', 'statements', 'rows', 'KB'],
    rows.map((row) => [
      row.call,
      ms(row.p50),
      ms(row.p95),
      row.statements,
      String(row.rows),
      row.kb ? String(Math.round(row.kb)) : '',
    ]),
    [false, true, true, true, true, true],
  ),
);
console.log(
  `\n${table(
    ['whole export', 'first byte ms', 'first row ms', 'total ms', 'rows', 'MB', 'statements'],
    exports.map((row) => [
      row.call,
      ms(row.firstByte),
      ms(row.firstRow),
      ms(row.total),
      String(row.rows),
      row.mb.toFixed(1),
      String(row.statements),
    ]),
    [false, true, true, true, true, true, true],
  )}`,
);
console.log(
  `\n(exports: the median of ${EXPORT_RUNS} runs${RECORDS > 10_000 ? '' : ' after a warm-up'}; Blobs requests ` +
    `during the timed calls: ${blobsRequests})`,
);

await removeBenchWrites();
await closeDatabase();
await engine.stop();
await blobs.stop();
