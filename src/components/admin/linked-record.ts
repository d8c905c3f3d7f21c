import { useEffect, useRef, useState } from 'react';

/**
 * Opens the record a link names (`/admin#messages/{id}`, as e-mail alerts link to it) once the tab's list has
 * loaded; once per link, so closing it stays closed.
 */
export function useLinkedRecord<T extends { id: string }>(
  tab: string,
  records: T[] | undefined,
  open: (record: T) => void,
): void {
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    const follow = () => setHash(window.location.hash);
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!records || handled.current === hash) return;
    const [name, id] = hash.slice(1).split('/');
    if (name !== tab || !id) return;
    handled.current = hash;
    const record = records.find((candidate) => candidate.id === decodeURIComponent(id));
    if (record) open(record);
  }, [records, tab, open, hash]);
}
