import { ADMIN_LOCALE } from '../../i18n/admin';
import type { Overview, OverviewKindName } from '../../features/overview/schema';
import { useAdminLanguage, useAdminTexts } from './language';
import { useQuery } from './query';

const WIDTH = 120;
const HEIGHT = 32;

/** Twelve bars, hand-drawn in SVG (smaller than any chart library); the numbers are in the text alternative. */
function Bars({ values, label }: { values: number[]; label: string }) {
  const max = Math.max(1, ...values);
  const step = WIDTH / values.length;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} role="img" aria-label={label}>
      {values.map((value, index) => {
        const height = value === 0 ? 1 : Math.max(2, (value / max) * HEIGHT);
        return (
          <rect
            key={index}
            x={index * step + 1}
            y={HEIGHT - height}
            width={step - 2}
            height={height}
            rx={1}
            className={index === values.length - 1 ? 'fill-emerald-700' : 'fill-slate-300'}
          />
        );
      })}
    </svg>
  );
}

/**
 * The overview above the admin's tabs (GET /api/overview): for each kind, this week's count against last week's and
 * the last 12 weeks as small bars; a visually hidden table holds every number for screen readers. Loaded with the
 * dashboard only (a dynamic import in Dashboard.tsx).
 */
export default function OverviewPanel() {
  const texts = useAdminTexts().overview;
  const { language } = useAdminLanguage();
  const { data, error } = useQuery<Overview>('overview', '/api/overview');
  const number = new Intl.NumberFormat(ADMIN_LOCALE[language]);
  const day = new Intl.DateTimeFormat(ADMIN_LOCALE[language], { day: 'numeric', month: 'short', timeZone: 'UTC' });
  if (error) return <p className="mb-4 text-sm text-slate-600">{texts.failed}</p>;
  if (!data) return <p className="mb-4 h-24 text-sm text-slate-500">{texts.loading}</p>;
  const weeks = data.weeks;
  const series = (kind: OverviewKindName) => weeks.map((week) => week.counts[kind] ?? 0);
  return (
    <section aria-labelledby="admin-overview-title" className="mb-6" data-admin-overview>
      <h2 id="admin-overview-title" className="mb-2 text-sm font-semibold text-slate-700">
        {texts.title}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {data.kinds.map((kind) => {
          const values = series(kind);
          const current = values[values.length - 1] ?? 0;
          const previous = values[values.length - 2] ?? 0;
          return (
            <li key={kind} className="rounded-md border border-slate-200 bg-white p-3" data-overview-kind={kind}>
              <p className="text-xs font-medium text-slate-600">{texts.kinds[kind]}</p>
              <p
                className="mt-1 text-sm text-slate-600"
                aria-label={texts.versus(number.format(current), number.format(previous))}
              >
                <span className="text-2xl font-bold text-navy">{number.format(current)}</span>{' '}
                <span aria-hidden="true">
                  / {number.format(previous)} {texts.lastWeek}
                </span>
              </p>
              <Bars
                values={values}
                label={texts.chartLabel(texts.kinds[kind], values.map((v) => number.format(v)).join(', '))}
              />
            </li>
          );
        })}
      </ul>
      {/* sr-only on the table itself would not hide its width: a table is never narrower than its cells, and at
          390 px this one made the dashboard scroll sideways. Its box clips it. */}
      <div className="sr-only">
        <table data-overview-table>
          <caption>{texts.title}</caption>
          <thead>
            <tr>
              <th scope="col">{texts.weekOf}</th>
              {data.kinds.map((kind) => (
                <th key={kind} scope="col">
                  {texts.kinds[kind]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.week}>
                <th scope="row">{day.format(new Date(`${week.start}T00:00:00Z`))}</th>
                {data.kinds.map((kind) => (
                  <td key={kind}>{number.format(week.counts[kind] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
