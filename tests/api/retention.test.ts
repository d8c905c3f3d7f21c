import { describe, expect, it } from 'vitest';
import adminAuthStatus from '../../netlify/functions/admin-auth-status';
import { dataStore } from '../../src/lib/blobs';
import { newId } from '../../src/lib/ids';
import { runRetention } from '../../src/lib/retention';
import { dailyQuotaUsed, takeDailyQuota, type DailyQuota } from '../../src/lib/stores/daily-quota';
import { listAttempts, recordAttempt, type AttemptCounter } from '../../src/lib/stores/login-attempts';
import { getSession, saveSession } from '../../src/lib/stores/sessions';
import { callJson } from '../helpers/functions';
import { signIn, useAdminBench } from '../helpers/admin';

useAdminBench();

const HOUR = 60 * 60 * 1000;
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** An id made at `time` (newId never goes back in time within a process, so a past one is built here). */
function idAt(time: number): string {
  let head = '';
  for (let rest = time, i = 0; i < 10; i += 1, rest = Math.floor(rest / 32)) head = ALPHABET[rest % 32] + head;
  return head + newId().slice(10);
}

async function signedIn(cookie: string): Promise<boolean> {
  return (
    await callJson<{ authenticated: boolean }>(adminAuthStatus, '/api/admin/auth-status', { headers: { cookie } })
  ).body.authenticated;
}

async function sessionKeys(): Promise<string[]> {
  const { blobs } = await dataStore('auth').list({ prefix: 'sessions/' });
  return blobs.map((blob) => blob.key);
}

describe('the retention job', () => {
  it('deletes sessions past 8 hours and keeps the ones still usable', async () => {
    const cookie = await signIn(undefined, undefined, '10.9.0.1');
    // A session made before ids carried their time: read once to learn its end.
    await saveSession('legacy-random-session-id-xxxxxxxxxx', {
      userId: 'u1',
      username: 'partner',
      createdAt: new Date(Date.now() - 20 * HOUR).toISOString(),
      expiresAt: new Date(Date.now() - 12 * HOUR).toISOString(),
      generation: 0,
    });
    const before = await sessionKeys();
    expect(before.length).toBeGreaterThanOrEqual(2);

    // A minute later the fresh session is kept (and still signs in); the legacy one, long over, is gone.
    const soon = await runRetention(new Date(Date.now() + 60_000));
    expect(soon.sessions).toBeGreaterThanOrEqual(1);
    expect(await getSession('legacy-random-session-id-xxxxxxxxxx')).toBeNull();
    expect(await signedIn(cookie)).toBe(true);

    // Nine hours on, every session of this test is past its 8 hours and deleted.
    await runRetention(new Date(Date.now() + 9 * HOUR));
    expect(await sessionKeys()).toEqual([]);
    expect(await signedIn(cookie)).toBe(false);
  });

  it('deletes sign-in attempts once their 30 minutes are over, without reading them', async () => {
    const counter: AttemptCounter = { kind: 'ip', subject: 'retention-test' };
    const now = Date.now();
    const old = idAt(now - 31 * 60 * 1000);
    const recent = idAt(now - 29 * 60 * 1000);
    await recordAttempt(counter, old, now - 31 * 60 * 1000);
    await recordAttempt(counter, recent, now - 29 * 60 * 1000);
    const report = await runRetention(new Date(now));
    expect(report.signInAttempts).toBeGreaterThanOrEqual(1);
    expect((await listAttempts(counter)).map((attempt) => attempt.id)).toEqual([recent]);
  });

  it("deletes past days' quota slots and keeps today's", async () => {
    const quota: DailyQuota = { kind: 'quotas', prefix: 'retention-test' };
    const visitor: DailyQuota = { kind: 'quotas', prefix: 'retention-test-ip', subject: 'abc123' };
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
