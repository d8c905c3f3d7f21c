import { toCsv } from '../../platform/csv';
import type { AnalyticsReport, ReportRow } from './schema';

/** GET /api/analytics?format=csv: every table of the report, one row per line, the table named in the first column. */
export const ANALYTICS_CSV_HEADER = [
  'Table',
  'Name',
  'Visitors',
  'Pageviews',
  'Leads',
  'Clients',
  'Value (EUR)',
  'Count',
] as const;

export function analyticsCsv(report: AnalyticsReport): string {
  const rows = <K extends string>(table: string, items: Array<ReportRow & { [P in K]: string }>, key: K) =>
    items.map((item) => [table, item[key], item.visitors, item.pageviews, item.leads, item.clients, item.value, null]);
  return toCsv(ANALYTICS_CSV_HEADER, [
    ...report.series.map((day) => ['day', day.date, day.visitors, day.pageviews, day.leads, null, null, null]),
    ...rows('channel', report.channels, 'channel'),
    ...rows('source', report.sources, 'source'),
    ...rows('campaign', report.campaigns, 'campaign'),
    ...rows('page', report.pages, 'path'),
    ...rows('entry page', report.entryPages, 'path'),
    ...rows('country', report.countries, 'country'),
    ...rows('device', report.devices, 'device'),
    // A goal counts how often it was reached; a funnel step, visitors.
    ...report.goals.map((goal) => ['goal', goal.name, null, null, null, null, null, goal.count]),
    ...report.funnel.map((step) => ['funnel', step.step, step.visitors, null, null, null, null, null]),
  ]);
}
