import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import accessFunction from '../../netlify/functions/investor-access-request';
import chatFunction from '../../netlify/functions/chat';
import contactFunction from '../../netlify/functions/contact-send';
import newsletterFunction from '../../netlify/functions/newsletter-subscribe';
import tavusFunction from '../../netlify/functions/video-start';
import tavusConversationsFunction from '../../netlify/functions/video-log';
import whatsappFunction from '../../netlify/functions/chat-log';
import { resetEnvCache } from '../../src/platform/env';
import { BODY_LIMITS, visitorHash } from '../../src/features/quotas/quotas';
import { allPages } from '../../src/platform/db/paging';
import { eachLead } from '../../src/features/leads/messages-store';
import { confirmSubscription, getSubscriber, listSubscribers } from '../../src/features/newsletter/subscribers-store';
import { DAILY_CAP_REACHED, VISITOR_CAP_REACHED } from '../../src/features/video/tavus';
import { startLocalBlobs, type LocalBlobs } from '../helpers/blobs';
import { testDatabase } from '../helpers/db-setup';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai';
import { startFakeTavus, type FakeTavus } from '../helpers/fake-tavus';
import { call, callJson } from '../helpers/functions';

type Handler = Parameters<typeof call>[0];
type Answer = { status: number; body: { message?: string; field?: string; id?: string }; headers: Headers };

let openai: FakeOpenAi;
let tavus: FakeTavus;
let blobs: LocalBlobs;

beforeAll(async () => {
  [openai, tavus] = await Promise.all([startFakeOpenAi(), startFakeTavus()]);
});
afterAll(async () => {
  await Promise.all([openai.stop(), tavus.stop()]);
});

/** Every table emptied: each case starts the day with every quota unused. */
async function emptyDatabase() {
  const tables = await testDatabase().query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`,
  );
  await testDatabase().query(`TRUNCATE ${tables.map(({ name }) => `"${name}"`).join(', ')} CASCADE`);
}

/** What is stored, files and rows: equal snapshots mean a request stored nothing. */
async function stored() {
  return { files: await blobs.snapshot(), rows: await testDatabase().snapshot() };
}

// Each case starts with an empty store and database, so every quota starts the day unused.
beforeEach(async () => {
  blobs = await startLocalBlobs();
  await emptyDatabase();
  for (const name of Object.keys(process.env)) if (name.startsWith('QUOTA_')) delete process.env[name];
  Object.assign(process.env, {
    JWT_SECRET: 'quota-test-secret-that-is-long-enough-0123456789',
    IP_HASH_SECRET: 'quota-test-ip-hash-secret-long-enough-0123456789',
    OPENAI_API_KEY: 'sk-test-key',
    OPENAI_BASE_URL: openai.baseURL,
    OPENAI_MODEL: 'test-model',
    CHAT_DAILY_MODEL_CALLS: '500',
    TAVUS_API_KEY: 'tavus-test-key',
    TAVUS_BASE_URL: tavus.baseURL,
    TAVUS_REPLICA_ID: 'r-configured',
    TAVUS_PERSONA_ID: 'p-configured',
    TAVUS_DAILY_CALLS: '50',
    URL: 'https://site.example',
  });
  resetEnvCache();
  openai.requests.length = 0;
  openai.respondWith({ text: 'An answer from the model.' });
  tavus.requests.length = 0;
  tavus.respondWith(200, { conversation_id: 'c0ffee123', conversation_url: 'https://tavus.daily.co/c0ffee123' });
});
afterEach(async () => blobs.stop());

/** Conversations created at the fake Tavus (the persona's reads and patches are not calls). */
const conversationsCreated = () =>
  tavus.requests.filter((r) => r.method === 'POST' && r.path === '/v2/conversations').length;

function useEnv(values: Record<string, string>) {
  Object.assign(process.env, values);
  resetEnvCache();
}

function post(handler: Handler, path: string, body: unknown, ip: string): Promise<Answer> {
  return callJson(handler, path, { method: 'POST', body, ip });
}

/** A question the built-in assistant and the model both answer (not a greeting, not an extraction attempt). */
const question = (text = 'What have you done in logistics?') => ({
  messages: [{ role: 'user', content: text }],
  language: 'en',
});
const contact = (n: number) => ({ name: `Visitor ${n}`, email: `visitor${n}@example.com`, message: `Hello ${n}` });
const chatLog = (n: number) => ({
  sessionId: `session_1732280000000_quota${String(n).padStart(4, '0')}`,
  userMessage: 'Hello',
  botResponse: 'Hi',
  language: 'en',
});
const videoLog = (n: number) => ({ sessionId: `video_quota_${n}`, transcript: [], language: 'en' });

/** Seconds from now to the next UTC midnight. */
function secondsToMidnight(): number {
  const now = new Date();
  return (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000;
}

function expectRetryTomorrow(answer: Answer) {
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(Math.abs(retryAfter - secondsToMidnight())).toBeLessThan(30);
}

const statuses = (answers: Answer[]) =>
  answers.reduce<Record<number, number>>((count, { status }) => ({ ...count, [status]: (count[status] ?? 0) + 1 }), {});

describe('daily caps under concurrency (real parallel requests, one database)', () => {
  it('CHAT_DAILY_MODEL_CALLS=10: 100 simultaneous chats make 10 model calls and all 100 get an answer', async () => {
    useEnv({ CHAT_DAILY_MODEL_CALLS: '10' });
    const answers = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const streamed = i % 2 === 1;
        const response = await call(chatFunction, '/api/chat', {
          method: 'POST',
          body: question(),
          ip: `198.51.100.${i}`,
          headers: streamed ? { accept: 'text/event-stream' } : {},
        });
        const text = await response.text();
        const message = streamed
          ? (JSON.parse(/event: done\ndata: (.*)\n/.exec(text)?.[1] ?? '{}') as { message?: string }).message
          : (JSON.parse(text) as { message?: string }).message;
        return { status: response.status, message: message ?? '' };
      }),
    );
    expect(openai.requests).toHaveLength(10);
    expect(answers.every((answer) => answer.status === 200 && answer.message.length > 0)).toBe(true);
    expect(answers.filter((answer) => answer.message === 'An answer from the model.')).toHaveLength(10);
  });

  it('TAVUS_DAILY_CALLS=3: 20 simultaneous starts create 3 conversations; the rest hear "not available" (503)', async () => {
    useEnv({ TAVUS_DAILY_CALLS: '3' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(tavusFunction, '/api/tavus/conversation', { language: 'en' }, `198.51.100.${i}`),
      ),
    );
    expect(conversationsCreated()).toBe(3);
    expect(statuses(answers)).toEqual({ 201: 3, 503: 17 });
    for (const answer of answers.filter(({ status }) => status === 503)) {
      expect(answer.body).toEqual({ message: DAILY_CAP_REACHED });
      expectRetryTomorrow(answer);
    }
  });

  it('lets one IP start 2 video calls a day, even 6 at once, and leaves the rest of the day to others', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post(tavusFunction, '/api/tavus/conversation', {}, '203.0.113.5')),
    );
    expect(statuses(answers)).toEqual({ 201: 2, 429: 4 });
    expect(conversationsCreated()).toBe(2);
    const refused = answers.find(({ status }) => status === 429)!;
    expect(refused.body).toEqual({ message: VISITOR_CAP_REACHED });
    expectRetryTomorrow(refused);
    expect((await post(tavusFunction, '/api/tavus/conversation', {}, '203.0.113.6')).status).toBe(201);
  });

  it('gives one IP its share of model calls (QUOTA_MODEL_CALLS_PER_IP), then answers with the built-in assistant', async () => {
    useEnv({ QUOTA_MODEL_CALLS_PER_IP: '3' });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post(chatFunction, '/api/chat', question(), '203.0.113.7')),
    );
    expect(answers.every(({ status, body }) => status === 200 && body.message)).toBe(true);
    expect(openai.requests).toHaveLength(3);
    await post(chatFunction, '/api/chat', question(), '203.0.113.8');
    expect(openai.requests).toHaveLength(4);
  });
});

describe('per-IP daily quotas on anonymous writes', () => {
  it('takes 24 contact messages from one IP in a day, even at once, and refuses the 25th with 429 and Retry-After', async () => {
    const first = await Promise.all(
      Array.from({ length: 24 }, (_, i) => post(contactFunction, '/api/contact', contact(i), '203.0.113.10')),
    );
    expect(statuses(first)).toEqual({ 201: 24 });
    const before = await stored();
    const refused = await post(contactFunction, '/api/contact', contact(25), '203.0.113.10');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      message: 'Too many messages from your connection today. Please try again tomorrow.',
    });
    expectRetryTomorrow(refused);
    expect(await stored()).toEqual(before);
    expect((await post(contactFunction, '/api/contact', contact(26), '203.0.113.11')).status).toBe(201);
    expect(await allPages(eachLead())).toHaveLength(25);
  });

  it('holds the per-IP quota when 40 messages from one IP race', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post(contactFunction, '/api/contact', contact(i), '203.0.113.12')),
    );
    expect(statuses(answers)).toEqual({ 201: 24, 429: 16 });
    expect(await allPages(eachLead())).toHaveLength(24);
  });

  it('holds a site-wide daily ceiling across IPs (QUOTA_CONTACT_PER_DAY)', async () => {
    useEnv({ QUOTA_CONTACT_PER_DAY: '5' });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post(contactFunction, '/api/contact', contact(i), `192.0.2.${i}`)),
    );
    expect(statuses(answers)).toEqual({ 201: 5, 429: 7 });
    expect(answers.find(({ status }) => status === 429)!.body).toEqual({
      message: 'The site accepts no more messages today. Please try again tomorrow.',
    });
    expect(await allPages(eachLead())).toHaveLength(5);
  });

  it('counts newsletter sign-ups per IP (10 a day); a confirmed address’s sign-up stays a 409 and costs nothing', async () => {
    for (let i = 0; i < 10; i += 1) {
      const answer = await post(newsletterFunction, '/api/newsletter', contact(i), '203.0.113.20');
      expect(answer.status).toBe(201);
    }
    const refused = await post(newsletterFunction, '/api/newsletter', contact(10), '203.0.113.20');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many sign-ups from your connection today. Please try again tomorrow.');
    expectRetryTomorrow(refused);
    // Double opt-in: a pending address's sign-up mails the confirmation again, so it counts; a confirmed one's not.
    expect((await post(newsletterFunction, '/api/newsletter', contact(0), '203.0.113.20')).status).toBe(429);
    await confirmSubscription((await getSubscriber(contact(0).email))!.token!);
    expect((await post(newsletterFunction, '/api/newsletter', contact(0), '203.0.113.20')).status).toBe(409);
    expect(await listSubscribers()).toHaveLength(10);
  });

  it('caps chat messages per IP (QUOTA_CHAT_PER_IP) with a 429 before any model call', async () => {
    useEnv({ QUOTA_CHAT_PER_IP: '3' });
    for (let i = 0; i < 3; i += 1)
      expect((await post(chatFunction, '/api/chat', question(), '203.0.113.30')).status).toBe(200);
    const calls = openai.requests.length;
    const refused = await post(chatFunction, '/api/chat', question(), '203.0.113.30');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many chat messages from your connection today. Please try again tomorrow.');
    expectRetryTomorrow(refused);
    expect(openai.requests).toHaveLength(calls);
  });

  it('caps chat log and video log posts per IP', async () => {
    useEnv({ QUOTA_CHAT_LOG_PER_IP: '2' });
    const chatLogs = [];
    for (let i = 0; i < 3; i += 1) {
      chatLogs.push(await post(whatsappFunction, '/api/whatsapp-conversations', chatLog(i), '203.0.113.40'));
    }
    expect(chatLogs.map(({ status }) => status)).toEqual([201, 201, 429]);
    const videoLogs = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        post(tavusConversationsFunction, '/api/tavus-conversations', videoLog(i), '203.0.113.41'),
      ),
    );
    expect(statuses(videoLogs)).toEqual({ 201: 4, 429: 2 });
    expectRetryTomorrow(videoLogs.find(({ status }) => status === 429)!);
  });

  it('counts an IPv6 visitor by their /64, which one subscriber holds whole', async () => {
    const start = (ip: string) => post(tavusFunction, '/api/tavus/conversation', {}, ip);
    expect((await start('2001:db8:1:2::a')).status).toBe(201);
    expect((await start('2001:db8:1:2:ffff:1:2:3')).status).toBe(201);
    expect((await start('2001:DB8:1:2::c')).status).toBe(429);
    expect((await start('2001:db8:1:3::a')).status).toBe(201);
  });

  it('stores an HMAC of the day and the IP under the secret, never the address', async () => {
    const ip = '203.0.113.77';
    await post(contactFunction, '/api/contact', contact(1), ip);
    // Without context.ip, the address comes from the header Netlify sets.
    await callJson(contactFunction, '/api/contact', {
      method: 'POST',
      body: contact(2),
      ip: '',
      headers: { 'x-nf-client-connection-ip': ip },
    });
    const rows = await testDatabase().query<{ quota: string; subject: string; used: number }>(
      `SELECT quota, subject, used FROM daily_quotas WHERE quota LIKE 'contact%' ORDER BY quota`,
    );
    const hash = visitorHash(ip, new Date());
    expect(rows).toEqual([
      { quota: 'contact', subject: '', used: 2 },
      { quota: 'contact-ip', subject: hash, used: 2 },
    ]);
    expect(hash).not.toBe(createHash('sha256').update(ip).digest('hex').slice(0, 32));
    const everything = await testDatabase().query<{ row: string }>(`SELECT t::text AS row FROM daily_quotas t`);
    expect(JSON.stringify(everything) + JSON.stringify(await blobs.snapshot())).not.toContain(ip);
  });
});

/** A valid request for investor access (docs/product.md, "Request access"). */
const accessRequest = {
  name: 'Limit Investor',
  email: 'limit@investor.example',
  company: 'Limit Capital',
  ticketSize: 'over-5m',
  sectors: ['ai'],
  regions: ['global'],
  accredited: true,
  consent: true,
};

describe('body limits per route', () => {
  /** A body of exactly `bytes` bytes: the payload and a padding field the schema drops. */
  function sized(payload: object, bytes: number): string {
    const base = JSON.stringify({ ...payload, padding: '' });
    return JSON.stringify({ ...payload, padding: 'x'.repeat(bytes - Buffer.byteLength(base)) });
  }

  const routes: Array<[string, Handler, string, object, number]> = [
    ['contact', contactFunction, '/api/contact', contact(1), BODY_LIMITS.contact],
    ['newsletter', newsletterFunction, '/api/newsletter', contact(1), BODY_LIMITS.newsletter],
    ['chat', chatFunction, '/api/chat', question(), BODY_LIMITS.chat],
    ['chat log', whatsappFunction, '/api/whatsapp-conversations', chatLog(1), BODY_LIMITS.chatLog],
    ['video log', tavusConversationsFunction, '/api/tavus-conversations', videoLog(1), BODY_LIMITS.videoLog],
    ['video start', tavusFunction, '/api/tavus/conversation', { language: 'en' }, BODY_LIMITS.videoStart],
    ['access request', accessFunction, '/api/access-requests', accessRequest, BODY_LIMITS.access],
  ];

  it('limits are 16 KB for contact, chat logs and bookings, 64 KB for a video log, 256 KB for a signed WhatsApp delivery, 2 KB for a beacon, small for the rest', () => {
    expect(BODY_LIMITS).toEqual({
      contact: 16 * 1024,
      newsletter: 4 * 1024,
      access: 8 * 1024,
      chat: 64 * 1024,
      chatLog: 16 * 1024,
      videoLog: 64 * 1024,
      videoStart: 8 * 1024,
      booking: 16 * 1024,
      cancel: 4 * 1024,
      // Read before its signature can be checked: Meta batches deliveries, but never more than this.
      whatsapp: 256 * 1024,
      // The analytics beacon: a name, a URL, a referrer and a width.
      event: 2 * 1024,
    });
  });

  it.each(routes)(
    '%s: takes a body of the limit, answers 413 JSON one byte past it',
    async (_, handler, path, payload, limit) => {
      const send = (rawBody: string) =>
        callJson<{ message?: string }>(handler, path, {
          method: 'POST',
          rawBody,
          headers: { 'content-type': 'application/json' },
          ip: '203.0.113.90',
        });
      const atLimit = await send(sized(payload, limit));
      expect(atLimit.status).toBeGreaterThanOrEqual(200);
      expect(atLimit.status).toBeLessThan(300);
      const before = await stored();
      const over = await send(sized(payload, limit + 1));
      expect(over).toMatchObject({ status: 413, body: { message: 'Request body is too large' } });
      expect(over.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await stored()).toEqual(before);
    },
  );

  it('takes at most 200 transcript lines of 1,000 characters in a video log', async () => {
    const line = (text: string) => ({ speaker: 'user', text, timestamp: '2026-08-03T10:00:00.000Z' });
    const post200 = await post(
      tavusConversationsFunction,
      '/api/tavus-conversations',
      { ...videoLog(1), transcript: Array.from({ length: 200 }, () => line('y'.repeat(250))) },
      '203.0.113.91',
    );
    expect(post200.status).toBe(201);
    const tooMany = await post(
      tavusConversationsFunction,
      '/api/tavus-conversations',
      { ...videoLog(2), transcript: Array.from({ length: 201 }, () => line('y')) },
      '203.0.113.91',
    );
    expect(tooMany).toMatchObject({
      status: 400,
      body: { field: 'transcript', message: 'At most 200 transcript lines' },
    });
    const tooLong = await post(
      tavusConversationsFunction,
      '/api/tavus-conversations',
      { ...videoLog(3), transcript: [line('y'.repeat(1001))] },
      '203.0.113.91',
    );
    expect(tooLong).toMatchObject({
      status: 400,
      body: { field: 'transcript.0.text', message: 'A transcript line is at most 1000 characters' },
    });
  });
});
