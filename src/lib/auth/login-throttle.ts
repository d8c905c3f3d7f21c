import { createHash } from 'node:crypto';
import { newId } from '../ids';
import { deleteAttempts, listAttempts, recordAttempt, type AttemptCounter } from '../stores/login-attempts';

export const PAIR_LIMIT = 5;
export const IP_LIMIT = 20;
export const WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MS = 15 * 60 * 1000;

/**
 * The per-username delay: after `freeFailures` failed attempts for one username
 * within WINDOW_MS, from whatever IPs, each further attempt for it waits
 * min(2^(n - freeFailures) × unitMs, maxMs) before its password is checked (n:
 * the failures in the window), so 250 ms, 500 ms, 1 s, … 8 s. It never refuses:
 * the real user, after the wait, still signs in. Tests shrink `unitMs` or
 * replace `wait` (a benchmark, `npm run bench:login`, measures the real thing).
 */
export const USERNAME_DELAY = {
  freeFailures: 5,
  unitMs: 250,
  maxMs: 8000,
  wait: (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** How long an attempt waits when `failures` others for its username fall within the window. */
export function usernameDelayMs(
  failures: number,
  settings: Omit<typeof USERNAME_DELAY, 'wait'> = USERNAME_DELAY,
): number {
  if (failures < settings.freeFailures) return 0;
  // Capped before the power is taken, so a flood of failures cannot overflow it.
  const doublings = Math.min(failures - settings.freeFailures, 30);
  return Math.min(2 ** doublings * settings.unitMs, settings.maxMs);
}

function hash(value: string): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 32);
}

export interface Attempt {
  /** Whether this attempt may go on to the password check. */
  allowed: boolean;
  retryAfterSeconds: number;
  /** How long to wait before checking the password (the per-username delay); 0 when refused. */
  delayMs: number;
  /** Call after a good password: clears the pair's failures. */
  succeeded: () => Promise<void>;
}

interface Counter {
  counter: AttemptCounter;
  /** Attempts that lock the counter (none for the username's, which only slows). */
  limit: number;
  /** How long an attempt can still matter: the window, plus the lock it may start. */
  keepMs: number;
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
 * the IP the same way. A good password clears the pair. Failures for one
 * username from any IPs slow it down (USERNAME_DELAY) without locking it.
 */
export async function beginLoginAttempt(username: string, ip: string, now = Date.now()): Promise<Attempt> {
  const name = username.trim().toLowerCase();
  const pairCounter: AttemptCounter = { kind: 'pair', subject: hash(`${name}\u0000${ip}`) };
  const ipCounter: AttemptCounter = { kind: 'ip', subject: hash(ip) };
  const userCounter: AttemptCounter = { kind: 'user', subject: hash(`user\u0000${name}`) };
  const counters: Counter[] = [
    { counter: pairCounter, limit: PAIR_LIMIT, keepMs: WINDOW_MS + LOCK_MS },
    { counter: ipCounter, limit: IP_LIMIT, keepMs: WINDOW_MS + LOCK_MS },
    { counter: userCounter, limit: Number.POSITIVE_INFINITY, keepMs: WINDOW_MS },
  ];
  const id = newId(now);
  await Promise.all(counters.map(({ counter }) => recordAttempt(counter, id, now)));

  let lockedUntil = 0;
  let userFailures = 0;
  const counted = await Promise.all(
    counters.map(async ({ counter, keepMs }) => {
      const attempts = await listAttempts(counter, id);
      const stale = attempts.filter((attempt) => now - attempt.at > keepMs).map((attempt) => attempt.id);
      // Old attempts can never matter again: tidy them away, best effort.
      void deleteAttempts(counter, stale).catch(() => undefined);
      return attempts
        .filter((attempt) => attempt.id !== id && !stale.includes(attempt.id))
        .map((attempt) => attempt.at)
        .sort((a, b) => a - b);
    }),
  );
  counters.forEach(({ counter, limit }, index) => {
    const others = counted[index] ?? [];
    if (counter === userCounter) {
      userFailures = others.filter((at) => now - at <= WINDOW_MS).length;
      return;
    }
    // Any `limit` other attempts within one window lock until the last of them + LOCK_MS.
    others.forEach((end, last) => {
      const first = others[last - limit + 1];
      if (first !== undefined && end - first <= WINDOW_MS) lockedUntil = Math.max(lockedUntil, end + LOCK_MS);
    });
  });

  const allowed = lockedUntil <= now;
  if (!allowed) {
    // A refused attempt is not counted against the lock's end, nor as a failure for the username.
    await Promise.all(counters.map(({ counter }) => deleteAttempts(counter, [id])));
  }
  return {
    allowed,
    retryAfterSeconds: allowed ? 0 : Math.ceil((lockedUntil - now) / 1000),
    delayMs: allowed ? usernameDelayMs(userFailures) : 0,
    succeeded: async () => {
      // A good password clears the pair's failures; on the IP's and the username's counts only this attempt
      // is withdrawn, so colleagues signing in from one office never add up to a lock, and the real user
      // signing in does not reset the delay an attacker elsewhere has built up.
      const pairAttempts = await listAttempts(pairCounter);
      await Promise.all([
        deleteAttempts(
          pairCounter,
          pairAttempts.map((attempt) => attempt.id),
        ),
        deleteAttempts(ipCounter, [id]),
        deleteAttempts(userCounter, [id]),
      ]);
    },
  };
}
