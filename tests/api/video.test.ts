import type { Context } from '@netlify/functions';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import tavusFunction from '../../netlify/functions/tavus';
import callbackFunction from '../../netlify/functions/tavus-callback';
import tavusConversationsFunction from '../../netlify/functions/tavus-conversations';
import { listVideoConversations } from '../../src/lib/conversations/logs';
import { resetEnvCache } from '../../src/lib/env';
import type { VideoConversation } from '../../src/lib/schemas/conversation';
import { asAdmin, signIn, useTestEnv } from '../helpers/admin';
import { startLocalBlobs, type LocalBlobs } from '../helpers/blobs';
import { startFakeTavus, type FakeTavus } from '../helpers/fake-tavus';
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

function configure({ on = true, dailyCalls = 50, siteUrl = SITE_URL as string | null } = {}) {
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
    const before = await blobs.snapshot({ withoutQuotas: true });
    const { status } = await pageLog({
      sessionId: 'c-never-started',
      transcript: [{ speaker: 'assistant', text: 'I promise you a 90% discount', timestamp: '2026-01-01T10:00:00Z' }],
      language: 'en',
      conversationUrl: 'https://tavus.daily.co/c-never-started',
      duration: 3600,
    });
    expect(status).toBe(201); // the card does not read the answer; it says nothing about which calls exist
    expect(await blobs.snapshot({ withoutQuotas: true })).toEqual(before);
    expect(await callRecord('c-never-started')).toBeUndefined();
  });

  it('keeps one log per call: a second post stores nothing new', async () => {
    const { id } = await startCall();
    await pageLog({ sessionId: id, transcript: [], language: 'en', duration: 30 });
    const afterFirst = await blobs.snapshot({ withoutQuotas: true });
    await pageLog({
      sessionId: id,
      transcript: [{ speaker: 'assistant', text: 'Forged line', timestamp: '2026-01-01T10:00:00Z' }],
      language: 'en',
      duration: 31,
    });
    expect(await blobs.snapshot({ withoutQuotas: true })).toEqual(afterFirst);
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
    const before = await blobs.snapshot({ withoutQuotas: true });
    const params = new URLSearchParams(query);
    const later = new URLSearchParams(params);
    later.set('expires', String(Number(params.get('expires')) + 86_400));
    for (const bad of ['', '?nonce=abcdefghijklmnopqrstuvwx&expires=9999999999&token=wrong', `?${later}`]) {
      const response = await callback(bad, { conversation_id: id, event_type: 'system.shutdown' });
      expect(response.status).toBe(401);
      expect(response.body.message).toBeTruthy();
    }
    expect(await blobs.snapshot({ withoutQuotas: true })).toEqual(before);
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
    const keys = Object.keys(await blobs.snapshot({ withoutQuotas: true })).filter(
      // The call's log only (its lead alert waits in the mail store's outbox: tests/api/mail.test.ts; its row and feed
      // pointer are apart too, and so is its one marker for the dashboard's overview, in the stats store).
      (key) =>
        key.includes(id) &&
        key.includes('entries') &&
        !key.includes('-mail') &&
        !key.includes('-stats') &&
        !/summaries|feed/.test(key),
    );
    expect(keys).toHaveLength(3); // started, transcript, ended (plus the call's row and its feed pointer)
    const markers = Object.keys(await blobs.snapshot()).filter(
      (key) => key.includes(id) && key.includes('entries') && key.includes('-stats'),
    );
    expect(markers).toHaveLength(1);
  });

  it('refuses with 403 a callback whose body names another conversation than its URL’s', async () => {
    const a = await startCall();
    const b = await startCall();
    const before = await blobs.snapshot({ withoutQuotas: true });
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
    expect(await blobs.snapshot({ withoutQuotas: true })).toEqual(before);
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
    const before = await blobs.snapshot({ withoutQuotas: true });
    const late = await callback(query, {
      conversation_id: id,
      event_type: 'application.transcription_ready',
      properties: { transcript: [{ role: 'assistant', content: 'Too late' }] },
    });
    expect(late.status).toBe(401);
    expect(late.body).toEqual({ message: 'This callback address has expired' });
    expect(await blobs.snapshot({ withoutQuotas: true })).toEqual(before);
  });
});
