import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import tavusFunction from '../../netlify/functions/tavus';
import callbackFunction from '../../netlify/functions/tavus-callback';
import { listVideoConversations } from '../../src/lib/conversations/logs';
import { resetEnvCache } from '../../src/lib/env';
import { startLocalBlobs, type LocalBlobs } from '../helpers/blobs';
import { startFakeTavus, type FakeTavus } from '../helpers/fake-tavus';
import { callJson } from '../helpers/functions';

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

function configure(on = true, dailyCalls = 50) {
  process.env['JWT_SECRET'] = 'video-test-secret-that-is-long-enough-0123456789';
  if (on) {
    Object.assign(process.env, {
      TAVUS_API_KEY: 'tavus-test-key',
      TAVUS_BASE_URL: tavus.baseURL,
      TAVUS_REPLICA_ID: 'r-configured',
      TAVUS_PERSONA_ID: 'p-configured',
      TAVUS_DAILY_CALLS: String(dailyCalls),
      TAVUS_MAX_CALL_SECONDS: '600',
    });
  } else {
    delete process.env['TAVUS_API_KEY'];
  }
  resetEnvCache();
}

function start(body: Record<string, unknown>) {
  return callJson<{ conversation_id?: string; conversation_url?: string; message?: string }>(
    tavusFunction,
    '/api/tavus/conversation',
    { method: 'POST', body },
  );
}

describe('POST /api/tavus/conversation', () => {
  beforeEach(() => {
    tavus.requests.length = 0;
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
    const [request] = tavus.requests;
    expect(request!.path).toBe('/v2/conversations');
    expect(request!.headers['x-api-key']).toBe('tavus-test-key');
    expect(request!.body).toMatchObject({
      replica_id: 'r-configured',
      persona_id: 'p-configured',
      custom_greeting:
        'Hola, soy Alejandro Ríos. Gracias por llamar. Hábleme de su empresa y de lo que le gustaría conseguir.',
      properties: {
        max_call_duration: 600,
        participant_left_timeout: 30,
        participant_absent_timeout: 120,
        language: 'spanish',
      },
    });
    expect(String(request!.body['callback_url'])).toMatch(
      /^http:\/\/localhost:8888\/api\/tavus\/callback\?nonce=[\w-]+&token=[\w-]+$/,
    );
    const call = (await listVideoConversations()).find((c) => c.sessionId === 'c0ffee123');
    expect(call).toMatchObject({
      language: 'es',
      conversationUrl: 'https://tavus.daily.co/c0ffee123',
      conversationEnded: null,
    });
  });

  it('answers 503 with a clear message when Tavus is not configured, without calling it', async () => {
    configure(false);
    const { status, body } = await start({ language: 'en' });
    expect(status).toBe(503);
    expect(body.message).toBe('Video calls are not configured on this site.');
    expect(tavus.requests).toHaveLength(0);
  });

  it('answers 502 with the text of docs/product.md, "Contractual texts" when Tavus fails or gives no URL', async () => {
    configure();
    tavus.respondWith(500, { error: 'boom' });
    expect((await start({})).body.message).toBe('Failed to start conversation');
    tavus.respondWith(200, { status: 'active' });
    expect((await start({})).body.message).toBe('No conversation URL or ID received');
  });

  it('stops at the daily cap', async () => {
    configure(true, 0);
    const { status } = await start({});
    expect(status).toBe(503);
    expect(tavus.requests).toHaveLength(0);
  });
});

describe('POST /api/tavus/callback', () => {
  async function callbackUrl(): Promise<string> {
    configure();
    tavus.respondWith(200, { conversation_id: 'cb0001', conversation_url: 'https://tavus.daily.co/cb0001' });
    tavus.requests.length = 0;
    await start({ language: 'en' });
    return new URL(String(tavus.requests[0]!.body['callback_url'])).search;
  }

  it('refuses a wrong or missing token and stores nothing', async () => {
    configure();
    const before = await blobs.snapshot();
    for (const query of ['', '?nonce=abc&token=wrong', '?nonce=abc']) {
      const response = await callJson(callbackFunction, `/api/tavus/callback${query}`, {
        method: 'POST',
        body: { conversation_id: 'x1', event_type: 'system.shutdown' },
      });
      expect(response.status).toBe(401);
    }
    expect(await blobs.snapshot()).toEqual(before);
  });

  it('stores the transcript and the end once, however often they are delivered', async () => {
    const query = await callbackUrl();
    const transcript = {
      conversation_id: 'cb0001',
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
      conversation_id: 'cb0001',
      event_type: 'system.shutdown',
      timestamp: '2026-01-01T10:06:00Z',
      properties: { shutdown_reason: 'participant_left_timeout' },
    };
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await callJson(callbackFunction, `/api/tavus/callback${query}`, { method: 'POST', body: transcript })).status,
      ).toBe(200);
      expect(
        (await callJson(callbackFunction, `/api/tavus/callback${query}`, { method: 'POST', body: shutdown })).status,
      ).toBe(200);
    }
    const call = (await listVideoConversations()).find((c) => c.sessionId === 'cb0001')!;
    expect(call.transcript).toEqual([
      { speaker: 'user', text: 'Hello', timestamp: '2026-01-01T10:05:00.000Z' },
      { speaker: 'assistant', text: 'Welcome to Vantia', timestamp: '2026-01-01T10:05:00.000Z' },
    ]);
    expect(call.conversationEnded).toBe('2026-01-01T10:06:00.000Z');
    const keys = Object.keys(await blobs.snapshot()).filter((key) => key.includes('cb0001') && key.includes('entries'));
    expect(keys).toHaveLength(3); // started, transcript, ended
  });
});
