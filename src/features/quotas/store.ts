import { sql, type SQL } from 'drizzle-orm';
import { database } from '../../platform/db/client';
import { dailyQuotas as q } from './tables';

/** A daily quota: a name (`prefix`) and optionally a subject (a hashed visitor) with a count of its own. */
export type DailyQuota = { prefix: string; subject?: string };

/** The counters one use of a visitor's share of a site quota takes, with their caps (sharedQuotaSql's arguments). */
export interface QuotaShares {
  site: DailyQuota;
  siteCap: number;
  visitor: DailyQuota;
  visitorCap: number;
}

/** The UTC day a use counts on, as YYYY-MM-DD: each day counts afresh. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

const key = (quota: DailyQuota, now: Date) => sql`${quota.prefix}, ${utcDay(now)}::date, ${quota.subject ?? ''}`;

export async function dailyQuotaUsed(quota: DailyQuota, now = new Date()): Promise<number> {
  const used = sql`SELECT used FROM ${q} WHERE (quota, day, subject) = (${key(quota, now)})`;
  return (await database().execute<{ used: number }>(used)).rows[0]?.used ?? 0;
}

/** Postgres locks the counter's row and checks `used < cap` again as the last taker left it: at most `cap` pass. */
function takeSql(quota: DailyQuota, cap: number, now: Date, unless: SQL = sql`false`) {
  return sql`
    INSERT INTO ${q} (quota, day, subject, used)
    SELECT ${key(quota, now)}, 1 WHERE ${cap}::int > 0 AND NOT (${unless})
    ON CONFLICT (quota, day, subject) DO UPDATE SET used = ${q}.used + 1
      WHERE ${q}.used < ${cap}::int AND NOT (${unless})
    RETURNING used`;
}

export async function takeDailyQuota(quota: DailyQuota, cap: number, now = new Date()): Promise<boolean> {
  return (await database().execute(takeSql(quota, cap, now))).rows.length > 0;
}

/**
 * A use of a visitor's share and of the site's, as one statement's SQL. A full site counts nothing; the site's is taken
 * only when the visitor's was, so one past their share never spends it (if the site fills meanwhile, the visitor's
 * stays). `then`, when given, is more CTEs (`name AS (…), …`) run in the same statement, whose writes may test
 * `EXISTS (SELECT 1 FROM site)` to write only when the use was granted (POST /api/event: src/features/analytics).
 */
export function sharedQuotaSql(
  site: DailyQuota,
  siteCap: number,
  visitor: DailyQuota,
  visitorCap: number,
  now: Date,
  then?: SQL,
): SQL {
  const siteFull = sql`${siteCap}::int <= 0 OR EXISTS (SELECT 1 FROM ${q}
    WHERE (quota, day, subject) = (${key(site, now)}) AND used >= ${siteCap}::int)`;
  return sql`
    WITH visitor AS (${takeSql(visitor, visitorCap, now, siteFull)}),
    site AS (${takeSql(site, siteCap, now, sql`NOT EXISTS (SELECT 1 FROM visitor)`)})${then ? sql`, ${then}` : sql``}
    SELECT CASE
      WHEN EXISTS (SELECT 1 FROM site) THEN 'granted'
      WHEN EXISTS (SELECT 1 FROM visitor) OR (${siteFull}) THEN 'site'
      ELSE 'visitor' END AS outcome`;
}

/** A use of a visitor's share and of the site's, in one statement (sharedQuotaSql). */
export async function takeSharedQuota(
  site: DailyQuota,
  siteCap: number,
  visitor: DailyQuota,
  visitorCap: number,
  now = new Date(),
): Promise<'granted' | 'visitor' | 'site'> {
  const { rows } = await database().execute<{ outcome: 'granted' | 'visitor' | 'site' }>(
    sharedQuotaSql(site, siteCap, visitor, visitorCap, now),
  );
  return rows[0]?.outcome ?? 'site';
}

/** Deletes the counters of the days before `today` (YYYY-MM-DD), in one statement; answers how many uses they held. */
export async function deleteQuotaDaysBefore(today: string): Promise<number> {
  const { rows } = await database().execute<{ uses: number }>(sql`
    WITH deleted AS (DELETE FROM ${q} WHERE day < ${today}::date RETURNING used)
    SELECT coalesce(sum(used), 0)::int AS uses FROM deleted`);
  return Number(rows[0]?.uses ?? 0);
}
