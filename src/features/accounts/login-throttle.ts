import { createHash } from 'node:crypto';
import { newId } from '../../platform/ids';
import { normaliseUsername } from './schema';
import {
  clearAfterSuccess,
  countAttempts,
  recordAttempts,
  withdrawAttempt,
  type AttemptCounter,
} from './login-attempts-store';

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

/**
 * Every attempt is recorded (one row per counter, committed) *before* it is counted, and counted before bcrypt
 * runs: an attempt goes on only if, once its own rows are written, the attempts in the window are within the
 * limit. Of k allowed attempts the last to count sees all k rows, so however many race, at most `limit` get through.
 *
 * 5 attempts for one username from one IP within 15 minutes lock that pair
 * for 15 minutes from the fifth; 20 from one IP, whatever the usernames, lock
 * the IP the same way. A good password clears the pair. Failures for one
 * username from any IPs slow it down (USERNAME_DELAY) without locking it.
 */
export async function beginLoginAttempt(username: string, ip: string, now = Date.now()): Promise<Attempt> {
  const name = normaliseUsername(username);
  const pairCounter: AttemptCounter = { kind: 'pair', subject: hash(`${name}\u0000${ip}`) };
  const ipCounter: AttemptCounter = { kind: 'ip', subject: hash(ip) };
  const userCounter: AttemptCounter = { kind: 'user', subject: hash(`user\u0000${name}`) };
  const id = newId(now);
  await recordAttempts([pairCounter, ipCounter, userCounter], id, now);
  const { lockedUntil, userFailures } = await countAttempts(
    id,
    now,
    [
      { counter: pairCounter, limit: PAIR_LIMIT },
      { counter: ipCounter, limit: IP_LIMIT },
    ],
    userCounter,
    { windowMs: WINDOW_MS, lockMs: LOCK_MS },
  );

  const allowed = lockedUntil <= now;
  // A refused attempt is not counted against the lock's end, nor as a failure for the username.
  if (!allowed) await withdrawAttempt(id);
  return {
    allowed,
    retryAfterSeconds: allowed ? 0 : Math.ceil((lockedUntil - now) / 1000),
    delayMs: allowed ? usernameDelayMs(userFailures) : 0,
    // A good password clears the pair's failures; on the IP's and the username's counts only this attempt is
    // withdrawn, so colleagues signing in from one office never add up to a lock, and the real user signing in
    // does not reset the delay an attacker elsewhere has built up.
    succeeded: () => clearAfterSuccess(id, pairCounter),
  };
}

/** Wrong current passwords (POST /api/account/password) one account may give within WINDOW_MS before it is locked. */
export const PASSWORD_CHECK_LIMIT = 5;

/**
 * Before a signed-in account's current password is checked (changing its own password): the sign-in lock, counted
 * per account (`password`, the account id's hash), whatever its sessions and IPs. 5 wrong passwords within 15 minutes
 * lock the check for 15 minutes from the fifth, the right password included; the right one clears the count. A stolen
 * session is thus no way round the sign-in throttle, and only the account's own sessions can lock it.
 */
export async function beginPasswordCheck(userId: string, now = Date.now()): Promise<Attempt> {
  const counter: AttemptCounter = { kind: 'password', subject: hash(`password\u0000${userId}`) };
  const id = newId(now);
  await recordAttempts([counter], id, now);
  const { lockedUntil } = await countAttempts(id, now, [{ counter, limit: PASSWORD_CHECK_LIMIT }], null, {
    windowMs: WINDOW_MS,
    lockMs: LOCK_MS,
  });
  const allowed = lockedUntil <= now;
  if (!allowed) await withdrawAttempt(id);
  return {
    allowed,
    retryAfterSeconds: allowed ? 0 : Math.ceil((lockedUntil - now) / 1000),
    delayMs: 0,
    succeeded: () => clearAfterSuccess(id, counter),
  };
}
