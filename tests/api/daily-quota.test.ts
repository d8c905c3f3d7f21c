import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import {
  dailyQuotaUsed,
  deleteQuotaDaysBefore,
  takeDailyQuota,
  takeSharedQuota,
  utcDay,
  type DailyQuota,
} from '../../src/features/quotas/store';
import { testDatabase } from '../helpers/db-setup';

/** Worker threads, each taking the quota `takes` times at once, all starting together; answers each one's grants. */
async function inWorkers(threads: number, quota: DailyQuota, cap: number, takes: number): Promise<number[]> {
  const workers = Array.from(
    { length: threads },
    () =>
      new Worker(new URL('../helpers/quota-worker.ts', import.meta.url), {
        execArgv: ['--import', 'tsx'],
        workerData: { quota, cap, takes, url: testDatabase().url },
      }),
  );
  try {
    const message = (worker: Worker) =>
      new Promise<unknown>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
    await Promise.all(workers.map(message));
    const results = workers.map(message);
    for (const worker of workers) worker.postMessage('go');
    return (await Promise.all(results)) as number[];
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

describe('takeDailyQuota against the database', () => {
  it('grants exactly the cap to 100 parallel takes', async () => {
    const quota: DailyQuota = { prefix: 'race-100' };
    const granted = await Promise.all(Array.from({ length: 100 }, () => takeDailyQuota(quota, 10)));
    expect(granted.filter(Boolean)).toHaveLength(10);
    expect(await dailyQuotaUsed(quota)).toBe(10);
  });

  it('grants exactly the cap to takes racing from 8 worker threads (a pool each), as netlify dev runs functions', async () => {
    const quota: DailyQuota = { prefix: 'race-threads' };
    const granted = await inWorkers(8, quota, 5, 6);
    expect(granted.reduce((sum, n) => sum + n, 0)).toBe(5);
    expect(await dailyQuotaUsed(quota)).toBe(5);
  });

  it('holds one counter row per quota, day and subject, never above its cap; a cap of 0 grants nothing', async () => {
    const quota: DailyQuota = { prefix: 'rows', subject: 'abc' };
    expect(await takeDailyQuota(quota, 0)).toBe(false);
    for (let i = 0; i < 4; i += 1) await takeDailyQuota(quota, 3);
    const rows = await testDatabase().query<{ day: string; used: number }>(
      `SELECT day::text AS day, used FROM daily_quotas WHERE quota = 'rows'`,
    );
    expect(rows).toEqual([{ day: utcDay(new Date()), used: 3 }]);
  });

  it('takes a visitor share and the site quota together: 100 racing visitors never pass either cap', async () => {
    const site: DailyQuota = { prefix: 'shared' };
    const visitor = (n: number): DailyQuota => ({ prefix: 'shared-ip', subject: `v${n % 7}` });
    const outcomes = await Promise.all(Array.from({ length: 100 }, (_, i) => takeSharedQuota(site, 12, visitor(i), 2)));
    expect(outcomes.filter((outcome) => outcome === 'granted')).toHaveLength(12);
    expect(await dailyQuotaUsed(site)).toBe(12);
    for (let n = 0; n < 7; n += 1) expect(await dailyQuotaUsed(visitor(n))).toBeLessThanOrEqual(2);
    // Once the site is full, a new visitor is refused without being counted.
    expect(await takeSharedQuota(site, 12, visitor(7.5), 2)).toBe('site');
    expect(await dailyQuotaUsed(visitor(7.5))).toBe(0);
  });

  it('deletes past days in one statement and answers the uses they had counted', async () => {
    const quota: DailyQuota = { prefix: 'past' };
    const today = new Date();
    const yesterday = new Date(today.getTime() - 24 * 60 * 60 * 1000);
    await takeDailyQuota(quota, 5, yesterday);
    await takeDailyQuota(quota, 5, yesterday);
    await takeDailyQuota(quota, 5, today);
    const before = await testDatabase().query<{ uses: number }>(
      `SELECT coalesce(sum(used), 0)::int AS uses FROM daily_quotas WHERE day < $1::date`,
      [utcDay(today)],
    );
    expect(await deleteQuotaDaysBefore(utcDay(today))).toBe(before[0]!.uses);
    expect(await dailyQuotaUsed(quota, yesterday)).toBe(0);
    expect(await dailyQuotaUsed(quota, today)).toBe(1);
  });
});
