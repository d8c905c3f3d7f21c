import type { Context } from '@netlify/functions';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import tavusFunction from '../../netlify/functions/video-start';
import callbackFunction from '../../netlify/functions/video-callback';
import tavusConversationsFunction from '../../netlify/functions/video-log';
import {
  deleteVideoCall,
  deleteVideoCalls,
  deleteVideoCallsBefore,
  listVideoConversations,
  listVideoConversationsPage,
  putVideoEvent,
  recordVideoCallStart,
  videoCallIdsStartedBetween,
  videoCallsByEmail,
  videoConversation,
} from '../../src/features/video/log';
import { queryCount, resetQueryCount } from '../../src/platform/db/client';
import { resetEnvCache } from '../../src/platform/env';
import type { VideoConversation } from '../../src/features/conversations/schema';
import { asAdmin, signIn, useTestEnv } from '../helpers/admin';
import { startLocalBlobs, type LocalBlobs } from '../helpers/blobs';
import { startFakeTavus, type FakeTavus } from '../helpers/fake-tavus';
import { testDatabase } from '../helpers/db-setup';
import { call, callJson } from '../helpers/functions';

const SITE_URL = 'https://www.vantia.example';

let blobs: LocalBlobs;
let tavus: FakeTavus;
beforeAll(async () => {
  blobs = await startLocalBlobs();
  tavus = await startFakeTavus();
});
afterAll(async () => {
  await tavus.stop();
  await blobs.stop();
});
afterEach(() => {
  vi.useRealTimers();
});

/** What is stored: every table's rows and every Blobs key, except the daily quotas (a refused post still counts). */
async function stored() {
  return {
    database: await testDatabase().snapshot({ withoutQuotas: true }),
    blobs: await blobs.snapshot({ withoutQuotas: true }),
  };
}

function configure({
  on = true,
  dailyCalls = 50,
  siteUrl = SITE_URL,
}: { on?: boolean; dailyCalls?: number; siteUrl?: string | null } = {}) {
  useTestEnv();
  if (siteUrl) process.env['URL'] = siteUrl;
  else delete process.env['URL'];
  if (on) {
    Object.assign(process.env, {
      TAVUS_API_KEY: 'tavus-test-key',
      TAVUS_BASE_URL: tavus.baseURL,
      TAVUS_REPLICA_ID: 'r-configured',
      TAVUS_PERSONA_ID: 'p-configured',
      TAVUS_DAILY_CALLS: String(dailyCalls),
      // Every start here comes from one IP; its share of the day's calls is tested in tests/api/quotas.test.ts.
      QUOTA_VIDEO_CALLS_PER_IP: '1000',
      QUOTA_VIDEO_LOG_PER_IP: '1000',
      TAVUS_MAX_CALL_SECONDS: '600',
    });
  } else {
    delete process.env['TAVUS_API_KEY'];
  }
  resetEnvCache();
}

let nextId = 0;
/** Makes the fake Tavus answer the next start with a new conversation. */
function nextConversation(): string {
  nextId += 1;
  const id = `c${Date.now().toString(36)}${nextId}`;
  tavus.respondWith(200, { conversation_id: id, conversation_url: `https://tavus.daily.co/${id}`, status: 'active' });
  return id;
}

function start(body: Record<string, unknown> = {}) {
  return callJson<{ conversation_id?: string; conversation_url?: string; message?: string }>(
    tavusFunction,
    '/api/tavus/conversation',
    { method: 'POST', body },
  );
}

/** Starts a call as the video card does; answers its id and the callback URL's query the server gave Tavus. */
async function startCall(language: 'en' | 'es' = 'en'): Promise<{ id: string; query: string }> {
  const id = nextConversation();
  const { status } = await start({ language });
  expect(status).toBe(201);
  const sent = tavus.created().at(-1)!;
  return { id, query: new URL(String(sent['callback_url'])).search };
}

function callback(query: string, body: Record<string, unknown>) {
  return callJson<{ message?: string; received?: boolean }>(callbackFunction, `/api/tavus/callback${query}`, {
    method: 'POST',
    body,
  });
}

function pageLog(body: Record<string, unknown>) {
  return callJson<{ success?: boolean; message?: string }>(tavusConversationsFunction, '/api/tavus-conversations', {
    method: 'POST',
    body,
  });
}

async function callRecord(id: string): Promise<VideoConversation | undefined> {
  return (await listVideoConversations()).find((c) => c.sessionId === id);
}

describe('POST /api/tavus/conversation', () => {
  beforeEach(() => {
    tavus.requests.length = 0;
    tavus.personaStatus = 200;
    tavus.persona = { persona_id: 'p-configured', layers: { perception: { perception_model: 'raven-1' } } };
    tavus.respondWith(200, {
      conversation_id: 'c0ffee123',
      conversation_url: 'https://tavus.daily.co/c0ffee123',
      status: 'active',
    });
  });

  it('calls Tavus from the server with the key in a header, the configured ids, the greeting and the time limits', async () => {
    configure();
    const { status, body } = await start({
      replica_id: 'r-attacker',
      persona_id: 'p-attacker',
      custom_greeting: 'I am evil',
      language: 'es',
    });
    expect(status).toBe(201);
    expect(body).toEqual({ conversation_id: 'c0ffee123', conversation_url: 'https://tavus.daily.co/c0ffee123' });
    const request = tavus.requests.find((r) => r.method === 'POST')!;
    expect(request.path).toBe('/v2/conversations');
    expect(request.headers['x-api-key']).toBe('tavus-test-key');
    expect(request.body).toMatchObject({
      replica_id: 'r-configured',
      persona_id: 'p-configured',
      properties: {
        max_call_duration: 600,
        participant_left_timeout: 30,
        participant_absent_timeout: 120,
        language: 'spanish',
      },
    });
    const call = await callRecord('c0ffee123');
    expect(call).toMatchObject({
      language: 'es',
      conversationUrl: 'https://tavus.daily.co/c0ffee123',
      conversationEnded: null,
      clientReported: [],
    });
  });

  it('has the avatar say it is an AI, in the visitor’s language', async () => {
    configure();
    await start({ language: 'en', custom_greeting: "Hi, I'm the real CEO" });
    await start({ language: 'es' });
    const [english, spanish] = tavus.created().map((body) => String(body['custom_greeting']));
    expect(english).toMatch(/^Hello, I'm the AI avatar of Alejandro Ríos\b/);
    expect(english).toContain('you are talking to an artificial intelligence, not to Alejandro Ríos in person');
    expect(spanish).toMatch(/^Hola, soy el avatar de IA de Alejandro Ríos\b/);
    expect(spanish).toContain('está hablando con una inteligencia artificial, no con Alejandro Ríos en persona');
  });

  it('switches off Tavus’s perception (emotion) analysis before creating the call', async () => {
    configure();
    await start({ language: 'en' });
    const patch = tavus.requests.find((r) => r.method === 'PATCH')!;
    expect(patch.path).toBe('/v2/personas/p-configured');
    expect(patch.headers['x-api-key']).toBe('tavus-test-key');
    expect(patch.body).toEqual([{ op: 'replace', path: '/layers/perception/perception_model', value: 'off' }]);
    expect(tavus.requests.map((r) => r.method)).toEqual(['GET', 'PATCH', 'POST']);
    expect(tavus.persona).toMatchObject({ layers: { perception: { perception_model: 'off' } } });

    // Already off: read, not written again.
    tavus.requests.length = 0;
    await start({ language: 'en' });
    expect(tavus.requests.map((r) => r.method)).toEqual(['GET', 'POST']);

    // A persona without layers gets them.
    tavus.requests.length = 0;
    tavus.persona = { persona_id: 'p-configured' };
    await start({ language: 'en' });
    expect(tavus.persona).toMatchObject({ layers: { perception: { perception_model: 'off' } } });
  });

  it('starts no call when the perception cannot be switched off', async () => {
    configure();
    tavus.personaStatus = 500;
    const { status, body } = await start({ language: 'en' });
    expect(status).toBe(502);
    expect(body.message).toBe('Failed to start conversation');
    expect(tavus.created()).toHaveLength(0);
  });

  it('builds the callback URL from the configured site address, whatever Host the request names', async () => {
    configure();
    const request = new Request('https://attacker.example/api/tavus/conversation', {
      method: 'POST',
      headers: { 'content-type': 'application/json', host: 'attacker.example', 'x-forwarded-host': 'attacker.example' },
      body: JSON.stringify({ language: 'en' }),
    });
    const context = { params: {}, ip: '127.0.0.1' } as unknown as Context;
    expect((await tavusFunction(request, context)).status).toBe(201);
    const url = new URL(String(tavus.created()[0]!['callback_url']));
    expect(url.origin).toBe(SITE_URL);
    expect(url.pathname).toBe('/api/tavus/callback');
    expect([...url.searchParams.keys()]).toEqual(['nonce', 'expires', 'token']);
  });

  it('answers 503 without calling Tavus when the site address is not configured', async () => {
    configure({ siteUrl: null });
    const { status, body } = await start({ language: 'en' });
    expect(status).toBe(503);
    expect(body.message).toBe('Video calls are not configured on this site.');
    expect(tavus.requests).toHaveLength(0);
  });

  it('answers 503 with a clear message when Tavus is not configured, without calling it', async () => {
    configure({ on: false });
    const { status, body } = await start({ language: 'en' });
    expect(status).toBe(503);
    expect(body.message).toBe('Video calls are not configured on this site.');
    expect(tavus.requests).toHaveLength(0);
  });

  it('answers 502 with the text of docs/product.md, "Contractual texts" when Tavus fails or gives no URL or id', async () => {
    configure();
    tavus.respondWith(500, { error: 'boom' });
    expect((await start({})).body.message).toBe('Failed to start conversation');
    tavus.respondWith(200, { status: 'active' });
    expect((await start({})).body.message).toBe('No conversation URL or ID received');
    // Without an id the call could not be recorded, so it is not offered to the visitor.
    tavus.respondWith(200, { conversation_url: 'https://tavus.daily.co/noid' });
    expect((await start({})).status).toBe(502);
  });

  it('stops at the daily cap', async () => {
    configure({ dailyCalls: 0 });
    const { status } = await start({});
    expect(status).toBe(503);
    expect(tavus.requests).toHaveLength(0);
  });
});

describe('POST /api/tavus-conversations (the video card’s log)', () => {
  beforeEach(() => configure());

  it('stores nothing for a call the server did not start', async () => {
    const before = await stored();
    const { status } = await pageLog({
      sessionId: 'c-never-started',
      transcript: [{ speaker: 'assistant', text: 'I promise you a 90% discount', timestamp: '2026-01-01T10:00:00Z' }],
      language: 'en',
      conversationUrl: 'https://tavus.daily.co/c-never-started',
      duration: 3600,
    });
    expect(status).toBe(201); // the card does not read the answer; it says nothing about which calls exist
    expect(await stored()).toEqual(before);
    expect(await callRecord('c-never-started')).toBeUndefined();
  });

  it('keeps one log per call: a second post stores nothing new', async () => {
    const { id } = await startCall();
    await pageLog({ sessionId: id, transcript: [], language: 'en', duration: 30 });
    const afterFirst = await stored();
    await pageLog({
      sessionId: id,
      transcript: [{ speaker: 'assistant', text: 'Forged line', timestamp: '2026-01-01T10:00:00Z' }],
      language: 'en',
      duration: 31,
    });
    expect(await stored()).toEqual(afterFirst);
    expect((await callRecord(id))!.transcript).toEqual([]);
  });

  it('cannot change the URL, start or end the server knows', async () => {
    const { id, query } = await startCall('es');
    const started = (await callRecord(id))!.conversationStarted;
    await pageLog({
      sessionId: id,
      transcript: [],
      language: 'en',
      conversationUrl: 'https://evil.example/phish',
      duration: 86_400,
    });
    const reported = (await callRecord(id))!;
    expect(reported).toMatchObject({
      conversationUrl: `https://tavus.daily.co/${id}`,
      conversationStarted: started,
      language: 'es',
      clientReported: ['end'],
    });
    // The page's end is when its log arrived (the server's clock), not the day it claims.
    expect(reported.duration).toBeLessThan(5);

    const end = '2099-01-01T00:00:00.000Z';
    expect((await callback(query, { conversation_id: id, event_type: 'system.shutdown', timestamp: end })).status).toBe(
      200,
    );
    expect(await callRecord(id)).toMatchObject({
      conversationUrl: `https://tavus.daily.co/${id}`,
      conversationStarted: started,
      conversationEnded: end,
      clientReported: [],
    });
  });

  it('never lets the page’s log outlast the longest call the server allowed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    const { id } = await startCall();
    vi.setSystemTime(new Date('2026-03-01T18:00:00Z'));
    await pageLog({ sessionId: id, transcript: [], language: 'en', duration: 28_800 });
    expect(await callRecord(id)).toMatchObject({
      conversationEnded: '2026-03-01T10:10:00.000Z',
      duration: 600,
      clientReported: ['end'],
    });
  });

  it('shows Tavus’s transcript over the page’s, and labels the page’s as client-reported until then', async () => {
    const { id, query } = await startCall();
    await pageLog({
      sessionId: id,
      transcript: [{ speaker: 'assistant', text: 'Your project is approved', timestamp: '2026-01-01T10:00:00Z' }],
      language: 'en',
    });
    expect(await callRecord(id)).toMatchObject({
      transcript: [{ speaker: 'assistant', text: 'Your project is approved' }],
      clientReported: ['transcript', 'end'],
    });
    const cookie = await signIn();
    const csvRows = async () =>
      (await (await call(tavusConversationsFunction, '/api/tavus-conversations?format=csv', asAdmin(cookie))).text())
        .trim()
        .split('\r\n')
        .filter((line) => line.startsWith(`"${id}",`));
    expect(await csvRows()).toEqual([expect.stringMatching(/,"Your project is approved",.*,"transcript; end"$/)]);

    await callback(query, {
      conversation_id: id,
      event_type: 'application.transcription_ready',
      timestamp: '2026-01-01T10:05:00Z',
      properties: { transcript: [{ role: 'assistant', content: 'Tell me about your company' }] },
    });
    expect(await callRecord(id)).toMatchObject({
      transcript: [{ speaker: 'assistant', text: 'Tell me about your company' }],
      clientReported: ['end'],
    });
    expect(await csvRows()).toEqual([expect.stringMatching(/,"Tell me about your company",.*,"end"$/)]);
  });
});

describe('POST /api/tavus/callback', () => {
  beforeEach(() => configure());

  it('refuses a wrong or missing token and stores nothing', async () => {
    const { id, query } = await startCall();
    const before = await stored();
    const params = new URLSearchParams(query);
    const later = new URLSearchParams(params);
    later.set('expires', String(Number(params.get('expires')) + 86_400));
    for (const bad of ['', '?nonce=abcdefghijklmnopqrstuvwx&expires=9999999999&token=wrong', `?${later}`]) {
      const response = await callback(bad, { conversation_id: id, event_type: 'system.shutdown' });
      expect(response.status).toBe(401);
      expect(response.body.message).toBeTruthy();
    }
    expect(await stored()).toEqual(before);
  });

  it('stores the transcript and the end once, however often they are delivered', async () => {
    const { id, query } = await startCall();
    const transcript = {
      conversation_id: id,
      event_type: 'application.transcription_ready',
      timestamp: '2026-01-01T10:05:00Z',
      properties: {
        transcript: [
          { role: 'system', content: 'secret prompt' },
          { role: 'user', content: 'Hello' },
          { role: 'assistant', content: 'Welcome to Vantia' },
        ],
      },
    };
    const shutdown = {
      conversation_id: id,
      event_type: 'system.shutdown',
      timestamp: '2026-01-01T10:06:00Z',
      properties: { shutdown_reason: 'participant_left_timeout' },
    };
    for (let i = 0; i < 3; i += 1) {
      expect((await callback(query, transcript)).status).toBe(200);
      expect((await callback(query, shutdown)).status).toBe(200);
    }
    const call = (await callRecord(id))!;
    expect(call.transcript).toEqual([
      { speaker: 'user', text: 'Hello', timestamp: '2026-01-01T10:05:00.000Z' },
      { speaker: 'assistant', text: 'Welcome to Vantia', timestamp: '2026-01-01T10:05:00.000Z' },
    ]);
    expect(call.conversationEnded).toBe('2026-01-01T10:06:00.000Z');
    // One row for the call and one per event kind: the replays overwrote their own.
    const db = testDatabase();
    expect(await db.query(`SELECT id FROM conversations WHERE id = $1`, [id])).toHaveLength(1);
    const events = await db.query<{ kind: string }>(
      `SELECT kind FROM video_call_events WHERE conversation_id = $1 ORDER BY kind`,
      [id],
    );
    expect(events.map((event) => event.kind)).toEqual(['ended', 'transcript']);
  });

  it('refuses with 403 a callback whose body names another conversation than its URL’s', async () => {
    const a = await startCall();
    const b = await startCall();
    const before = await stored();
    for (const event of [
      { conversation_id: b.id, event_type: 'system.shutdown' },
      {
        conversation_id: b.id,
        event_type: 'application.transcription_ready',
        properties: { transcript: [{ role: 'assistant', content: 'Forged by A' }] },
      },
      { conversation_id: 'c-not-ours', event_type: 'system.shutdown' },
    ]) {
      const response = await callback(a.query, event);
      expect(response.status).toBe(403);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.body.message).toBe('This callback address is not for that conversation');
    }
    expect(await stored()).toEqual(before);
    expect(await callRecord(b.id)).toMatchObject({ conversationEnded: null, transcript: [] });
  });

  it('accepts a callback until a day after the call’s longest possible end, and refuses it after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const startedAt = Date.parse('2026-04-01T09:00:00Z');
    vi.setSystemTime(startedAt);
    const { id, query } = await startCall();
    const deadline = startedAt + (600 + 86_400) * 1000; // TAVUS_MAX_CALL_SECONDS, then a day

    vi.setSystemTime(deadline - 60_000);
    expect((await callback(query, { conversation_id: id, event_type: 'system.shutdown' })).status).toBe(200);

    vi.setSystemTime(deadline + 60_000);
    const before = await stored();
    const late = await callback(query, {
      conversation_id: id,
      event_type: 'application.transcription_ready',
      properties: { transcript: [{ role: 'assistant', content: 'Too late' }] },
    });
    expect(late.status).toBe(401);
    expect(late.body).toEqual({ message: 'This callback address has expired' });
    expect(await stored()).toEqual(before);
  });
});

describe('video calls in the database', () => {
  const DAY = 86_400_000;
  beforeEach(() => configure());

  async function record(id: string, at: Date, said: string | null = null) {
    await recordVideoCallStart({
      sessionId: id,
      kind: 'started',
      at: at.toISOString(),
      language: 'en',
      conversationUrl: `https://tavus.daily.co/${id}`,
    });
    if (said !== null) {
      await putVideoEvent({
        sessionId: id,
        kind: 'transcript',
        at: new Date(at.getTime() + 60_000).toISOString(),
        transcript: [{ speaker: 'user', text: said, timestamp: at.toISOString() }],
      });
    }
  }

  it('keeps the first of 5 page logs posted at once for one call', async () => {
    const { id } = await startCall();
    const statuses = await Promise.all(
      Array.from({ length: 5 }, (_, n) =>
        pageLog({
          sessionId: id,
          transcript: [{ speaker: 'user', text: `Line ${n}`, timestamp: '2026-01-01T10:00:00Z' }],
          language: 'en',
        }).then((response) => response.status),
      ),
    );
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    const rows = await testDatabase().query(
      `SELECT kind FROM video_call_events WHERE conversation_id = $1 AND kind = 'client-log'`,
      [id],
    );
    expect(rows).toHaveLength(1);
    expect((await callRecord(id))!.transcript).toHaveLength(1);
  });

  it('pages calls newest first by their start and finds one by its id, in at most 5 statements a page', async () => {
    const base = Date.UTC(2032, 0, 1);
    const ids = Array.from({ length: 7 }, (_, i) => `cpaging${i}`);
    for (const [i, id] of ids.entries()) await record(id, new Date(base + i * DAY), `Hello ${i}`);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      resetQueryCount();
      const page = await listVideoConversationsPage({ cursor, limit: 3, q: '' });
      expect(queryCount()).toBeLessThanOrEqual(5);
      seen.push(...page.items.map((c) => c.sessionId));
      cursor = page.next;
      // A call started meanwhile sorts before the first page: never shown, nothing skipped.
      if (seen.length === 3) await record('cpagingnew', new Date(base + 40 * DAY));
    } while (cursor);
    expect(seen.filter((id) => ids.includes(id))).toEqual([...ids].reverse());
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).not.toContain('cpagingnew');
    resetQueryCount();
    const byId = await listVideoConversationsPage({ cursor: null, limit: 100, q: 'cpaging3' });
    expect(queryCount()).toBeLessThanOrEqual(5);
    expect(byId.items.map((c) => c.transcript[0]?.text)).toEqual(['Hello 3']);
    expect(byId.next).toBeNull();
  });

  it('finds the calls in which an address was said for a privacy request, and deletes a call whole', async () => {
    await record('cprivacy1', new Date(), 'Write to Marta@Video.example please');
    await record('cprivacy2', new Date(), 'Nothing to say');
    const { id } = await startCall();
    await pageLog({
      sessionId: id,
      transcript: [{ speaker: 'user', text: 'It is marta@video.example', timestamp: '2026-01-01T10:00:00Z' }],
      language: 'en',
    });
    expect((await videoCallsByEmail('MARTA@video.example')).map((c) => c.sessionId).sort()).toEqual(
      ['cprivacy1', id].sort(),
    );
    expect(await deleteVideoCall('cprivacy1')).toBe(true);
    expect(await deleteVideoCall('cprivacy1')).toBe(false);
    expect(await videoConversation('cprivacy1')).toBeNull();
    const db = testDatabase();
    for (const table of ['video_call_events', 'conversation_emails']) {
      expect(await db.query(`SELECT 1 FROM ${table} WHERE conversation_id = 'cprivacy1'`)).toEqual([]);
    }
    expect((await videoCallsByEmail('marta@video.example')).map((c) => c.sessionId)).toEqual([id]);
  });

  it('gives retention the calls to delete at Tavus, unreported ones apart, and deletes them in one statement', async () => {
    const cutoff = new Date(Date.UTC(2002, 0, 1));
    const at = (days: number) => new Date(cutoff.getTime() + days * DAY);
    await record('cretention-old1', at(-3), 'Hello');
    await record('cretention-old2', at(-2));
    await record('cretention-old3', at(-1));
    await putVideoEvent({ sessionId: 'cretention-old3', kind: 'transcript', at: at(-1).toISOString(), transcript: [] });
    await record('cretention-new', at(1), 'Hello');
    await putVideoEvent({ sessionId: 'cretention-old2', kind: 'ended', at: at(-2).toISOString() });
    const from = new Date(0);
    resetQueryCount();
    const all = await videoCallIdsStartedBetween(from, cutoff, 10);
    expect(queryCount()).toBe(1);
    expect(all.map((call) => call.id)).toEqual(['cretention-old1', 'cretention-old2', 'cretention-old3']);
    // Reported: a transcript line or an end. A transcript without a line reports nothing.
    const unreported = await videoCallIdsStartedBetween(from, cutoff, 10, { unreportedOnly: true });
    expect(unreported.map((call) => call.id)).toEqual(['cretention-old3']);
    resetQueryCount();
    expect(await deleteVideoCalls(['cretention-old3', 'c-not-there'])).toBe(1);
    expect(queryCount()).toBe(1);
    resetQueryCount();
    expect(await deleteVideoCallsBefore(cutoff, 1)).toEqual(['cretention-old1']);
    expect(queryCount()).toBe(1);
    expect(await deleteVideoCallsBefore(cutoff, 5)).toEqual(['cretention-old2']);
    expect(await videoConversation('cretention-new')).not.toBeNull();
  });
});
