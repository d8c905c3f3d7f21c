import { Children, isValidElement, useMemo, useState, type ReactNode } from 'react';
import { cn } from '../../client/cn';
import { ADMIN_LOCALE } from '../../i18n/admin';
import { Button } from '../react-ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../react-ui/table';
import { ListState } from './list-state';
import { useAdminLanguage, useAdminTexts } from './language';

export interface Column<T> {
  header: string;
  cell: (record: T) => ReactNode;
  className?: string;
  /** What the column sorts by (a date's ISO text, a number); the cell's text unless told. */
  sort?: (record: T) => string | number;
}

/** The text a cell shows, to sort by it. */
function textOf(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return Children.toArray(node.props.children).map(textOf).join('');
  return '';
}

/**
 * A tab's list: loading, error and empty states, then one row per record with
 * the given columns and, last, its Actions. Each column's header sorts the rows
 * loaded so far by it (again: the other way). Below 640 px wide each row is a
 * card, every value under its column's name, and the actions wrap instead of
 * being cut off.
 */
export function RecordTable<T extends { id: string }>({
  label,
  list,
  shown = list.data,
  emptyText,
  columns,
  actions,
  actionsClassName,
}: {
  label: string;
  /** The records as useQuery (or usePagedQuery: then a Load more button while there are more) has them. */
  list: {
    data: T[] | undefined;
    loading: boolean;
    error: boolean;
    more?: boolean;
    loadingMore?: boolean;
    loadMore?: () => void;
  };
  /** The rows to show (e.g. a search's matches); all records unless told. */
  shown?: T[] | undefined;
  emptyText: string;
  columns: Array<Column<T>>;
  actions: (record: T) => ReactNode;
  actionsClassName?: string;
}) {
  const adminTexts = useAdminTexts();
  const { language } = useAdminLanguage();
  const [sort, setSort] = useState<{ column: number; descending: boolean } | null>(null);
  const rows = useMemo(() => {
    const records = shown ?? [];
    const column = sort ? columns[sort.column] : undefined;
    if (!sort || !column) return records;
    const value = column.sort ?? ((record: T) => textOf(column.cell(record)));
    const collator = new Intl.Collator(ADMIN_LOCALE[language], { numeric: true, sensitivity: 'base' });
    const keyed = records.map((record) => ({ record, key: value(record) }));
    keyed.sort((a, b) => {
      const order =
        typeof a.key === 'number' && typeof b.key === 'number'
          ? a.key - b.key
          : collator.compare(String(a.key), String(b.key));
      return sort.descending ? -order : order;
    });
    return keyed.map(({ record }) => record);
  }, [shown, columns, sort, language]);
  return (
    <ListState loading={list.loading} error={list.error} empty={!list.data?.length} emptyText={emptyText}>
      <Table aria-label={label} className="max-sm:block" boxClassName="max-sm:overflow-visible max-sm:border-0">
        <TableHeader className="max-sm:block max-sm:bg-transparent">
          <TableRow className="max-sm:mb-2 max-sm:flex max-sm:flex-wrap max-sm:gap-1">
            {columns.map((column, index) => {
              const sorted = sort?.column === index ? sort : null;
              return (
                <TableHead
                  key={column.header}
                  aria-sort={sorted ? (sorted.descending ? 'descending' : 'ascending') : undefined}
                  className="p-0 max-sm:block"
                >
                  <button
                    type="button"
                    onClick={() => setSort({ column: index, descending: sorted ? !sorted.descending : false })}
                    className="flex w-full items-center gap-1 px-4 py-3 text-left font-semibold hover:bg-slate-100 max-sm:rounded-md max-sm:border max-sm:border-slate-200 max-sm:bg-white max-sm:px-2 max-sm:py-1 max-sm:text-xs"
                    data-sort-column={column.header}
                  >
                    {column.header}
                    <span aria-hidden="true" className="text-xs text-slate-600">
                      {sorted ? (sorted.descending ? '▼' : '▲') : '↕'}
                    </span>
                  </button>
                </TableHead>
              );
            })}
            <TableHead className="max-sm:sr-only">{adminTexts.actions}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody className="max-sm:block max-sm:space-y-3 max-sm:divide-y-0 max-sm:bg-transparent">
          {rows.map((record) => (
            <TableRow
              key={record.id}
              className="max-sm:block max-sm:rounded-lg max-sm:border max-sm:border-slate-200 max-sm:bg-white max-sm:p-3"
            >
              {columns.map((column) => (
                <TableCell
                  key={column.header}
                  data-label={column.header}
                  className={cn(
                    column.className,
                    'max-sm:block max-sm:px-0 max-sm:py-1 max-sm:break-words max-sm:empty:hidden max-sm:before:block max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)]',
                  )}
                >
                  {column.cell(record)}
                </TableCell>
              ))}
              <TableCell
                className={cn(
                  actionsClassName,
                  'max-sm:flex max-sm:flex-wrap max-sm:gap-2 max-sm:px-0 max-sm:pt-2 max-sm:pb-0 max-sm:whitespace-normal',
                )}
                data-row-actions
              >
                {actions(record)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {list.more && list.loadMore && (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={list.loadMore} disabled={list.loadingMore} data-load-more>
            {list.loadingMore ? adminTexts.loading : adminTexts.loadMore}
          </Button>
        </div>
      )}
    </ListState>
  );
}
