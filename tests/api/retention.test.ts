import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adminAuthStatus from '../../netlify/functions/session-status';
import { queryCount, resetQueryCount } from '../../src/platform/db/client';
import { newId } from '../../src/platform/ids';
import { chatConversation, logChatExchange } from '../../src/features/chat/log';
import { putVideoEvent, recordVideoCallStart, videoConversation } from '../../src/features/video/log';
import { resetEnvCache } from '../../src/platform/env';
import { findPersonalData } from '../../src/features/privacy/requests';
import { monthsBefore, runRetention } from '../../src/features/retention/retention';
import { addContactMessage, getLead } from '../../src/features/leads/messages-store';
import { dailyQuotaUsed, takeDailyQuota, type DailyQuota } from '../../src/features/quotas/store';
import { listAttempts, recordAttempts, type AttemptCounter } from '../../src/features/accounts/login-attempts-store';
import { getSessionAndUser, saveSession } from '../../src/features/accounts/sessions-store';
import { getUser } from '../../src/features/accounts/users-store';
import { testDatabase } from '../helpers/db-setup';
import { callJson } from '../helpers/functions';
import { signIn, useAdminBench } from '../helpers/admin';
import { startFakeTavus, type FakeTavus } from '../helpers/fake-tavus';

useAdminBench();
let tavus: FakeTavus;
beforeAll(async () => {
  tavus = await startFakeTavus();
  Object.assign(process.env, { TAVUS_API_KEY: 'tavus-test-key', TAVUS_BASE_URL: tavus.baseURL });
  resetEnvCache();
});
afterAll(async () => tavus.stop());

const HOUR = 60 * 60 * 1000;
async function signedIn(cookie: string): Promise<boolean> {
  return (
    await callJson<{ authenticated: boolean }>(adminAuthStatus, '/api/admin/auth-status', { headers: { cookie } })
  ).body.authenticated;
}

async function sessionIds(): Promise<string[]> {
  return (await testDatabase().query<{ id: string }>('SELECT id FROM sessions')).map((row) => row.id);
}

describe('the retention job', () => {
  it('deletes sessions past 8 hours and keeps the ones still usable', async () => {
    const cookie = await signIn(undefined, undefined, '10.9.0.1');
    // A session long over (its end passed 12 hours ago).
    const user = await getUser('partner');
    await saveSession('ended-session-id-xxxxxxxxxxxxxxxxx', {
      userId: user!.id,
      username: 'partner',
      createdAt: new Date(Date.now() - 20 * HOUR).toISOString(),
      expiresAt: new Date(Date.now() - 12 * HOUR).toISOString(),
      generation: 0,
    });
    const before = await sessionIds();
    expect(before.length).toBeGreaterThanOrEqual(2);

    // A minute later the fresh session is kept (and still signs in); the one long over is gone.
    const soon = await runRetention(new Date(Date.now() + 60_000));
    expect(soon.sessions).toBeGreaterThanOrEqual(1);
    expect(await getSessionAndUser('ended-session-id-xxxxxxxxxxxxxxxxx')).toBeNull();
    expect(await signedIn(cookie)).toBe(true);

    // Nine hours on, every session of this test is past its 8 hours and deleted.
    await runRetention(new Date(Date.now() + 9 * HOUR));
    expect(await sessionIds()).toEqual([]);
    expect(await signedIn(cookie)).toBe(false);
  });

  it('deletes sign-in attempts once their 30 minutes are over, without reading them', async () => {
    const counter: AttemptCounter = { kind: 'ip', subject: 'retention-test' };
    const now = Date.now();
    const old = newId(now - 31 * 60 * 1000);
    const recent = newId(now - 29 * 60 * 1000);
    await recordAttempts([counter], old, now - 31 * 60 * 1000);
    await recordAttempts([counter], recent, now - 29 * 60 * 1000);
    const report = await runRetention(new Date(now));
    expect(report.signInAttempts).toBeGreaterThanOrEqual(1);
    expect((await listAttempts(counter)).map((attempt) => attempt.id)).toEqual([recent]);
  });

  it("deletes past days' quota slots and keeps today's", async () => {
    const quota: DailyQuota = { prefix: 'retention-test' };
    const visitor: DailyQuota = { prefix: 'retention-test-ip', subject: 'abc123' };
    const today = new Date();
    const yesterday = new Date(today.getTime() - 24 * HOUR);
    for (const day of [yesterday, today]) {
      expect(await takeDailyQuota(quota, 10, day)).toBe(true);
      expect(await takeDailyQuota(quota, 10, day)).toBe(true);
      expect(await takeDailyQuota(visitor, 10, day)).toBe(true);
    }
    const report = await runRetention(today);
    expect(report.quotaSlots).toBe(3);
    expect(await dailyQuotaUsed(quota, yesterday)).toBe(0);
    expect(await dailyQuotaUsed(visitor, yesterday)).toBe(0);
    expect(await dailyQuotaUsed(quota, today)).toBe(2);
    expect(await dailyQuotaUsed(visitor, today)).toBe(1);
  });
});

describe('the retention job and the records of the last 12 months', () => {
  const now = new Date();
  const DAY = 24 * HOUR;
  const cutoff = monthsBefore(now, 12).getTime();
  const dated = (ms: number) => new Date(ms);

  async function message(name: string, email: string, at: Date) {
    return addContactMessage(
      { name, email, company: null, phone: null, serviceOfInterest: null, message: 'Hello' },
      'form',
      at,
    );
  }

  async function chat(sessionId: string, at: Date, userMessage = 'What do you do?') {
    await logChatExchange({ sessionId, userMessage, botResponse: 'We help firms.', language: 'en' }, at);
  }

  async function call(id: string, at: Date, transcript: boolean, said = 'Just looking') {
    await recordVideoCallStart({
      sessionId: id,
      kind: 'started',
      at: at.toISOString(),
      language: 'en',
      conversationUrl: `https://tavus.daily.co/${id}`,
    });
    if (transcript)
      await putVideoEvent({
        sessionId: id,
        kind: 'transcript',
        at: new Date(at.getTime() + 60_000).toISOString(),
        transcript: [{ speaker: 'user', text: said, timestamp: at.toISOString() }],
      });
  }

  it('deletes messages, chats and calls past 12 months (at Tavus too) and keeps those inside the period', async () => {
    const expired = await message('Olga Antigua', 'old@past.example', dated(cutoff - DAY));
    const kept = await message('Nora Reciente', 'new@recent.example', dated(cutoff + DAY));
    await chat('session_old_1', dated(cutoff - 2 * DAY), 'Write to me at old@past.example');
    await chat('session_old_1', dated(cutoff - DAY));
    await chat('session_new_1', dated(cutoff + DAY));
    // Started before the cutoff, but its last message is inside the period: kept.
    await chat('session_long_1', dated(cutoff - DAY));
    await chat('session_long_1', dated(cutoff + HOUR));
    await call('call-old-1', dated(cutoff - DAY), true, 'Write to old@past.example');
    await call('call-new-1', dated(cutoff + DAY), true);
    // Calls Tavus never reported: deleted once their callback address has expired (two days), not before.
    await call('call-unreported-old', dated(now.getTime() - 3 * DAY), false);
    await call('call-unreported-new', dated(now.getTime() - DAY), false);
    await call('call-reported-recent', dated(now.getTime() - 3 * DAY), true);
    expect((await findPersonalData('old@past.example')).videoCalls).toHaveLength(1);

    const report = await runRetention(now);
    expect(report).toMatchObject({
      contactMessages: 1,
      chatConversations: 1,
      videoCalls: 1,
      unconfirmedVideoCalls: 1,
      tavusRefused: 0,
      more: false,
    });
    expect(await getLead(expired.id)).toBeNull();
    expect(await getLead(kept.id)).not.toBeNull();
    expect(await chatConversation('session_old_1')).toBeNull();
    expect(await chatConversation('session_new_1')).not.toBeNull();
    expect(await chatConversation('session_long_1')).not.toBeNull();
    for (const id of ['call-old-1', 'call-unreported-old']) expect(await videoConversation(id), id).toBeNull();
    for (const id of ['call-new-1', 'call-unreported-new', 'call-reported-recent'])
      expect(await videoConversation(id), id).not.toBeNull();
    expect(tavus.deleted().sort()).toEqual(['call-old-1', 'call-unreported-old']);
    // Their e-mail index entries went with them.
    expect(await findPersonalData('old@past.example')).toMatchObject({
      contactMessages: [],
      chatConversations: [],
      videoCalls: [],
    });
    expect((await findPersonalData('new@recent.example')).contactMessages).toHaveLength(1);

    // A second run finds nothing more to delete.
    expect(await runRetention(now)).toMatchObject({ contactMessages: 0, chatConversations: 0, videoCalls: 0 });
  });

  it('keeps a call whose deletion Tavus refuses, to ask again on the next run', async () => {
    await call('call-refused-1', dated(cutoff - DAY), false);
    tavus.deleteStatus = 500;
    try {
      expect(await runRetention(now)).toMatchObject({ videoCalls: 0, tavusRefused: 1 });
      expect(await videoConversation('call-refused-1')).not.toBeNull();
    } finally {
      tavus.deleteStatus = 204;
    }
    expect(await runRetention(now)).toMatchObject({ videoCalls: 1, tavusRefused: 0 });
    expect(await videoConversation('call-refused-1')).toBeNull();
  });

  it('costs the same statements however many records are inside the period', async () => {
    await runRetention(now);
    resetQueryCount();
    await runRetention(now);
    const before = queryCount();
    // The analytics' six among them: whether a day waits for its rollup, a batch of old events and of old goals, the
    // past days' visits and marks, the old salts.
    expect(before).toBeLessThanOrEqual(16);
    for (let i = 0; i < 60; i += 1)
      await message(`Visitor ${i}`, `v${i}@recent.example`, dated(now.getTime() - i * DAY));
    await runRetention(now);
    resetQueryCount();
    await runRetention(now);
    expect(queryCount()).toBe(before);
  });
});
