import { createHmac } from 'node:crypto';
import { isbot } from 'isbot';
import { now as clockNow } from '../../platform/clock';
import { InvalidInput } from '../../platform/errors';
import { addDays, daysBetween, firmDay } from '../../platform/time-zone';
import { QUOTAS, quotaShares, refuseUnlessGranted } from '../quotas/quotas';
import { classify, deviceOf, isCountedPath, parsePageUrl, referrerOf } from './classify';
import {
  CHANNELS,
  FUNNEL_STEPS,
  GOALS,
  PAGES_VIEWED_MAX,
  REPORT_DAYS_MAX,
  type AnalyticsReport,
  type Attribution,
  type EventInput,
  type Goal,
  type PageLead,
  type ReportRow,
} from './schema';
import {
  deleteRawBefore,
  deleteVisitsBefore,
  ENGAGED_GOALS,
  LEAD_GOALS,
  deleteSaltsBefore,
  insertGoal,
  insertPageview,
  leadRows,
  leadsThatVisited,
  pendingRollups,
  rollUpBefore,
  rollUpLeadsBefore,
  saltFor,
  visitEvents,
  visitRows,
  type LeadRowFigures,
  type VisitRow,
} from './store';

/**
 * Cookie-less visitor analytics (docs/product.md, "Analytics"; Plausible's design): pageviews counted by a keyed
 * hash of the day's salt, the IP, the User-Agent and the site, never stored; goals recorded by the server's actions;
 * each lead's attribution read from its visitor's same-day visit; reports over daily rollups.
 */

/** What the server saw of a request, held for the request only: the analytics keep its hash, never these. */
export interface VisitSignal {
  ip: string;
  userAgent: string | null;
  /** The site's host as the request named it (the hash's "site", and what a self-referral is). */
  host: string;
  /** Netlify's request geo, an ISO 3166 code; null where it is not known (locally). */
  country: string | null;
}

/** Raw events and goals are kept this long; the daily rollups for ever (docs/security.md, retention). */
export const RAW_EVENT_DAYS = 90;
/**
 * A salt serves its own day only: the daily retention run after the day is over deletes it (within 48 hours of its
 * making; Netlify runs `@daily` at 00:00 UTC, 1 or 2 hours after Madrid's midnight).
 */
export const SALT_DAYS = 1;

/** Whether a request is a person's: no User-Agent, or one `isbot` knows (crawlers, previews, headless tools), is not. */
export function isPerson(signal: Pick<VisitSignal, 'userAgent'>): boolean {
  return !!signal.userAgent && !isbot(signal.userAgent);
}

/**
 * The visitor of a request today: HMAC-SHA256 under the day's salt of the IP, the User-Agent and the site. The same
 * browser on the same connection is the same visitor all day, another the next day; without the salt (deleted after
 * 48 hours) a hash cannot be tested against guessed IPs. Null for a bot.
 */
export async function visitorId(signal: VisitSignal, now = clockNow()): Promise<string | null> {
  if (!isPerson(signal)) return null;
  try {
    const salt = await saltFor(firmDay(now));
    return createHmac('sha256', salt)
      .update(`${signal.ip}\n${signal.userAgent ?? ''}\n${signal.host}`)
      .digest('hex')
      .slice(0, 32);
  } catch (error) {
    // Never worth losing the lead or message it would attribute: unknown, and logged.
    console.error('analytics: no visitor hash:', error instanceof Error ? error.message : error);
    return null;
  }
}

/**
 * Counts a pageview (POST /api/event), or ignores it: a bot, the dashboard or the API, another site's page. A URL that
 * is not one is refused (400); the visitor's and the site's daily quotas bound what is stored (429), in the statement
 * that stores it. Answers whether it was counted.
 */
export async function recordPageview(input: EventInput, signal: VisitSignal, now = clockNow()): Promise<boolean> {
  const page = parsePageUrl(input.url);
  if (!page) throw new InvalidInput('url must be an http(s) address', 'url');
  if (!isPerson(signal) || page.host !== signal.host.toLowerCase() || !isCountedPath(page.path)) return false;
  const visitor = await visitorId(signal, now);
  if (!visitor) return false;
  const referrer = referrerOf(input.referrer, signal.host);
  const source = classify(page.parameters, referrer);
  const outcome = await insertPageview(
    {
      at: now,
      day: firmDay(now),
      visitor,
      path: page.path,
      referrer,
      ...source,
      country: signal.country && /^[A-Z]{2}$/.test(signal.country) ? signal.country : null,
      device: deviceOf(input.width),
    },
    quotaShares(QUOTAS.event, signal.ip, now),
    now,
  );
  refuseUnlessGranted(QUOTAS.event, outcome, now);
  return true;
}

/** The funnel steps each goal is: any of these engages; these are a lead; a booking is a meeting too. */
function stepsOf(name: Goal): string[] {
  return [
    ...(ENGAGED_GOALS.includes(name) ? ['engaged'] : []),
    ...(LEAD_GOALS.includes(name) ? ['lead'] : []),
    ...(name === 'meeting-booked' ? ['meeting'] : []),
  ];
}

/** Records a goal an action reached (never one a browser claims), with the visitor of its request when it had one. */
export async function recordGoal(name: Goal, visitor: string | null, now = clockNow()): Promise<void> {
  try {
    await insertGoal(name, visitor, now, firmDay(now), visitor ? stepsOf(name) : []);
  } catch (error) {
    // Counting is never worth losing the action it counts: a failure here is logged, the action stands.
    console.error(`analytics goal ${name} not recorded:`, error instanceof Error ? error.message : error);
  }
}

/**
 * Where a lead came from: its visitor's visit of the same day (the first pageview's channel, source, medium,
 * campaign, referrer and page; every page seen, in order of first view, at most 20), or null when there was none.
 */
export async function attributionOf(visitor: string | null, now = clockNow()): Promise<Attribution | null> {
  if (!visitor) return null;
  let events;
  try {
    events = await visitEvents(visitor, firmDay(now));
  } catch (error) {
    // The lead is filed all the same, without its visit (and the log says why).
    console.error('analytics: attribution not read:', error instanceof Error ? error.message : error);
    return null;
  }
  const first = events[0];
  if (!first) return null;
  const pagesViewed = [...new Set(events.map((event) => event.path))].slice(0, PAGES_VIEWED_MAX);
  return {
    channel: first.channel,
    source: first.source,
    medium: first.medium,
    campaign: first.campaign,
    referrer: first.referrer,
    landingPage: first.path,
    pagesViewed,
    country: first.country,
    device: first.device,
  };
}

/** The attribution of a request's visitor: its hash, then its visit (one call for the functions that file leads). */
export async function attributionFor(signal: VisitSignal | null, now = clockNow()) {
  const visitor = signal ? await visitorId(signal, now) : null;
  return { visitor, attribution: await attributionOf(visitor, now) };
}

/** The firm day whose end a rollup waits for: 10 minutes' grace for an event stamped at 23:59:59. */
const closedBefore = (now: Date) => firmDay(now.getTime() - 10 * 60_000);

/** Rolls up the leads of every firm day that is over and not rolled up as it is now (a report's first step). */
async function rollUpLeads(now: Date): Promise<void> {
  const before = closedBefore(now);
  if ((await pendingRollups(before)).leadDays) await rollUpLeadsBefore(before);
}

/**
 * The retention job's part: compacts the days that are over and rolls up their leads, then deletes raw events and
 * goals past RAW_EVENT_DAYS and the visits and marks of past days (the salts: expireSalts). Answers what it did.
 */
export async function expireAnalytics(now = clockNow(), limit = 10_000) {
  const before = closedBefore(now);
  const pending = await pendingRollups(before);
  const rolled = pending.visitDays ? await rollUpBefore(before) : 0;
  if (pending.leadDays) await rollUpLeadsBefore(before);
  const today = firmDay(now);
  // Up to four batches a run, more than two days at the site's daily cap (QUOTAS.event): the next run goes on.
  let events = 0;
  for (let batch = 0; batch < 4; batch += 1) {
    const deleted = await deleteRawBefore(addDays(today, -RAW_EVENT_DAYS), limit);
    events += deleted;
    if (deleted < limit) break;
  }
  await deleteVisitsBefore(today);
  return { rolled, events };
}

/**
 * Deletes the salts past SALT_DAYS: the retention run's first step, on its own, so that nothing failing after it
 * keeps a salt past the 48 hours the privacy policy says.
 */
export function expireSalts(now = clockNow()): Promise<number> {
  return deleteSaltsBefore(addDays(firmDay(now), 1 - SALT_DAYS));
}

function checkRange(from: string, to: string): void {
  if (Number.isNaN(Date.parse(`${from}T00:00:00Z`))) throw new InvalidInput('from is not a day', 'from');
  if (Number.isNaN(Date.parse(`${to}T00:00:00Z`))) throw new InvalidInput('to is not a day', 'to');
  if (daysBetween(from, to) < 0) throw new InvalidInput('from must not be after to', 'from');
  if (daysBetween(from, to) >= REPORT_DAYS_MAX)
    throw new InvalidInput(`A range covers at most ${REPORT_DAYS_MAX} days`, 'to');
}

const emptyRow = (): ReportRow => ({ visitors: 0, pageviews: 0, leads: 0, clients: 0, value: 0 });

/** Merges visit and lead figures of one dimension into rows, most visitors first (then leads), at most `limit`. */
function table(
  dimension: string,
  visits: VisitRow[],
  leads: LeadRowFigures[],
  limit = 200,
): Array<{ key: string } & ReportRow> {
  const rows = new Map<string, ReportRow>();
  const row = (key: string) => rows.get(key) ?? rows.set(key, emptyRow()).get(key)!;
  for (const visit of visits) {
    if (visit.dimension !== dimension) continue;
    Object.assign(row(visit.value), { visitors: visit.visitors, pageviews: visit.pageviews });
  }
  for (const lead of leads) {
    if (lead.dimension !== dimension) continue;
    Object.assign(row(lead.value), { leads: lead.leads, clients: lead.clients, value: lead.amount });
  }
  return [...rows]
    .map(([key, figures]) => ({ key, ...figures }))
    .sort((a, b) => b.visitors - a.visitors || b.leads - a.leads || a.key.localeCompare(b.key))
    .slice(0, limit);
}

/**
 * GET /api/analytics: the range's figures (firm days, both ends included) and the same length of time before it, in
 * two statements over the daily figures and the leads' rollups (after rolling up the leads of any day that is over and
 * not rolled up as it is now).
 */
export async function analyticsReport(from: string, to: string, now = clockNow()): Promise<AnalyticsReport> {
  checkRange(from, to);
  const length = daysBetween(from, to) + 1;
  const previousFrom = addDays(from, -length);
  const previousTo = addDays(from, -1);
  await rollUpLeads(now);
  const [visits, leads] = await Promise.all([visitRows(previousFrom, from, to), leadRows(previousFrom, from, to)]);
  const days = Array.from({ length }, (_, i) => addDays(from, i));
  const dailyVisits = new Map(visits.filter((row) => row.dimension === 'total').map((row) => [row.day!, row]));
  const dailyLeads = new Map(leads.filter((row) => row.dimension === 'total').map((row) => [row.day!, row]));
  const sum = (start: string, end: string) => {
    const totals = emptyRow();
    for (let day = start; day <= end; day = addDays(day, 1)) {
      const visit = dailyVisits.get(day);
      const lead = dailyLeads.get(day);
      totals.visitors += visit?.visitors ?? 0;
      totals.pageviews += visit?.pageviews ?? 0;
      totals.leads += lead?.leads ?? 0;
      totals.clients += lead?.clients ?? 0;
      totals.value += lead?.amount ?? 0;
    }
    return totals;
  };
  const current = sum(from, to);
  const previous = sum(previousFrom, previousTo);
  const named = <K extends string>(name: K, dimension: string) =>
    table(dimension, visits, leads).map(
      ({ key, ...row }) => ({ [name]: key, ...row }) as { [P in K]: string } & ReportRow,
    );
  const goalCounts = new Map(visits.filter((row) => row.dimension === 'goal').map((row) => [row.value, row.visitors]));
  const funnel = new Map(visits.filter((row) => row.dimension === 'funnel').map((row) => [row.value, row.visitors]));
  const attributed = table('attributed', [], leads)[0] ?? emptyRow();
  return {
    from,
    to,
    ...current,
    previous: { from: previousFrom, to: previousTo, ...previous },
    series: days.map((date) => ({
      date,
      visitors: dailyVisits.get(date)?.visitors ?? 0,
      pageviews: dailyVisits.get(date)?.pageviews ?? 0,
      leads: dailyLeads.get(date)?.leads ?? 0,
    })),
    channels: CHANNELS.map((channel) => {
      const found = named('channel', 'channel').find((row) => row.channel === channel);
      return { ...emptyRow(), ...found, channel };
    }).filter((row) => row.visitors > 0 || row.leads > 0),
    sources: named('source', 'source'),
    campaigns: named('campaign', 'campaign'),
    pages: named('path', 'page'),
    entryPages: named('path', 'entry'),
    countries: named('country', 'country'),
    devices: named('device', 'device'),
    goals: GOALS.map((name) => ({ name, count: goalCounts.get(name) ?? 0 })),
    funnel: FUNNEL_STEPS.map((step) => ({
      step,
      visitors: step === 'visit' ? current.visitors : step === 'client' ? attributed.clients : (funnel.get(step) ?? 0),
    })),
    unattributedLeads: current.leads - attributed.leads,
  };
}

/** GET /api/analytics/page-leads: what a page brought, the leads whose visit included it. */
export async function pageLeads(path: string, from: string, to: string): Promise<PageLead[]> {
  checkRange(from, to);
  const rows = await leadsThatVisited(path, from, to);
  return rows.flatMap((row) => (row.attribution ? [{ ...row, attribution: row.attribution }] : []));
}
