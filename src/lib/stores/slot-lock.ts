import { createHash } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Makes "write this key only if it is new" exclusive on the local Blobs server.
 *
 * Netlify's Blobs honour `onlyIfNew` atomically. The local server that tests,
 * `netlify dev` and `netlify serve` use does not: it checks that the file is
 * missing, then reads the body, then renames a temporary file over the key, so
 * several racing writers are all told they created it (of 100 racing takes of
 * a 10-slot quota, 61 to 100 were granted). So on the local server every
 * conditional write to a key, and the read that confirms it, runs while this
 * process holds the key's lock:
 *
 * - inside one thread, a promise chain per key on `globalThis` (under a
 *   `Symbol.for` name, so every bundle loaded in the thread shares it): waiters
 *   queue in memory instead of polling;
 * - across threads and processes, a lock directory per key in the OS temp
 *   folder (`mkdir` fails with EEXIST when it exists: atomic on any local file
 *   system). netlify-cli runs each function invocation in a worker thread of
 *   its own, so `globalThis` is not shared between two requests there; the
 *   directory is.
 *
 * In production (a Lambda container serves one request at a time, and Blobs are
 * atomic) none of this runs.
 */

interface LockState {
  chains: Map<string, Promise<void>>;
  taken: Set<string>;
}

const STATE_KEY = Symbol.for('firm-site.blobs-slot-locks');
const STALE_MS = 10_000;

function state(): LockState {
  const holder = globalThis as { [STATE_KEY]?: LockState };
  holder[STATE_KEY] ??= { chains: new Map(), taken: new Set() };
  return holder[STATE_KEY];
}

function lockRoot(): string {
  return join(tmpdir(), `blobs-slot-locks-${process.getuid?.() ?? 0}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds the key's lock directory while `work` runs; a lock left by a crashed holder is broken after 10 s. */
async function withDirectoryLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const root = lockRoot();
  const path = join(root, createHash('sha256').update(name).digest('hex').slice(0, 40));
  await mkdir(root, { recursive: true });
  for (let attempt = 0; ; attempt += 1) {
    try {
      await mkdir(path);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const held = await stat(path).catch(() => null);
      if (held && Date.now() - held.mtimeMs > STALE_MS) await rm(path, { recursive: true, force: true });
      await sleep(Math.min(2 + attempt, 20) * (0.5 + Math.random()));
    }
  }
  try {
    return await work();
  } finally {
    await rm(path, { recursive: true, force: true });
  }
}

/**
 * Keys this thread has seen written, named with the running server they live on: a slot key, once claimed, is never
 * freed, so a racer need not ask the server again (without this, 100 racers for one slot make 99 failed writes in a
 * row, then 98 for the next...). Only an optimisation: forgetting is safe, so the set is emptied when large.
 */
export function knownTaken(name: string): boolean {
  return state().taken.has(name);
}

export function markTaken(name: string): void {
  const { taken } = state();
  if (taken.size >= 50_000) taken.clear();
  taken.add(name);
}

/** Runs `work` while this thread, and any other thread or process on the machine, holds no lock on `name`. */
export async function withKeyLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const { chains } = state();
  const previous = chains.get(name) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => {
    release = resolve;
  });
  const tail = previous.then(() => mine);
  chains.set(name, tail);
  await previous;
  try {
    return await withDirectoryLock(name, work);
  } finally {
    release();
    // The last in the queue removes the chain, so the map holds only keys with waiters.
    if (chains.get(name) === tail) chains.delete(name);
  }
}
