import { LOCK_MS, WINDOW_MS } from './auth/login-throttle';
import { SESSION_IDLE_SECONDS, SESSION_TTL_SECONDS } from './auth/session';
import { deletePastQuotaDays, utcDay } from './stores/daily-quota';
import { deleteAttemptsBefore } from './stores/login-attempts';
import { deleteEndedSessions } from './stores/sessions';

/**
 * What the site keeps, and for how long (the privacy policy, "What data we process, why, and for how long", says
 * the same, period by period). The daily job (netlify/functions/retention.ts, `npm run retention` locally) deletes
 * what has passed its period. Each step finds what to delete by key (time-sorted ids, day folders), never by
 * reading every record, and does at most a bounded amount of work per run.
 */
export const RETENTION = {
  /** Contact messages (form and chat leads), chat conversations and video calls: 12 months. */
  recordsMonths: 12,
  /** Sign-in attempts: the 15-minute window plus the 15-minute lock it may start. */
  attemptsMs: WINDOW_MS + LOCK_MS,
  /** Sessions: 8 hours at most, 30 minutes unused. */
  sessionMs: SESSION_TTL_SECONDS * 1000,
  sessionIdleMs: SESSION_IDLE_SECONDS * 1000,
  /** The most sign-in attempt keys one run looks at (the rest wait for the next run). */
  maxAttemptKeysPerRun: 50_000,
} as const;

export interface RetentionReport {
  ranAt: string;
  /** Records dated before this were deleted (12 months before the run). */
  recordsBefore: string;
  sessions: number;
  signInAttempts: number;
  quotaSlots: number;
  /** True when a step stopped at its per-run bound: the next run goes on. */
  more: boolean;
}

/** The moment `months` calendar months before `now` (UTC). */
export function monthsBefore(now: Date, months: number): Date {
  const then = new Date(now.getTime());
  then.setUTCMonth(then.getUTCMonth() - months);
  return then;
}

/** Deletes everything past its period (see RETENTION); answers what it deleted, in counts only. */
export async function runRetention(now: Date = new Date()): Promise<RetentionReport> {
  const recordsBefore = monthsBefore(now, RETENTION.recordsMonths);
  const sessions = await deleteEndedSessions(now.getTime(), RETENTION.sessionMs, RETENTION.sessionIdleMs);
  const attempts = await deleteAttemptsBefore(now.getTime() - RETENTION.attemptsMs, RETENTION.maxAttemptKeysPerRun);
  const quotaSlots = await deletePastQuotaDays('quotas', utcDay(now));
  return {
    ranAt: now.toISOString(),
    recordsBefore: recordsBefore.toISOString(),
    sessions,
    signInAttempts: attempts.deleted,
    quotaSlots,
    more: attempts.more,
  };
}
