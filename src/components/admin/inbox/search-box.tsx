import { useEffect, useState } from 'react';
import { Input } from '../../react-ui/input';
import { useAdminTexts } from '../language';

/** A search box over a list (name or e-mail unless `placeholder` says otherwise); the server searches. */
export function SearchBox({
  value,
  onChange,
  placeholder,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  const adminTexts = useAdminTexts();
  const label = placeholder ?? adminTexts.search;
  return (
    // On a phone the search takes the toolbar's whole first line (its placeholder is cut off otherwise).
    <div className="mb-4 max-w-sm max-sm:mb-0 max-sm:max-w-none max-sm:basis-full">
      <label htmlFor="admin-search" className="sr-only">
        {label}
      </label>
      <Input
        id="admin-search"
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={label}
      />
    </div>
  );
}

/** The search as the server gets it: what was typed, once typing has paused for 300 ms. */
export function useSearch(): { query: string; setQuery: (value: string) => void; q: string } {
  const [query, setQuery] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setQ(query.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [query]);
  return { query, setQuery, q };
}
