import type { ReactNode } from 'react';
import { adminTexts } from './texts';

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Loading, error and empty states, then the table. */
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

export function Table({ headers, children, label }: { headers: string[]; children: ReactNode; label: string }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm" aria-label={label}>
        <thead className="bg-slate-50">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className="px-4 py-3 font-semibold text-slate-700">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">{children}</tbody>
      </table>
    </div>
  );
}

export function Cell({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <td className={`px-4 py-3 align-top text-slate-800 ${className}`}>{children}</td>;
}

export function SmallButton({
  children,
  onClick,
  danger = false,
  label,
}: {
  children: ReactNode;
  onClick: () => void;
  danger?: boolean;
  label?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={`rounded-md px-2 py-1 text-sm font-medium ${danger ? 'text-red-700 hover:bg-red-50' : 'text-emerald-800 hover:bg-emerald-50'}`}
    >
      {children}
    </button>
  );
}

/** A search box over a list: name or e-mail, newest first stays the order. */
export function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="mb-4 max-w-sm">
      <label htmlFor="admin-search" className="sr-only">
        {adminTexts.search}
      </label>
      <input
        id="admin-search"
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={adminTexts.search}
        className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
      />
    </div>
  );
}

export function matches(query: string, ...fields: Array<string | null | undefined>): boolean {
  const q = query.trim().toLowerCase();
  return !q || fields.some((field) => field?.toLowerCase().includes(q));
}

/** Downloads a server-made CSV (newsletter, conversations) under its own file name. */
export function CsvButton({ path }: { path: string }) {
  return (
    <a href={`${path}?format=csv`} download className="btn-secondary px-3 py-2" data-export-csv>
      {adminTexts.exportCsv}
    </a>
  );
}
