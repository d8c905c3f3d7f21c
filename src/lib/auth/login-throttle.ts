import { createHash } from 'node:crypto';
import { newId } from '../ids';
import { deleteAttempts, listAttempts, recordAttempt, type AttemptCounter } from '../stores/login-attempts';

export const PAIR_LIMIT = 5;
export const IP_LIMIT = 20;
export const WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MS = 15 * 60 * 1000;

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
  counter: AttemptCounter;
  limit: number;
}

/**
 * Every attempt is recorded under a key of its own *before* it is counted
 * (docs/architecture.md, "Storage": no read-modify-write), and counted before bcrypt runs.
 * An attempt goes on only if, once its own key is written, the keys in the
 * window are within the limit: the last of k allowed attempts to count sees all
 * k keys, so however many race, at most `limit` get through.
 *
 * 5 attempts for one username from one IP within 15 minutes lock that pair
 * for 15 minutes from the fifth; 20 from one IP, whatever the usernames, lock
 * the IP the same way. A good password clears the pair.
 */
export async function beginLoginAttempt(username: string, ip: string, now = Date.now()): Promise<Attempt> {
  const pairCounter: AttemptCounter = { kind: 'pair', subject: hash(`${username.trim().toLowerCase()}\u0000${ip}`) };
  const ipCounter: AttemptCounter = { kind: 'ip', subject: hash(ip) };
  const counters: Counter[] = [
    { counter: pairCounter, limit: PAIR_LIMIT },
    { counter: ipCounter, limit: IP_LIMIT },
  ];
  const id = newId(now);
  await Promise.all(counters.map(({ counter }) => recordAttempt(counter, id, now)));

  let lockedUntil = 0;
  for (const { counter, limit } of counters) {
    const attempts = await listAttempts(counter, id);
    const stale = attempts.filter((attempt) => now - attempt.at > WINDOW_MS + LOCK_MS).map((attempt) => attempt.id);
    // Old attempts can never matter again: tidy them away, best effort.
    void deleteAttempts(counter, stale).catch(() => undefined);
    const others = attempts
      .filter((attempt) => attempt.id !== id && !stale.includes(attempt.id))
      .map((attempt) => attempt.at)
      .sort((a, b) => a - b);
    // Any `limit` other attempts within one window lock until the last of them + LOCK_MS.
    others.forEach((end, last) => {
      const first = others[last - limit + 1];
      if (first !== undefined && end - first <= WINDOW_MS) lockedUntil = Math.max(lockedUntil, end + LOCK_MS);
    });
  }

  const allowed = lockedUntil <= now;
  if (!allowed) {
    // A refused attempt is not counted against the lock's end.
    await Promise.all(counters.map(({ counter }) => deleteAttempts(counter, [id])));
  }
  return {
    allowed,
    retryAfterSeconds: allowed ? 0 : Math.ceil((lockedUntil - now) / 1000),
    succeeded: async () => {
      // A good password clears the pair's failures; on the IP's count only this attempt is withdrawn,
      // so colleagues signing in from one office never add up to a lock.
      const pairAttempts = await listAttempts(pairCounter);
      await Promise.all([
        deleteAttempts(
          pairCounter,
          pairAttempts.map((attempt) => attempt.id),
        ),
        deleteAttempts(ipCounter, [id]),
      ]);
    },
  };
}
