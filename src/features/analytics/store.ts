import { randomBytes } from 'node:crypto';
import { and, asc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { database, executePrepared } from '../../platform/db/client';
import { FIRM_TIME_ZONE, firmDayStart, addDays } from '../../platform/time-zone';
import { sharedQuotaSql, type QuotaShares } from '../quotas/store';
import { contactMessages } from '../leads/tables';
import {
  analyticsDaily,
  analyticsEvents,
  analyticsGoals,
  analyticsLeadDaily,
  analyticsLeadRollups,
  analyticsRollups,
  analyticsSalts,
  analyticsVisitMarks,
  analyticsVisits,
} from './tables';
import type { Channel, Device, Goal } from './schema';

/**
 * The analytics' queries (docs/architecture.md, "Analytics"): the day's salt, a pageview written in the statement
 * that takes its quota, goals, a visit read back for a lead's attribution, the daily rollups and the report's two
 * grouped reads (visits, and leads with their outcomes).
 */

/** A salt per firm day, made by the first event of the day; kept in memory while the day lasts. */
const salts = new Map<string, string>();

export async function saltFor(day: string): Promise<string> {
  const known = salts.get(day);
  if (known) return known;
  const fresh = randomBytes(32).toString('base64url');
  // One statement: the day's salt as stored, this one if it is the first (a racing first event gets the winner's).
  const { rows } = await database().execute<{ salt: string }>(sql`
    WITH made AS (
      INSERT INTO ${analyticsSalts} (day, salt) VALUES (${day}::date, ${fresh}) ON CONFLICT (day) DO NOTHING RETURNING salt)
    SELECT salt FROM made UNION ALL SELECT salt FROM ${analyticsSalts} WHERE day = ${day}::date`);
  let salt = rows[0]?.salt;
  if (!salt) {
    // A first event racing another: the winner's row committed after this statement's snapshot. Read it now.
    const [row] = await database()
      .select({ salt: analyticsSalts.salt })
      .from(analyticsSalts)
      .where(eq(analyticsSalts.day, day));
    salt = row?.salt;
  }
  if (!salt) throw new Error(`No analytics salt for ${day}`);
  salts.clear();
  salts.set(day, salt);
  return salt;
}

/** Forgets the salt kept in memory (tests that delete salts, as the retention job does). */
export function forgetSalts(): void {
  salts.clear();
}

export async function deleteSaltsBefore(day: string): Promise<number> {
  salts.clear();
  const { rowCount } = await database().delete(analyticsSalts).where(lt(analyticsSalts.day, day));
  return rowCount ?? 0;
}

export async function saltDays(): Promise<string[]> {
  const rows = await database()
    .select({ day: analyticsSalts.day })
    .from(analyticsSalts)
    .orderBy(asc(analyticsSalts.day));
  return rows.map((row) => row.day);
}

export interface PageviewRow {
  at: Date;
  day: string;
  visitor: string;
  path: string;
  referrer: string | null;
  channel: Channel;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  content: string | null;
  term: string | null;
  country: string | null;
  device: Device | null;
}

/** Rows per counted value and day (analytics_daily's `shard`): concurrent beacons take one at random. */
export const SHARDS = 4;
const shard = () => Math.floor(Math.random() * SHARDS);

/** The paths that make a visit engaged besides its goals: the booking page and the readiness check. */
const ENGAGED_PATHS = '^/([a-z]{2}/)?(book|assessment)(/|$)';

/** Adds the CTE `rows` (day, dimension, value, visitors, pageviews) to today's figures in a shard, as an upsert. */
const countRows = (slot: number) => sql`
  INSERT INTO ${analyticsDaily} AS d (day, dimension, value, shard, visitors, pageviews)
  SELECT day, dimension, value, ${slot}, sum(visitors), sum(pageviews) FROM rows GROUP BY 1, 2, 3
  -- Rows locked in one order by every statement, so two goals of one shard never wait on each other in a circle.
  ORDER BY 1, 2, 3
  ON CONFLICT (day, dimension, value, shard) DO UPDATE
    SET visitors = d.visitors + excluded.visitors, pageviews = d.pageviews + excluded.pageviews`;

/**
 * Stores a pageview in the statement that takes its quota (one statement a call), written only when the visitor's
 * share and the site's allowed it, and counts it at once: the raw row (for a lead's attribution), the visit (its first
 * pageview's source, counted as a visitor once), the page's visitor (once a day), the funnel's engaged step (the
 * booking page), and the day's figures of each dimension. Answers the quota's outcome.
 */
export async function insertPageview(
  row: PageviewRow,
  quota: QuotaShares,
  now: Date,
): Promise<'granted' | 'visitor' | 'site'> {
  const day = sql`${row.day}::date`;
  const write = sql`ev AS (
      INSERT INTO ${analyticsEvents}
        (at, day, visitor, path, referrer, channel, source, medium, campaign, content, term, country, device)
      SELECT ${row.at.toISOString()}::timestamptz, ${day}, ${row.visitor}, ${row.path}, ${row.referrer},
        ${row.channel}, ${row.source}, ${row.medium}, ${row.campaign}, ${row.content}, ${row.term}, ${row.country},
        ${row.device}
      WHERE EXISTS (SELECT 1 FROM site)
      RETURNING day, visitor, path),
    visit AS (
      INSERT INTO ${analyticsVisits} AS v (day, visitor, channel, source, campaign, entry, country, device, pageviews)
      SELECT day, visitor, ${row.channel}, ${row.source}, ${row.campaign}, path, ${row.country}, ${row.device}, 1
      FROM ev
      ON CONFLICT (day, visitor) DO UPDATE SET pageviews = v.pageviews + 1
      RETURNING v.channel, v.source, v.campaign, v.entry, v.country, v.device, v.pageviews = 1 AS fresh),
    page AS (
      INSERT INTO ${analyticsVisitMarks} (day, visitor, mark) SELECT day, visitor, 'page:' || path FROM ev
      ON CONFLICT DO NOTHING RETURNING 1),
    engaged AS (
      INSERT INTO ${analyticsVisitMarks} (day, visitor, mark)
      SELECT day, visitor, 'step:engaged' FROM ev WHERE path ~ ${ENGAGED_PATHS}
      ON CONFLICT DO NOTHING RETURNING 1),
    rows AS (
      -- A visit's own dimensions count it once, at its first pageview; pageviews count for the total and the page.
      SELECT ev.day, x.dimension, x.value, x.visitors, x.pageviews FROM ev, visit CROSS JOIN LATERAL (VALUES
        ('total', '', visit.fresh::int, 1),
        ('channel', CASE WHEN visit.fresh THEN visit.channel END, 1, 0),
        ('source', CASE WHEN visit.fresh THEN visit.source END, 1, 0),
        ('campaign', CASE WHEN visit.fresh THEN visit.campaign END, 1, 0),
        ('entry', CASE WHEN visit.fresh THEN visit.entry END, 1, 0),
        ('country', CASE WHEN visit.fresh THEN visit.country END, 1, 0),
        ('device', CASE WHEN visit.fresh THEN visit.device END, 1, 0),
        ('page', ev.path, (EXISTS (SELECT 1 FROM page))::int, 1),
        ('funnel', CASE WHEN EXISTS (SELECT 1 FROM engaged) THEN 'engaged' END, 1, 0)
      ) AS x(dimension, value, visitors, pageviews)
      WHERE x.value IS NOT NULL),
    counted AS (${countRows(shard())})`;
  const rows = await executePrepared<{ outcome: 'granted' | 'visitor' | 'site' }>(
    'analytics-pageview',
    sharedQuotaSql(quota.site, quota.siteCap, quota.visitor, quota.visitorCap, now, write),
  );
  return rows[0]?.outcome ?? 'site';
}

/**
 * Stores a goal an action reached and counts it, in one statement: the raw row, the day's count of the goal, and the
 * funnel steps it is (`steps`: engaged, lead, meeting) for a visitor with a visit today, each counted once a visitor.
 */
export async function insertGoal(
  name: Goal,
  visitor: string | null,
  at: Date,
  day: string,
  steps: readonly string[],
): Promise<void> {
  await database().execute(sql`
    WITH goal AS (
      INSERT INTO ${analyticsGoals} (at, day, name, visitor) VALUES (${at.toISOString()}::timestamptz, ${day}::date,
        ${name}, ${visitor}) RETURNING day),
    step AS (
      INSERT INTO ${analyticsVisitMarks} (day, visitor, mark)
      SELECT ${day}::date, ${visitor}, 'step:' || s FROM unnest(${`{${steps.join(',')}}`}::text[]) s
      WHERE EXISTS (SELECT 1 FROM ${analyticsVisits} WHERE day = ${day}::date AND visitor = ${visitor})
      ON CONFLICT DO NOTHING RETURNING substr(mark, 6) AS step),
    rows AS (
      SELECT day, 'goal' AS dimension, ${name}::text AS value, 1 AS visitors, 0 AS pageviews FROM goal
      UNION ALL SELECT ${day}::date, 'funnel', step, 1, 0 FROM step),
    counted AS (${countRows(shard())})
    SELECT 1`);
}

/** Deletes the visits and marks of the days before `day` (they only dedupe a day's counting). */
export async function deleteVisitsBefore(day: string): Promise<number> {
  const visits = await database().delete(analyticsVisits).where(lt(analyticsVisits.day, day));
  await database().delete(analyticsVisitMarks).where(lt(analyticsVisitMarks.day, day));
  return visits.rowCount ?? 0;
}

/** The pages of one visitor's day, oldest first (at most 200): what a lead's attribution is made from. */
export async function visitEvents(visitor: string, day: string) {
  return database()
    .select({
      path: analyticsEvents.path,
      referrer: analyticsEvents.referrer,
      channel: analyticsEvents.channel,
      source: analyticsEvents.source,
      medium: analyticsEvents.medium,
      campaign: analyticsEvents.campaign,
      country: analyticsEvents.country,
      device: analyticsEvents.device,
    })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.day, day), eq(analyticsEvents.visitor, visitor)))
    .orderBy(asc(analyticsEvents.at), asc(analyticsEvents.id))
    .limit(200);
}

/** Values a day keeps per dimension in its rollup; the rest are summed as `(other)` (a stranger's made-up paths). */
export const VALUES_PER_DAY = 500;

export const ENGAGED_GOALS: Goal[] = [
  'contact-sent',
  'chat-started',
  'chat-lead',
  'meeting-booked',
  'video-started',
  'access-requested',
  'assessment-completed',
];
export const LEAD_GOALS: Goal[] = ['contact-sent', 'chat-lead', 'meeting-booked', 'access-requested'];
const list = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * The grouped rows of the days `days` (a query answering a `day` column) from the raw events and goals: per day and
 * dimension value, the visitors (and the pageviews of the total and of each page, as they are counted). A visit is one
 * visitor's day; its channel, source, campaign, entry page, country and device are its first pageview's. The CTEs
 * end in `agg`.
 */
function aggregateCtes(days: SQL): SQL {
  return sql`
    d AS (${days}),
    -- Bounded by the days' first and last, so the planner reads the days' rows by index, never the whole table.
    ev AS (SELECT * FROM ${analyticsEvents} WHERE day BETWEEN (SELECT min(day) FROM d) AND (SELECT max(day) FROM d)
      AND day IN (SELECT day FROM d)),
    gl AS (SELECT * FROM ${analyticsGoals} WHERE day BETWEEN (SELECT min(day) FROM d) AND (SELECT max(day) FROM d)
      AND day IN (SELECT day FROM d)),
    visits AS (
      SELECT DISTINCT ON (day, visitor) day, visitor, channel, source, campaign, path AS entry, country, device,
        count(*) OVER (PARTITION BY day, visitor) AS views
      FROM ev ORDER BY day, visitor, at, id),
    grouped AS (
      SELECT v.day, x.dimension, x.value, count(*)::int AS visitors,
        (CASE WHEN x.dimension = 'total' THEN sum(v.views) ELSE 0 END)::int AS pageviews
      FROM visits v CROSS JOIN LATERAL (VALUES ('total', ''), ('channel', v.channel), ('source', v.source),
        ('campaign', v.campaign), ('entry', v.entry), ('country', v.country), ('device', v.device)) AS x(dimension, value)
      WHERE x.value IS NOT NULL GROUP BY 1, 2, 3
      UNION ALL
      SELECT day, 'page', path, count(DISTINCT visitor)::int, count(*)::int FROM ev GROUP BY day, path
      UNION ALL
      SELECT day, 'goal', name, count(*)::int, 0 FROM gl GROUP BY day, name
      UNION ALL
      SELECT s.day, 'funnel', s.step, count(DISTINCT s.visitor)::int, 0 FROM (
        SELECT day, visitor, 'engaged' AS step FROM ev WHERE path ~ ${ENGAGED_PATHS}
        UNION ALL SELECT day, visitor, 'engaged' FROM gl WHERE name IN (${list(ENGAGED_GOALS)})
        UNION ALL SELECT day, visitor, 'lead' FROM gl WHERE name IN (${list(LEAD_GOALS)})
        UNION ALL SELECT day, visitor, 'meeting' FROM gl WHERE name = 'meeting-booked'
      ) s WHERE EXISTS (SELECT 1 FROM visits v WHERE v.day = s.day AND v.visitor = s.visitor)
      GROUP BY 1, 2, 3),
    ranked AS (
      SELECT *, row_number() OVER (PARTITION BY day, dimension ORDER BY visitors DESC, pageviews DESC, value) AS rank
      FROM grouped),
    agg AS (
      SELECT day, dimension,
        CASE WHEN rank <= ${VALUES_PER_DAY} THEN value ELSE '(other)' END AS value,
        sum(visitors)::int AS visitors, sum(pageviews)::int AS pageviews
      FROM ranked GROUP BY 1, 2, 3)`;
}

/** The first day with raw rows: every closed day from it on is compacted, so the days before it need no reading. */
const firstRawDay = sql`(SELECT least((SELECT min(day) FROM ${analyticsEvents}), (SELECT min(day) FROM ${analyticsGoals})))`;

/** The closed days with raw rows not compacted yet, before `before`. */
const unrolledVisitDays = (before: string) => sql`
  SELECT g::date AS day FROM generate_series(${firstRawDay}, ${before}::date - 1, interval '1 day') g
  WHERE NOT EXISTS (SELECT 1 FROM ${analyticsRollups} r WHERE r.day = g::date)`;

/**
 * How many closed days, before `before`, wait for their compaction and for their leads' rollup: one small statement,
 * since mostly there is nothing to do (a day is over once a day).
 */
export async function pendingRollups(before: string): Promise<{ visitDays: number; leadDays: number }> {
  const { rows } = await database().execute<{ visits: number; leads: number }>(sql`SELECT
    (SELECT count(*)::int FROM (${unrolledVisitDays(before)}) v) AS visits,
    (SELECT count(*)::int FROM (${unrolledLeadDays(before)}) l) AS leads`);
  return { visitDays: Number(rows[0]?.visits ?? 0), leadDays: Number(rows[0]?.leads ?? 0) };
}

/**
 * Compacts every closed day before `before` that has raw rows and is not compacted yet, in one transaction: the days
 * are claimed (analytics_rollups), their counted figures replaced by the same figures grouped again from the raw
 * rows into shard 0 (`aggregateCtes`: past 500 values a dimension, the rest as `(other)`). Answers the days.
 */
export async function rollUpBefore(before: string): Promise<number> {
  return database().transaction(async (tx) => {
    const claimed = await tx.execute<{ day: string }>(sql`
      INSERT INTO ${analyticsRollups} (day) ${unrolledVisitDays(before)} ON CONFLICT DO NOTHING
      RETURNING to_char(day, 'YYYY-MM-DD') AS day`);
    const days = claimed.rows.map((row) => row.day);
    if (!days.length) return 0;
    const list = sql`SELECT unnest(${`{${days.join(',')}}`}::date[]) AS day`;
    await tx.execute(sql`DELETE FROM ${analyticsDaily} WHERE day IN (${list})`);
    await tx.execute(sql`
      WITH ${aggregateCtes(list)}
      INSERT INTO ${analyticsDaily} (day, dimension, value, shard, visitors, pageviews)
      SELECT day, dimension, value, 0, visitors, pageviews FROM agg`);
    return days.length;
  });
}

export type VisitRow = {
  dimension: string;
  value: string;
  day: string | null;
  visitors: number;
  pageviews: number;
};

/**
 * A report's visit figures over `[from, to]` (firm days), one statement over the daily figures, counted as they
 * happened (today's too) and summed over their shards: `total` rows per day from `totalsFrom` on (the previous
 * period's too); every other dimension summed over `[from, to]`.
 */
export async function visitRows(totalsFrom: string, from: string, to: string): Promise<VisitRow[]> {
  const { rows } = await database().execute<VisitRow>(visitRowsSql(totalsFrom, from, to));
  return rows.map((row) => ({ ...row, visitors: Number(row.visitors), pageviews: Number(row.pageviews) }));
}

/** visitRows' statement (the benchmark explains it). */
export function visitRowsSql(totalsFrom: string, from: string, to: string): SQL {
  return sql`
    WITH rows AS (
      SELECT day, dimension, value, visitors, pageviews FROM ${analyticsDaily}
        WHERE day BETWEEN ${from}::date AND ${to}::date
      UNION ALL
      SELECT day, dimension, value, visitors, pageviews FROM ${analyticsDaily}
        WHERE dimension = 'total' AND day >= ${totalsFrom}::date AND day < ${from}::date)
    SELECT dimension, value, CASE WHEN dimension = 'total' THEN to_char(day, 'YYYY-MM-DD') END AS day,
      sum(visitors)::int AS visitors, sum(pageviews)::int AS pageviews
    FROM rows GROUP BY 1, 2, 3`;
}

export type LeadRowFigures = {
  dimension: string;
  value: string;
  day: string | null;
  leads: number;
  clients: number;
  amount: number;
};

/** The lock that orders a lead rollup after the lead changes it reads (the trigger of migration 0011 takes it too). */
const LEAD_ROLLUP_LOCK = sql`pg_advisory_xact_lock(hashtext('analytics_lead_rollups'))`;

/** The firm day a lead was filed on. */
const leadDay = sql`(${contactMessages.createdAt} AT TIME ZONE ${FIRM_TIME_ZONE})::date`;

/**
 * The leads of the days `days` (a query answering a `day` column, from `since` on), grouped per firm day and dimension
 * of their attribution (the pages: every page their visit included): the leads, the won ones and their value;
 * `total` every lead, `attributed` those a visit explains. The CTEs end in `lagg`.
 */
function leadAggregateCtes(days: SQL, since: SQL): SQL {
  return sql`
    ld AS (${days}),
    l AS (
      SELECT ${leadDay} AS day, ${contactMessages.attribution} AS a,
        -- A client is a lead closed as won (one reopened is not, until it is closed again).
        CASE WHEN ${contactMessages.status} = 'closed' THEN ${contactMessages.outcome} END AS outcome,
        ${contactMessages.value} AS amount
      FROM ${contactMessages}
      WHERE ${contactMessages.createdAt} >= ${since} AND ${leadDay} IN (SELECT day FROM ld)),
    lx AS (
      SELECT l.day, k.dimension, k.value, l.outcome, l.amount FROM l CROSS JOIN LATERAL (VALUES ('total', ''),
        ('attributed', CASE WHEN l.a IS NOT NULL THEN '' END), ('channel', l.a->>'channel'), ('source', l.a->>'source'),
        ('campaign', l.a->>'campaign'), ('entry', l.a->>'landingPage'), ('country', l.a->>'country'),
        ('device', l.a->>'device')) AS k(dimension, value)
      WHERE k.value IS NOT NULL
      UNION ALL
      SELECT l.day, 'page', p.path, l.outcome, l.amount
      FROM l CROSS JOIN LATERAL (SELECT DISTINCT jsonb_array_elements_text(l.a->'pagesViewed') AS path) p
      WHERE jsonb_typeof(l.a->'pagesViewed') = 'array'),
    lagg AS (
      SELECT day, dimension, value, count(*)::int AS leads, (count(*) FILTER (WHERE outcome = 'won'))::int AS clients,
        (coalesce(sum(amount) FILTER (WHERE outcome = 'won'), 0))::bigint AS amount
      FROM lx GROUP BY 1, 2, 3)`;
}

/** The first lead's firm day: no day before it has a lead to group. */
const firstLeadDay = sql`(SELECT (min(${contactMessages.createdAt}) AT TIME ZONE ${FIRM_TIME_ZONE})::date FROM ${contactMessages})`;

/** The closed days of leads not rolled up as they are now, from the first lead on, before `before`. */
const unrolledLeadDays = (before: string) => sql`
  SELECT g::date AS day FROM generate_series(${firstLeadDay}, ${before}::date - 1, interval '1 day') g
  WHERE NOT EXISTS (SELECT 1 FROM ${analyticsLeadRollups} r WHERE r.day = g::date)`;

/**
 * Rolls up the leads of every closed day not rolled up as it is now (a day whose lead changed since is again), in a
 * transaction that first takes the lock a lead's change takes: so no change is missed by a rollup that read before
 * it. Answers the days rolled up.
 */
export async function rollUpLeadsBefore(before: string): Promise<number> {
  return database().transaction(async (tx) => {
    await tx.execute(sql`SELECT ${LEAD_ROLLUP_LOCK}`);
    await tx.execute(sql`
      DELETE FROM ${analyticsLeadDaily} d WHERE d.day < ${before}::date
        AND NOT EXISTS (SELECT 1 FROM ${analyticsLeadRollups} r WHERE r.day = d.day)`);
    const { rows } = await tx.execute<{ days: number }>(sql`
      WITH marked AS (
        INSERT INTO ${analyticsLeadRollups} (day) ${unrolledLeadDays(before)} ON CONFLICT DO NOTHING RETURNING day),
      ${leadAggregateCtes(
        sql`SELECT day FROM marked`,
        sql`(SELECT (min(day)::timestamp AT TIME ZONE ${FIRM_TIME_ZONE}) FROM marked)`,
      )},
      written AS (
        INSERT INTO ${analyticsLeadDaily} (day, dimension, value, leads, clients, amount)
        SELECT day, dimension, value, leads, clients, amount FROM lagg ON CONFLICT DO NOTHING RETURNING 1)
      SELECT (SELECT count(*)::int FROM marked) AS days`);
    return Number(rows[0]?.days ?? 0);
  });
}

/**
 * A report's lead figures over `[from, to]`, one statement: rolled-up days from analytics_lead_daily, the others
 * (today, a day changed since its rollup) grouped live from the leads of those days only. `total` rows come per day
 * from `totalsFrom` on; every other dimension summed over `[from, to]`.
 */
export async function leadRows(totalsFrom: string, from: string, to: string): Promise<LeadRowFigures[]> {
  const { rows } = await database().execute<LeadRowFigures>(sql`
    WITH ${leadAggregateCtes(
      sql`SELECT g::date AS day FROM generate_series(greatest(${totalsFrom}::date, ${firstLeadDay}), ${to}::date,
          interval '1 day') g
        WHERE NOT EXISTS (SELECT 1 FROM ${analyticsLeadRollups} r WHERE r.day = g::date)`,
      sql`(SELECT (min(day)::timestamp AT TIME ZONE ${FIRM_TIME_ZONE}) FROM ld)`,
    )},
    rolled AS (
      SELECT d.* FROM ${analyticsLeadDaily} d JOIN ${analyticsLeadRollups} r ON r.day = d.day
      WHERE d.day BETWEEN ${from}::date AND ${to}::date
      UNION ALL
      SELECT d.* FROM ${analyticsLeadDaily} d JOIN ${analyticsLeadRollups} r ON r.day = d.day
      WHERE d.dimension = 'total' AND d.day >= ${totalsFrom}::date AND d.day < ${from}::date),
    rows AS (
      SELECT day, dimension, value, leads, clients, amount FROM rolled
      UNION ALL SELECT day, dimension, value, leads, clients, amount FROM lagg
        WHERE dimension = 'total' OR day >= ${from}::date)
    SELECT dimension, value, CASE WHEN dimension = 'total' THEN to_char(day, 'YYYY-MM-DD') END AS day,
      sum(leads)::int AS leads, sum(clients)::int AS clients, sum(amount)::float8 AS amount
    FROM rows GROUP BY 1, 2, 3`);
  return rows.map((row) => ({
    ...row,
    leads: Number(row.leads),
    clients: Number(row.clients),
    amount: Number(row.amount),
  }));
}

/** The leads filed over `[from, to]` whose visit included `path`, newest first (at most 200). */
export async function leadsThatVisited(path: string, from: string, to: string) {
  const start = firmDayStart(from).toISOString();
  const end = firmDayStart(addDays(to, 1)).toISOString();
  return database()
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      company: contactMessages.company,
      source: contactMessages.source,
      status: contactMessages.status,
      outcome: contactMessages.outcome,
      value: contactMessages.value,
      createdAt: contactMessages.createdAt,
      attribution: contactMessages.attribution,
    })
    .from(contactMessages)
    .where(
      and(
        sql`${contactMessages.createdAt} >= ${start}::timestamptz AND ${contactMessages.createdAt} < ${end}::timestamptz`,
        sql`${contactMessages.attribution}->'pagesViewed' @> ${JSON.stringify([path])}::jsonb`,
      ),
    )
    .orderBy(sql`${contactMessages.createdAt} DESC`, sql`${contactMessages.id} DESC`)
    .limit(200);
}

/** The retention job: raw events and goals of the days before `day` (rolled up first), in batches of `limit`. */
export async function deleteRawBefore(day: string, limit: number): Promise<number> {
  const events = await database().execute<{ n: number }>(sql`
    WITH gone AS (DELETE FROM ${analyticsEvents} WHERE id IN (
      SELECT id FROM ${analyticsEvents} WHERE day < ${day}::date ORDER BY day LIMIT ${limit}) RETURNING 1)
    SELECT count(*)::int AS n FROM gone`);
  const goals = await database().execute<{ n: number }>(sql`
    WITH gone AS (DELETE FROM ${analyticsGoals} WHERE id IN (
      SELECT id FROM ${analyticsGoals} WHERE day < ${day}::date ORDER BY day LIMIT ${limit}) RETURNING 1)
    SELECT count(*)::int AS n FROM gone`);
  return Number(events.rows[0]?.n ?? 0) + Number(goals.rows[0]?.n ?? 0);
}

/** Visitors per firm day over `[from, to]` (the daily totals only): the overview's weeks. One statement. */
export async function visitorsPerDay(from: string, to: string): Promise<Map<string, number>> {
  const { rows } = await database().execute<{ day: string; visitors: number }>(sql`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(visitors)::int AS visitors FROM ${analyticsDaily}
    WHERE dimension = 'total' AND day BETWEEN ${from}::date AND ${to}::date GROUP BY day`);
  return new Map(rows.map((row) => [row.day, Number(row.visitors)]));
}
