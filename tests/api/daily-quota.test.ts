import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyQuotaUsed, takeDailyQuota, type DailyQuota } from '../../src/lib/stores/daily-quota';
import { startLocalBlobs, type LocalBlobs } from '../helpers/blobs';

let blobs: LocalBlobs;
beforeAll(async () => {
  blobs = await startLocalBlobs();
});
afterAll(async () => blobs.stop());

/** Worker threads, each taking the quota `takes` times at once, all starting together; answers each one's grants. */
async function inWorkers(threads: number, quota: DailyQuota, cap: number, takes: number): Promise<number[]> {
  const workers = Array.from(
    { length: threads },
    () =>
      new Worker(new URL('../helpers/quota-worker.ts', import.meta.url), {
        execArgv: ['--import', 'tsx'],
        workerData: { quota, cap, takes },
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

describe('takeDailyQuota on the local Blobs server', () => {
  it('grants exactly the cap to 100 parallel takes', async () => {
    const quota: DailyQuota = { kind: 'quotas', prefix: 'race-100' };
    const granted = await Promise.all(Array.from({ length: 100 }, () => takeDailyQuota(quota, 10)));
    expect(granted.filter(Boolean)).toHaveLength(10);
    expect(await dailyQuotaUsed(quota)).toBe(10);
  });

  it('grants exactly the cap to takes racing from 8 worker threads, as netlify dev runs functions', async () => {
    const quota: DailyQuota = { kind: 'quotas', prefix: 'race-threads' };
    const granted = await inWorkers(8, quota, 5, 6);
    expect(granted.reduce((sum, n) => sum + n, 0)).toBe(5);
    expect(await dailyQuotaUsed(quota)).toBe(5);
  });
});
