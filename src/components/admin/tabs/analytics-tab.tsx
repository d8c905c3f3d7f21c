import { CsvButton } from '../inbox/csv-button';
import { lazy, Suspense, useState } from 'react';
import { cn } from '../../../client/cn';
import { REPORT_DAYS_MAX, type AnalyticsReport } from '../../../features/analytics/schema';
import { ADMIN_LOCALE } from '../../../i18n/admin';
import { Field } from '../../react-ui/field';
import { Input } from '../../react-ui/input';
import {
  CHART_HEIGHT,
  ChartBoundary,
  LEADS_COLOUR,
  settleNavigatorLanguage,
  VISITORS_COLOUR,
} from '../analytics/chart-shared';
import { adminLanguageNow, useAdminTexts } from '../language';
import { Funnel, Goals, Headline } from '../analytics/figures';
import { useFormats } from '../analytics/format';
import { PageLeadsDialog } from '../analytics/page-leads';
import { firmToday, presetRange, PRESETS, type Range } from '../analytics/range';
import { daysBetween } from '../../../platform/time-zone';
import { ReportTable } from '../analytics/report-table';
import { useQuery } from '../query';

/** uPlot loads with this tab only, in a chunk of its own (never on a public page). */
const VisitsChart = lazy(() => {
  settleNavigatorLanguage(ADMIN_LOCALE[adminLanguageNow()]);
  return import('../analytics/chart');
});

/**
 * The Analytics tab (docs/product.md, "Analytics"; GET /api/analytics): a period, its headline figures against the
 * period before, visitors and leads per day, goals and the funnel, and where visitors came from, each table with its
 * leads and conversion rate; a page's row opens the leads it brought.
 */
export function AnalyticsTab() {
  const adminTexts = useAdminTexts();
  const t = adminTexts.analytics;
  const f = useFormats();
  const [range, setRange] = useState<Range>(() => presetRange('days30'));
  const [page, setPage] = useState<string | null>(null);
  const path = `/api/analytics?from=${range.from}&to=${range.to}`;
  const { data, loading, error } = useQuery<AnalyticsReport>(`analytics\n${range.from}\n${range.to}`, path);
  const empty =
    !!data &&
    data.visitors === 0 &&
    data.pageviews === 0 &&
    data.leads === 0 &&
    data.goals.every((goal) => !goal.count);
  return (
    <section className="space-y-6" data-analytics-tab>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <RangePicker range={range} onChange={setRange} />
        <CsvButton path={path} />
      </div>
      {loading && (
        <p role="status" className="text-sm text-slate-600">
          {adminTexts.loading}
        </p>
      )}
      {error && (
        <p role="alert" className="text-red-700">
          {t.failed}
        </p>
      )}
      {data && !error && (
        <>
          <p className="text-sm text-slate-700" data-analytics-shown>
            {t.range.shown(f.day(data.from), f.day(data.to), f.day(data.previous.from), f.day(data.previous.to))}
          </p>
          {empty ? (
            <p className="py-4 text-slate-600" data-analytics-empty>
              {t.empty}
            </p>
          ) : (
            <Report report={data} onPage={setPage} />
          )}
          <PageLeadsDialog path={page} from={data.from} to={data.to} onClose={() => setPage(null)} />
        </>
      )}
    </section>
  );
}

/** The presets as one group of radio buttons (arrow keys move between them), and the custom range's two days. */
function RangePicker({ range, onChange }: { range: Range; onChange: (range: Range) => void }) {
  const t = useAdminTexts().analytics.range;
  return (
    <fieldset className="min-w-0" data-analytics-range>
      <legend className="mb-1 text-sm font-medium text-slate-800">{t.legend}</legend>
      <div className="flex flex-wrap gap-1">
        {PRESETS.map((preset) => (
          <label
            key={preset}
            className={cn(
              'cursor-pointer rounded-md border px-3 py-1.5 text-sm font-medium has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-emerald-600',
              range.preset === preset
                ? 'border-emerald-700 bg-emerald-50 text-emerald-900'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
            )}
          >
            <input
              type="radio"
              name="analytics-range"
              value={preset}
              checked={range.preset === preset}
              onChange={() => onChange(preset === 'custom' ? { ...range, preset } : presetRange(preset))}
              className="sr-only"
            />
            {t[preset]}
          </label>
        ))}
      </div>
      {range.preset === 'custom' && <CustomRange range={range} onChange={onChange} />}
    </fieldset>
  );
}

/** Two days, applied as soon as they make a period the server takes; what is wrong is said under the fields. */
function CustomRange({ range, onChange }: { range: Range; onChange: (range: Range) => void }) {
  const t = useAdminTexts().analytics.range;
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const problem = (start: string, end: string) =>
    !start || !end
      ? t.required
      : start > end
        ? t.order
        : daysBetween(start, end) >= REPORT_DAYS_MAX
          ? t.tooLong(REPORT_DAYS_MAX)
          : null;
  function change(start: string, end: string) {
    setFrom(start);
    setTo(end);
    if (!problem(start, end)) onChange({ preset: 'custom', from: start, to: end });
  }
  const today = firmToday();
  return (
    <div className="mt-3 flex flex-wrap gap-3">
      <Field id="analytics-from" label={t.from} className="w-full sm:w-44">
        <Input type="date" value={from} max={today} onChange={(event) => change(event.target.value, to)} />
      </Field>
      <Field id="analytics-to" label={t.to} error={problem(from, to) ?? undefined} className="w-full sm:w-44">
        <Input type="date" value={to} max={today} onChange={(event) => change(from, event.target.value)} />
      </Field>
    </div>
  );
}

/** Everything a report holds, below its headline figures. */
function Report({ report, onPage }: { report: AnalyticsReport; onPage: (path: string) => void }) {
  const t = useAdminTexts().analytics;
  const f = useFormats();
  const channels: Record<string, string> = t.channels;
  const devices: Record<string, string> = t.devices;
  // A day's values past its 500 a dimension are summed as `(other)`: no one page, so nothing to open.
  const pathButton = (row: { path: string }) =>
    !row.path.startsWith('/') ? (
      <span className="font-medium">{row.path}</span>
    ) : (
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => onPage(row.path)}
        className="text-left font-medium text-emerald-800 underline underline-offset-2 [overflow-wrap:anywhere] hover:text-emerald-900"
        data-page-leads-open={row.path}
      >
        {row.path}
        <span className="sr-only">: {t.pageLeads.open}</span>
      </button>
    );
  return (
    <>
      <Headline report={report} />
      {report.unattributedLeads > 0 && (
        <p className="text-sm text-slate-600">{t.unattributed(report.unattributedLeads)}</p>
      )}
      <Chart report={report} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Goals goals={report.goals} />
        <Funnel funnel={report.funnel} />
      </div>
      <div className="grid gap-8 lg:grid-cols-2">
        <ReportTable
          name="channels"
          title={t.tables.channels}
          rows={report.channels}
          rowKey={(row) => row.channel}
          label={(row) => channels[row.channel] ?? row.channel}
        />
        <ReportTable
          name="sources"
          title={t.tables.sources}
          rows={report.sources}
          rowKey={(row) => row.source}
          label={(row) => row.source || t.unknown}
        />
        <ReportTable
          name="campaigns"
          title={t.tables.campaigns}
          rows={report.campaigns}
          rowKey={(row) => row.campaign}
          label={(row) => row.campaign || t.unknown}
        />
        <ReportTable
          name="pages"
          title={t.tables.pages}
          rows={report.pages}
          rowKey={(row) => row.path}
          label={pathButton}
        />
        <ReportTable
          name="entry-pages"
          title={t.tables.entryPages}
          rows={report.entryPages}
          rowKey={(row) => row.path}
          label={(row) => row.path}
        />
        <ReportTable
          name="countries"
          title={t.tables.countries}
          rows={report.countries}
          rowKey={(row) => row.country}
          label={(row) => (row.country ? f.country(row.country) : t.unknown)}
        />
        <ReportTable
          name="devices"
          title={t.tables.devices}
          rows={report.devices}
          rowKey={(row) => row.device}
          label={(row) => devices[row.device] ?? (row.device || t.unknown)}
        />
      </div>
    </>
  );
}

/** The daily line chart (uPlot, loaded on demand) with its text alternative, and every day's numbers as a table. */
function Chart({ report }: { report: AnalyticsReport }) {
  const t = useAdminTexts().analytics;
  const f = useFormats();
  const busiest = report.series.reduce<(typeof report.series)[number] | undefined>(
    (most, day) => (day.visitors > (most?.visitors ?? 0) ? day : most),
    undefined,
  );
  const summary =
    t.chart.label(f.day(report.from), f.day(report.to), f.number(report.visitors), f.number(report.leads)) +
    (busiest ? t.chart.busiest(f.day(busiest.date), f.number(busiest.visitors)) : '');
  const labels = { visitors: t.columns.visitors, leads: t.columns.leads };
  return (
    <section aria-labelledby="analytics-chart-title" className="min-w-0" data-analytics-chart>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h3 id="analytics-chart-title" className="text-base font-semibold text-navy">
          {t.chart.title}
        </h3>
        <ul className="flex flex-wrap gap-x-4 text-xs text-slate-700" aria-hidden="true">
          <li className="flex items-center gap-1.5">
            <span className="inline-block w-5 border-t-2" style={{ borderColor: VISITORS_COLOUR }} />
            {labels.visitors}
          </li>
          <li className="flex items-center gap-1.5">
            <span className="inline-block w-5 border-t-2 border-dashed" style={{ borderColor: LEADS_COLOUR }} />
            {labels.leads}
          </li>
        </ul>
      </div>
      <div
        role="img"
        aria-label={summary}
        className="min-w-0 rounded-lg border border-slate-200 bg-white p-2"
        style={{ minHeight: CHART_HEIGHT + 16 }}
        data-analytics-chart-image
      >
        <ChartBoundary fallback={<p className="p-4 text-sm text-slate-600">{t.chart.failed}</p>}>
          <Suspense fallback={null}>
            <VisitsChart series={report.series} locale={f.locale} labels={labels} />
          </Suspense>
        </ChartBoundary>
      </div>
      <details className="mt-3" data-analytics-chart-table>
        <summary className="cursor-pointer text-sm font-medium text-emerald-800">{t.chart.showTable}</summary>
        <table className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">{t.chart.title}</caption>
          <thead className="border-b border-slate-200">
            <tr>
              <th scope="col" className="py-2 pr-2 font-semibold text-slate-700">
                {t.chart.day}
              </th>
              {[t.columns.visitors, t.columns.pageviews, t.columns.leads].map((header) => (
                <th key={header} scope="col" className="px-2 py-2 text-right font-semibold text-slate-700">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {report.series.map((day) => (
              <tr key={day.date}>
                <th scope="row" className="py-1.5 pr-2 font-normal whitespace-nowrap text-slate-800">
                  {f.day(day.date)}
                </th>
                {[day.visitors, day.pageviews, day.leads].map((value, index) => (
                  <td key={index} className="px-2 py-1.5 text-right text-slate-800 tabular-nums">
                    {f.number(value)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
