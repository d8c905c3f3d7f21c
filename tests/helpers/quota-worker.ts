import { parentPort, workerData } from 'node:worker_threads';
import { closeDatabase } from '../../src/platform/db/client';
import { takeDailyQuota, type DailyQuota } from '../../src/features/quotas/store';

/**
 * One worker thread taking a quota `takes` times at once, when the test says go: netlify-cli runs each function
 * invocation in a worker thread of its own, so threads share no memory, only the database (each its own pool of
 * connections to the same URL).
 */
const { quota, cap, takes, url } = workerData as { quota: DailyQuota; cap: number; takes: number; url: string };
process.env['NETLIFY_DB_URL'] = url;
parentPort?.once('message', () => {
  void Promise.all(Array.from({ length: takes }, () => takeDailyQuota(quota, cap))).then(async (granted) => {
    await closeDatabase();
    parentPort?.postMessage(granted.filter(Boolean).length);
  });
});
parentPort?.postMessage('ready');
