import { createHash } from 'node:crypto';
import { dataStore } from '../blobs';
import { newId } from '../ids';
import { listKeys } from '../stores/list-keys';

export const PAIR_LIMIT = 5;
export const IP_LIMIT = 20;
export const WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MS = 15 * 60 * 1000;

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** The creation time encoded in an id's first ten characters. */
function idTime(id: string): number {
  let time = 0;
  for (const char of id.slice(0, 10)) time = time * 32 + ALPHABET.indexOf(char);
  return time;
}

function hash(value: string): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 32);
}

export interface Attempt {
  /** Whether this attempt may go on to the password check. */
  allowed: boolean;
  retryAfterSeconds: number;
  /** Call after a good password: clears the pair's failures. */
  succeeded: () => Promise<void>;
}

interface Counter {
  prefix: string;
  limit: number;
}

/**
 * Every attempt is recorded under a key of its own *before* it is counted
 * (DESIGN.md, "Storage": no read-modify-write), and counted before bcrypt runs.
 * An attempt goes on only if, once its own key is written, the keys in the
 * window are within the limit: the last of k allowed attempts to count sees all
 * k keys, so however many race, at most `limit` get through.
 *
 * 5 attempts for one username from one IP within 15 minutes lock that pair
 * for 15 minutes from the fifth; 20 from one IP, whatever the usernames, lock
 * the IP the same way. A good password clears the pair.
 */
export async function beginLoginAttempt(username: string, ip: string, now = Date.now()): Promise<Attempt> {
  const store = dataStore('auth');
  const pair = hash(`${username.trim().toLowerCase()}\u0000${ip}`);
  const counters: Counter[] = [
    { prefix: `attempts/pair/${pair}/`, limit: PAIR_LIMIT },
    { prefix: `attempts/ip/${hash(ip)}/`, limit: IP_LIMIT },
  ];
  const id = newId(now);
  await Promise.all(counters.map((counter) => store.setJSON(counter.prefix + id, { at: now })));

  let lockedUntil = 0;
  for (const counter of counters) {
    const own = counter.prefix + id;
    const keys = await listKeys(store, counter.prefix, own);
    const stale = keys.filter((key) => now - idTime(key.slice(counter.prefix.length)) > WINDOW_MS + LOCK_MS);
    // Old attempts can never matter again: tidy them away, best effort.
    void Promise.all(stale.map((key) => store.delete(key))).catch(() => undefined);
    const others = keys
      .filter((key) => key !== own && !stale.includes(key))
      .map((key) => idTime(key.slice(counter.prefix.length)))
      .sort((a, b) => a - b);
    // Any `limit` other attempts within one window lock until the last of them + LOCK_MS.
    for (let last = counter.limit - 1; last < others.length; last += 1) {
      const first = others[last - counter.limit + 1] as number;
      const end = others[last] as number;
      if (end - first <= WINDOW_MS) lockedUntil = Math.max(lockedUntil, end + LOCK_MS);
    }
  }

  const allowed = lockedUntil <= now;
  if (!allowed) {
    // A refused attempt is not counted against the lock's end.
    await Promise.all(counters.map((counter) => store.delete(counter.prefix + id)));
  }
  return {
    allowed,
    retryAfterSeconds: allowed ? 0 : Math.ceil((lockedUntil - now) / 1000),
    succeeded: async () => {
      // A good password clears the pair's failures; on the IP's count only this attempt is withdrawn,
      // so colleagues signing in from one office never add up to a lock.
      const keys = await listKeys(store, counters[0]!.prefix);
      await Promise.all([...keys, counters[1]!.prefix + id].map((key) => store.delete(key)));
    },
  };
}
