import { useEffect, useRef, useState } from 'react';
import { showToast } from '../../client/toast';
import { adminTextsNow } from './language';
import { handleUnauthorized } from './query';

/**
 * Opens the record a link names (`/admin#messages/{id}`, as e-mail alerts and the contact view link to it) once the
 * tab's list has loaded; once per visit of the link, so closing it stays closed. A record the loaded pages do not hold (an older
 * one, or one another filter hides) is read by `fetchOne` when given; one that cannot be read says `notFound`.
 */
export function useLinkedRecord<T extends { id: string }>(
  tab: string,
  records: T[] | undefined,
  open: (record: T) => void,
  fetchOne?: { read: (id: string) => Promise<T>; notFound: string },
): void {
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    const follow = () => setHash(window.location.hash);
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  const handled = useRef<string | null>(null);
  useEffect(() => {
    const [name, id] = hash.slice(1).split('/');
    if (name !== tab || !id) {
      // Another place (a contact view over the tab): the same link followed again opens its record again.
      handled.current = null;
      return;
    }
    if (!records || handled.current === hash) return;
    handled.current = hash;
    const wanted = decodeURIComponent(id);
    const record = records.find((candidate) => candidate.id === wanted);
    if (record) open(record);
    else if (fetchOne) {
      fetchOne.read(wanted).then(
        (found) => {
          // Still the link followed: another one since wins.
          if (handled.current === hash) open(found);
        },
        (error: unknown) => {
          if (!handleUnauthorized(error))
            showToast({ title: adminTextsNow().error, description: fetchOne.notFound, variant: 'error' });
        },
      );
    }
  }, [records, tab, open, hash, fetchOne]);
}
