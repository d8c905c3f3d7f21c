import { z } from 'zod';

/**
 * Visitor analytics (docs/product.md, "Analytics"): the shapes the beacon sends, the attribution a lead carries and
 * the report the Analytics tab reads. Shared with the dashboard (pure zod, no server code).
 */

/** The only event a browser may send: goals are recorded by the server's own actions, never claimed by a page. */
export const EVENT_NAMES = ['pageview'] as const;

/** POST /api/event: `{name, url, referrer, width}`, as JSON or as text/plain holding JSON (sendBeacon's default). */
export const eventInputSchema = z.object({
  name: z.enum(EVENT_NAMES, { error: 'Unknown event name' }),
  // A campaign link's own tracking parameters (gclid, fbclid, _hsenc…) can be long: the body's 2 KB bounds it.
  url: z.string().trim().min(1).max(1900),
  referrer: z.string().trim().max(1000).nullish(),
  width: z.number().int().min(0).max(100_000).nullish(),
});
export type EventInput = z.infer<typeof eventInputSchema>;

/** Where a visit came from, derived from its UTMs (first) or its referrer: src/features/analytics/classify.ts. */
export const CHANNELS = ['direct', 'search', 'social', 'email', 'referral', 'campaign'] as const;
export type Channel = (typeof CHANNELS)[number];

/** The device class, from the window's width (Plausible's breakpoints, the laptop folded into desktop). */
export const DEVICES = ['mobile', 'tablet', 'desktop'] as const;
export type Device = (typeof DEVICES)[number];

/**
 * The goals, each recorded by the action itself on the server (docs/product.md, "Analytics"). `assessment-completed`
 * is the readiness check's (issue #34), counted once it exists.
 */
export const GOALS = [
  'contact-sent',
  'newsletter-confirmed',
  'chat-started',
  'chat-lead',
  'meeting-booked',
  'video-started',
  'access-requested',
  'assessment-completed',
] as const;
export type Goal = (typeof GOALS)[number];

/** The funnel's steps, in order: a visit, engaged (chat, a form, the booking page), a lead, a meeting, a client. */
export const FUNNEL_STEPS = ['visit', 'engaged', 'lead', 'meeting', 'client'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** Pages seen before a lead that its attribution keeps, in order. */
export const PAGES_VIEWED_MAX = 20;

/**
 * Where a lead came from: the same day's visit of the same visitor (src/features/analytics/analytics.ts, attributionOf), written
 * by the server when the lead is filed. `pagesViewed`: the site's paths seen before the lead, in order, at most 20.
 * `country` and `device` are the visit's, beside the fields the contract names.
 */
export const attributionSchema = z.object({
  channel: z.enum(CHANNELS),
  source: z.string().max(200).nullable(),
  medium: z.string().max(200).nullable(),
  campaign: z.string().max(200).nullable(),
  referrer: z.string().max(400).nullable(),
  landingPage: z.string().max(400),
  pagesViewed: z.array(z.string().max(400)).max(PAGES_VIEWED_MAX),
  country: z.string().max(2).nullable().optional(),
  device: z.enum(DEVICES).nullable().optional(),
});
export type Attribution = z.infer<typeof attributionSchema>;

/** A day of the firm (Madrid), `YYYY-MM-DD`. */
export const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is YYYY-MM-DD')
  .refine(
    (day) =>
      !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    {
      error: 'No such day',
    },
  );

/** The longest range a report covers: a little over a year (a 12-month range and its leap day). */
export const REPORT_DAYS_MAX = 400;

export interface ReportRow {
  visitors: number;
  pageviews: number;
  leads: number;
  /** Leads a partner closed as won (docs/product.md, "Lead inbox"). */
  clients: number;
  /** The won engagements' value, whole euros. */
  value: number;
}

/** GET /api/analytics?from&to: the range's totals, the previous period's for comparison, and each table. */
export interface AnalyticsReport {
  from: string;
  to: string;
  visitors: number;
  pageviews: number;
  leads: number;
  clients: number;
  value: number;
  /** The same length of time just before `from`. */
  previous: ReportRow & { from: string; to: string };
  series: Array<{ date: string; visitors: number; pageviews: number; leads: number }>;
  channels: Array<{ channel: Channel } & ReportRow>;
  sources: Array<{ source: string } & ReportRow>;
  campaigns: Array<{ campaign: string } & ReportRow>;
  pages: Array<{ path: string } & ReportRow>;
  entryPages: Array<{ path: string } & ReportRow>;
  countries: Array<{ country: string } & ReportRow>;
  devices: Array<{ device: string } & ReportRow>;
  goals: Array<{ name: Goal; count: number }>;
  funnel: Array<{ step: FunnelStep; visitors: number }>;
  /** Leads in the range that no visit of that day explains (filed with `attribution: null`). */
  unattributedLeads: number;
}

/** GET /api/analytics/page-leads?path&from&to: the leads whose visit included the page. */
export interface PageLead {
  id: string;
  name: string;
  company: string | null;
  source: string;
  status: string;
  outcome: string | null;
  value: number | null;
  createdAt: string;
  attribution: Attribution;
}
