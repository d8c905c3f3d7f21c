import { cn } from '../../../client/cn';
import type { AnalyticsReport } from '../../../features/analytics/schema';
import { useAdminTexts } from '../language';
import { ratio, useFormats, type Formats } from './format';

interface Figure {
  name: string;
  label: string;
  /** The range's figure and the previous period's (null: none to divide by). */
  current: number | null;
  previous: number | null;
  format: (value: number) => string;
}

/** A figure's change against the previous period: an arrow and a percentage, said in words for screen readers. */
function Change({ current, previous, format }: Pick<Figure, 'current' | 'previous' | 'format'>) {
  const t = useAdminTexts().analytics.change;
  const f = useFormats();
  if (current === null || previous === null || previous === 0)
    return (
      <p className="mt-1 text-xs text-slate-600" data-change="none">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t.none}</span>
      </p>
    );
  const change = (current - previous) / previous;
  const shown = f.percent(Math.abs(change));
  const direction = change > 0 ? 'up' : change < 0 ? 'down' : 'same';
  return (
    <p
      className={cn(
        'mt-1 text-xs font-medium',
        direction === 'up' ? 'text-emerald-700' : direction === 'down' ? 'text-red-700' : 'text-slate-600',
      )}
      data-change={direction}
    >
      <span aria-hidden="true">
        {direction === 'up' ? '▲' : direction === 'down' ? '▼' : '='} {shown}
      </span>
      <span className="sr-only">
        {direction === 'same' ? t.same(format(previous)) : t[direction](shown, format(previous))}
      </span>
    </p>
  );
}

function figures(report: AnalyticsReport, texts: ReturnType<typeof useAdminTexts>['analytics'], f: Formats) {
  const { previous } = report;
  const list: Figure[] = [
    {
      name: 'visitors',
      label: texts.figures.visitors,
      current: report.visitors,
      previous: previous.visitors,
      format: f.number,
    },
    {
      name: 'pageviews',
      label: texts.figures.pageviews,
      current: report.pageviews,
      previous: previous.pageviews,
      format: f.number,
    },
    {
      name: 'views-per-visit',
      label: texts.figures.viewsPerVisit,
      current: ratio(report.pageviews, report.visitors),
      previous: ratio(previous.pageviews, previous.visitors),
      format: f.decimal,
    },
    { name: 'leads', label: texts.figures.leads, current: report.leads, previous: previous.leads, format: f.number },
    {
      name: 'lead-rate',
      label: texts.figures.leadRate,
      current: ratio(report.leads, report.visitors),
      previous: ratio(previous.leads, previous.visitors),
      format: f.percent,
    },
    {
      name: 'clients',
      label: texts.figures.clients,
      current: report.clients,
      previous: previous.clients,
      format: f.number,
    },
    { name: 'value', label: texts.figures.value, current: report.value, previous: previous.value, format: f.euros },
  ];
  return list;
}

/** The range's headline figures, each with its change against the same length of time just before. */
export function Headline({ report }: { report: AnalyticsReport }) {
  const t = useAdminTexts().analytics;
  const f = useFormats();
  return (
    <section aria-labelledby="analytics-figures-title">
      <h3 id="analytics-figures-title" className="sr-only">
        {t.figures.title}
      </h3>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-7">
        {figures(report, t, f).map((figure) => (
          <li
            key={figure.name}
            className="min-w-0 rounded-md border border-slate-200 bg-white p-3"
            data-analytics-figure={figure.name}
          >
            <p className="text-xs font-medium text-slate-600">{figure.label}</p>
            <p className="mt-1 text-2xl font-bold text-navy tabular-nums [overflow-wrap:anywhere]" data-value>
              {figure.current === null ? '—' : figure.format(figure.current)}
            </p>
            <Change current={figure.current} previous={figure.previous} format={figure.format} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Horizontal bars in HTML: each item's name, its number and, where given, a note (a share) beside it. */
function Bars({
  items,
}: {
  items: Array<{ key: string; label: string; value: number; share: number; note?: string }>;
}) {
  const f = useFormats();
  return (
    <ol className="space-y-3">
      {items.map((item) => (
        <li key={item.key} data-bar={item.key}>
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
            <span className="min-w-0 text-slate-800">{item.label}</span>
            <span className="font-semibold text-slate-900 tabular-nums">
              {f.number(item.value)}
              {item.note && <span className="ml-1 font-normal text-slate-600">({item.note})</span>}
            </span>
          </div>
          <div className="mt-1 h-2 rounded-full bg-slate-100" aria-hidden="true">
            <div
              className="h-2 rounded-full bg-emerald-700"
              style={{ width: `${Math.min(100, Math.max(0, item.share * 100))}%` }}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}

/** The goals reached in the range, each bar against the most reached one. */
export function Goals({ goals }: { goals: AnalyticsReport['goals'] }) {
  const t = useAdminTexts().analytics.goals;
  const most = Math.max(1, ...goals.map((goal) => goal.count));
  return (
    <section aria-labelledby="analytics-goals-title" className="min-w-0" data-analytics-goals>
      <h3 id="analytics-goals-title" className="mb-3 text-base font-semibold text-navy">
        {t.title}
      </h3>
      <Bars
        items={goals.map((goal) => ({
          key: goal.name,
          label: t.names[goal.name] ?? goal.name,
          value: goal.count,
          share: goal.count / most,
        }))}
      />
    </section>
  );
}

/** The funnel, visit to client, each step with its share of the first. */
export function Funnel({ funnel }: { funnel: AnalyticsReport['funnel'] }) {
  const t = useAdminTexts().analytics.funnel;
  const f = useFormats();
  const first = funnel[0]?.visitors ?? 0;
  return (
    <section aria-labelledby="analytics-funnel-title" className="min-w-0" data-analytics-funnel>
      <h3 id="analytics-funnel-title" className="mb-3 text-base font-semibold text-navy">
        {t.title}
      </h3>
      <Bars
        items={funnel.map((step) => {
          const share = ratio(step.visitors, first) ?? 0;
          return {
            key: step.step,
            label: t.steps[step.step] ?? step.step,
            value: step.visitors,
            share,
            note: t.ofFirst(f.percent(share)),
          };
        })}
      />
    </section>
  );
}
