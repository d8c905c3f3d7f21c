import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns';
import { oneOf } from '../../platform/db/columns';
import { CHANNELS, DEVICES, GOALS } from './schema';

/**
 * The visitor hash's salts (src/features/analytics/analytics.ts, visitorId): one random salt per firm day, made by the first
 * event of the day and deleted by the daily retention run once its day is over, so yesterday's hashes can no longer be
 * recomputed from an IP and a User-Agent (Plausible's scheme).
 */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date({ mode: 'string' }).primaryKey(),
  salt: text().notNull(),
  createdAt: at().notNull().defaultNow(),
});

/**
 * Pageviews, one row each (POST /api/event), kept 90 days (the retention job). `visitor` is the day's keyed hash of
 * (salt, IP, User-Agent, site), never the IP or the User-Agent; `path` has no query string; `referrer` is a domain
 * (and path where the referrer is no search engine), self-referrals dropped; the UTMs and `ref` are the only query
 * parameters kept; `channel` is derived from them (src/features/analytics/classify.ts).
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: at().notNull(),
    day: date({ mode: 'string' }).notNull(),
    visitor: text().notNull(),
    path: text().notNull(),
    referrer: text(),
    channel: text({ enum: CHANNELS }).notNull(),
    source: text(),
    medium: text(),
    campaign: text(),
    content: text(),
    term: text(),
    country: text(),
    device: text({ enum: DEVICES }),
  },
  (table) => [
    // A visit is one visitor's events of one day: attribution reads it, the rollups group by it.
    index('analytics_events_visit').on(table.day, table.visitor, table.at),
    check('analytics_events_channel', oneOf(table.channel, CHANNELS)),
    check('analytics_events_device', oneOf(table.device, DEVICES)),
    check('analytics_events_path', sql`char_length(${table.path}) BETWEEN 1 AND 400`),
  ],
);

/**
 * Goals reached, one row each, recorded by the server's actions (a contact message stored, a meeting booked…),
 * never claimed by a browser. `visitor` is the day's hash of the request that reached it, when there was one.
 * Kept 90 days, like the events.
 */
export const analyticsGoals = pgTable(
  'analytics_goals',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: at().notNull(),
    day: date({ mode: 'string' }).notNull(),
    name: text({ enum: GOALS }).notNull(),
    visitor: text(),
  },
  (table) => [
    index('analytics_goals_day').on(table.day, table.name),
    check('analytics_goals_name', oneOf(table.name, GOALS)),
  ],
);

/**
 * The daily figures, kept for ever: per firm day, dimension (`total`, `channel`, `source`, `campaign`, `page`, `entry`,
 * `country`, `device`, `goal`, `funnel`) and value, the visitors and pageviews (a goal's count is in `visitors`).
 * Counted as they happen, by the statement that stores a pageview or a goal, into one of SHARDS rows per value (a
 * random one each time: the figures' rows are no second point every beacon waits on, besides the site's quota row);
 * reports sum the shards. Once a day is
 * over it is compacted (analytics_rollups says which): grouped again from its raw rows into shard 0, its values past
 * 500 per dimension summed as `(other)`.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date({ mode: 'string' }).notNull(),
    dimension: text().notNull(),
    value: text().notNull(),
    shard: smallint().notNull().default(0),
    visitors: integer().notNull(),
    pageviews: integer().notNull(),
  },
  (table) => [
    primaryKey({ name: 'analytics_daily_pk', columns: [table.day, table.dimension, table.value, table.shard] }),
    // A report's previous period reads its days' totals only.
    index('analytics_daily_dimension').on(table.dimension, table.day),
  ],
);

/** The days compacted: grouped again from their raw rows once over, into one row per value. */
export const analyticsRollups = pgTable('analytics_rollups', {
  day: date({ mode: 'string' }).primaryKey(),
  rolledAt: at().notNull().defaultNow(),
});

/**
 * Today's visits, one row per visitor and day, written by the pageview's statement: the visit's channel, source,
 * campaign, entry page, country and device (its first pageview's) and its pageviews, so that each later pageview
 * counts the visit once and under its first page's source. Deleted once the day is over (the retention run).
 */
export const analyticsVisits = pgTable(
  'analytics_visits',
  {
    day: date({ mode: 'string' }).notNull(),
    visitor: text().notNull(),
    channel: text().notNull(),
    source: text(),
    campaign: text(),
    entry: text().notNull(),
    country: text(),
    device: text(),
    pageviews: integer().notNull(),
  },
  (table) => [primaryKey({ name: 'analytics_visits_pk', columns: [table.day, table.visitor] })],
);

/**
 * What a visit already counted today: a page (`page:/path`) or a funnel step (`step:engaged`, `step:lead`,
 * `step:meeting`), so a page's visitors and a step's count each visitor once. Deleted once the day is over.
 */
export const analyticsVisitMarks = pgTable(
  'analytics_visit_marks',
  {
    day: date({ mode: 'string' }).notNull(),
    visitor: text().notNull(),
    mark: text().notNull(),
  },
  (table) => [primaryKey({ name: 'analytics_visit_marks_pk', columns: [table.day, table.visitor, table.mark] })],
);

/**
 * The leads' daily rollups (per firm day of the lead, dimension of its attribution and value: leads, won ones, their
 * value in euros), kept for the days analytics_lead_rollups marks. A lead's change (filed, deleted, its attribution,
 * outcome or value changed) unmarks its day through a trigger (migration 0011), so the next report groups it again.
 */
export const analyticsLeadDaily = pgTable(
  'analytics_lead_daily',
  {
    day: date({ mode: 'string' }).notNull(),
    dimension: text().notNull(),
    value: text().notNull(),
    leads: integer().notNull(),
    clients: integer().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'analytics_lead_daily_pk', columns: [table.day, table.dimension, table.value] }),
    index('analytics_lead_daily_dimension').on(table.dimension, table.day),
  ],
);

/** The days whose leads analytics_lead_daily holds as they are now (the trigger deletes a changed lead's day). */
export const analyticsLeadRollups = pgTable('analytics_lead_rollups', {
  day: date({ mode: 'string' }).primaryKey(),
});
