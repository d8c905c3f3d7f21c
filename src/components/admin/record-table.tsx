import type { ReactNode } from 'react';
import { Button } from '../react-ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../react-ui/table';
import { ListState } from './list-state';
import { useAdminTexts } from './language';

export interface Column<T> {
  header: string;
  cell: (record: T) => ReactNode;
  className?: string;
}

/**
 * A tab's list: loading, error and empty states, then one row per record with
 * the given columns and, last, its Actions.
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
  return (
    <ListState loading={list.loading} error={list.error} empty={!list.data?.length} emptyText={emptyText}>
      <Table aria-label={label}>
        <TableHeader>
          <TableRow>
            {[...columns.map((column) => column.header), adminTexts.actions].map((header) => (
              <TableHead key={header}>{header}</TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {(shown ?? []).map((record) => (
            <TableRow key={record.id}>
              {columns.map((column) => (
                <TableCell key={column.header} className={column.className}>
                  {column.cell(record)}
                </TableCell>
              ))}
              <TableCell className={actionsClassName}>{actions(record)}</TableCell>
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
