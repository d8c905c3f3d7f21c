import type { ReactNode } from 'react';
import { useAdminTexts } from './language';

/** Loading, error and empty states, then the list. */
export function ListState({
  loading,
  error,
  empty,
  emptyText,
  children,
}: {
  loading: boolean;
  error: boolean;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  const adminTexts = useAdminTexts();
  if (loading)
    return (
      <p role="status" className="py-8 text-slate-600">
        {adminTexts.loading}
      </p>
    );
  if (error)
    return (
      <p role="alert" className="py-8 text-red-700">
        {adminTexts.loadError}
      </p>
    );
  if (empty) return <p className="py-8 text-slate-600">{emptyText}</p>;
  return <>{children}</>;
}
