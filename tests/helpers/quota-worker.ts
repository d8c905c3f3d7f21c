import { parentPort, workerData } from 'node:worker_threads';
import { takeDailyQuota, type DailyQuota } from '../../src/lib/stores/daily-quota';

/**
 * One worker thread taking a quota `takes` times at once, when the test says go: netlify-cli runs each function
 * invocation in a worker thread of its own, so threads of one process share no memory, only the Blobs server and
 * the file system.
 */
const { quota, cap, takes } = workerData as { quota: DailyQuota; cap: number; takes: number };
parentPort?.once('message', () => {
  void Promise.all(Array.from({ length: takes }, () => takeDailyQuota(quota, cap))).then((granted) =>
    parentPort?.postMessage(granted.filter(Boolean).length),
  );
});
parentPort?.postMessage('ready');
