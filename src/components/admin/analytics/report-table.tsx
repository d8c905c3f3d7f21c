import type { ReactNode } from 'react';
import { cn } from '../../../client/cn';
import type { ReportRow } from '../../../features/analytics/schema';
import { useAdminTexts } from '../language';
import { ratio, useFormats } from './format';

/**
 * Below 640 px the header row is hidden and each cell is a labelled figure of its row's card: its column's name above it
 * (generated content, which screen readers read too). Clipped with sr-only instead, the header's cells would still
 * reach past a phone's screen.
 */
const CARD_CELL =
  'max-sm:flex max-sm:flex-col max-sm:justify-between max-sm:p-0 max-sm:whitespace-normal max-sm:text-left max-sm:before:block max-sm:before:text-xs max-sm:before:font-normal max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)]';

/**
 * One of the Analytics tab's tables (channels, sources, pages…): a row per value with its visitors, leads and
 * conversion rate, and clients and value when any row has some. Not paged (the server sends at most 200 rows). Below
 * 640 px each row is a card, so the page never scrolls sideways.
 */
export function ReportTable<T extends ReportRow>({
  name,
  title,
  rows,
  rowKey,
  label,
}: {
  /** `data-analytics-table`, for tests. */
  name: string;
  title: string;
  rows: T[];
  rowKey: (row: T) => string;
  /** The row's header cell: a translated name, or a button (the pages' rows). */
  label: (row: T) => ReactNode;
}) {
  const t = useAdminTexts().analytics;
  const f = useFormats();
  const won = rows.some((row) => row.clients > 0 || row.value > 0);
  const columns: Array<[header: string, cell: (row: T) => string]> = [
    [t.columns.visitors, (row) => f.number(row.visitors)],
    [t.columns.leads, (row) => f.number(row.leads)],
    [
      t.columns.rate,
      (row) => {
        const rate = ratio(row.leads, row.visitors);
        return rate === null ? '—' : f.percent(rate);
      },
    ],
    ...(won
      ? ([
          [t.columns.clients, (row) => f.number(row.clients)],
          [t.columns.value, (row) => f.euros(row.value)],
        ] satisfies Array<[string, (row: T) => string]>)
      : []),
  ];
  return (
    <div className="min-w-0" data-analytics-table={name}>
      {rows.length === 0 ? (
        <>
          <h3 className="mb-2 text-base font-semibold text-navy">{title}</h3>
          <p className="text-sm text-slate-600">{t.none}</p>
        </>
      ) : (
        <table className="w-full text-left text-sm max-sm:block">
          <caption className="mb-2 text-left text-base font-semibold text-navy max-sm:block">{title}</caption>
          <thead className="border-b border-slate-200 max-sm:hidden">
            <tr>
              {/* The caption above names the column already. */}
              <th scope="col" className="py-2 pr-3">
                <span className="sr-only">{title}</span>
              </th>
              {columns.map(([header]) => (
                <th key={header} scope="col" className="px-2 py-2 text-right font-semibold text-slate-700 sm:w-28">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 max-sm:block max-sm:space-y-2 max-sm:divide-y-0">
            {rows.map((row) => (
              <tr
                key={rowKey(row)}
                className="max-sm:grid max-sm:grid-cols-3 max-sm:gap-x-3 max-sm:gap-y-1 max-sm:rounded-lg max-sm:border max-sm:border-slate-200 max-sm:bg-white max-sm:p-3"
              >
                <th
                  scope="row"
                  className="py-2 pr-3 font-medium text-slate-800 [overflow-wrap:anywhere] max-sm:col-span-3 max-sm:p-0"
                >
                  {label(row)}
                </th>
                {columns.map(([header, cell]) => (
                  <td
                    key={header}
                    data-label={header}
                    className={cn('px-2 py-2 text-right whitespace-nowrap text-slate-800 tabular-nums', CARD_CELL)}
                  >
                    {cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
