import { and, eq, lt, sql } from 'drizzle-orm';
import { database } from '../db/client';
import { dailyQuotas } from '../db/schema';

/**
 * A daily quota: a name (`prefix`) and optionally a subject (a hashed visitor) with a count of its own. Each UTC day
 * counts afresh: one row of `daily_quotas` per quota, day and subject.
 */
export interface DailyQuota {
  prefix: string;
  subject?: string;
}

/** Calls to the chat's language model (CHAT_DAILY_MODEL_CALLS). */
export const MODEL_CALLS: DailyQuota = { prefix: 'model-calls' };
/** Tavus video calls started (TAVUS_DAILY_CALLS). */
export const VIDEO_CALLS: DailyQuota = { prefix: 'video-calls' };

/** The highest cap a quota can be configured with. */
export const MAX_QUOTA_CAP = 999_999;

/** The UTC day a use counts on, as YYYY-MM-DD. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function counter(quota: DailyQuota, now: Date) {
  return { quota: quota.prefix, day: utcDay(now), subject: quota.subject ?? '' };
}

/** How many uses the quota has counted on `now`'s UTC day. */
export async function dailyQuotaUsed(quota: DailyQuota, now = new Date()): Promise<number> {
  const key = counter(quota, now);
  const [row] = await database()
    .select({ used: dailyQuotas.used })
    .from(dailyQuotas)
    .where(and(eq(dailyQuotas.quota, key.quota), eq(dailyQuotas.day, key.day), eq(dailyQuotas.subject, key.subject)));
  return row?.used ?? 0;
}

/**
 * The take of one use as SQL: inserts the day's counter at 1, or adds one to it while it is under the cap, and
 * returns the new count; no row when the cap is reached (or is 0). Postgres locks the counter's row for the
 * update and checks `used < cap` again on the row as the previous taker left it, so however many race, at most
 * `cap` are granted.
 */
function takeSql(quota: DailyQuota, cap: number, now: Date, unless: ReturnType<typeof sql> = sql`false`) {
  const key = counter(quota, now);
  return sql`
    INSERT INTO ${dailyQuotas} (quota, day, subject, used)
    SELECT ${key.quota}, ${key.day}::date, ${key.subject}, 1 WHERE ${cap}::int > 0 AND NOT (${unless})
    ON CONFLICT (quota, day, subject) DO UPDATE SET used = ${dailyQuotas}.used + 1
      WHERE ${dailyQuotas}.used < ${cap}::int AND NOT (${unless})
    RETURNING used`;
}

/** Takes one use of the quota on `now`'s UTC day if fewer than `cap` are taken, in one statement; answers whether it did. */
export async function takeDailyQuota(quota: DailyQuota, cap: number, now = new Date()): Promise<boolean> {
  const { rows } = await database().execute(takeSql(quota, cap, now));
  return rows.length > 0;
}

/**
 * Takes one use from a visitor's share and one from the site's quota, in one statement; answers which one was
 * spent, if any. A site quota spent already refuses without counting anything, so once the site is full no visitor
 * is counted; the visitor's share is taken first and the site's only when it was granted, so one visitor past
 * their share never spends the site's. (Should the site fill up at that very moment, the visitor's use stays spent.)
 */
export async function takeSharedQuota(
  site: DailyQuota,
  siteCap: number,
  visitor: DailyQuota,
  visitorCap: number,
  now = new Date(),
): Promise<'granted' | 'visitor' | 'site'> {
  const key = counter(site, now);
  const siteFull = sql`${siteCap}::int <= 0 OR EXISTS (SELECT 1 FROM ${dailyQuotas} WHERE quota = ${key.quota}
    AND day = ${key.day}::date AND subject = ${key.subject} AND used >= ${siteCap}::int)`;
  const { rows } = await database().execute<{ outcome: 'granted' | 'visitor' | 'site' }>(sql`
    WITH visitor AS (${takeSql(visitor, visitorCap, now, siteFull)}),
    site AS (${takeSql(site, siteCap, now, sql`NOT EXISTS (SELECT 1 FROM visitor)`)})
    SELECT CASE
      WHEN EXISTS (SELECT 1 FROM site) THEN 'granted'
      WHEN EXISTS (SELECT 1 FROM visitor) OR (${siteFull}) THEN 'site'
      ELSE 'visitor' END AS outcome`);
  return rows[0]?.outcome ?? 'site';
}

/**
 * Deletes the counters of every day before `today` (YYYY-MM-DD), in one statement: a day's uses only count that
 * day. Answers how many uses they had counted.
 */
export async function deleteQuotaDaysBefore(today: string): Promise<number> {
  const { rows } = await database().execute<{ uses: number }>(sql`
    WITH deleted AS (DELETE FROM ${dailyQuotas} WHERE ${lt(dailyQuotas.day, today)} RETURNING used)
    SELECT coalesce(sum(used), 0)::int AS uses FROM deleted`);
  return Number(rows[0]?.uses ?? 0);
}
