import { useCallback, useEffect, useState } from 'react';
import { ApiError, apiFetch, apiFetchPage } from '../../client/api';
import { showToast } from '../../client/toast';
import { adminTextsNow } from './language';

/**
 * The dashboard's data: fetched once and kept 5 minutes (docs/product.md, "Limits and constants"),
 * no retries, no refetch on focus, refetched after each successful change.
 */
const STALE_MS = 5 * 60 * 1000;
const cache = new Map<string, { data: unknown; at: number }>();
const listeners = new Map<string, Set<() => void>>();

let redirecting = false;
/** docs/product.md, "Roles and access": any 401 "Unauthorized" shows the toast, then goes to sign-in after 500 ms. */
export function handleUnauthorized(error: unknown): boolean {
  if (!(error instanceof ApiError) || !error.isUnauthorized) return false;
  if (!redirecting) {
    redirecting = true;
    showToast({
      title: adminTextsNow().unauthorized.title,
      description: adminTextsNow().unauthorized.text,
      variant: 'error',
    });
    window.setTimeout(() => window.location.assign('/api/login'), 500);
  }
  return true;
}

export function invalidate(key: string): void {
  for (const cached of [...cache.keys()]) if (cached === key || cached.startsWith(`${key}\n`)) cache.delete(cached);
  listeners.get(key)?.forEach((listener) => listener());
}

export function useQuery<T>(key: string, path: string): { data: T | undefined; error: boolean; loading: boolean } {
  const [state, setState] = useState<{ data: T | undefined; error: boolean; loading: boolean }>(() => {
    const hit = cache.get(key);
    return { data: hit?.data as T | undefined, error: false, loading: !hit };
  });
  const load = useCallback(() => {
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < STALE_MS) {
      setState({ data: hit.data as T, error: false, loading: false });
      return;
    }
    setState((current) => ({ ...current, loading: true }));
    apiFetch<T>(path)
      .then((data) => {
        cache.set(key, { data, at: Date.now() });
        setState({ data, error: false, loading: false });
      })
      .catch((error: unknown) => {
        handleUnauthorized(error);
        setState({ data: undefined, error: true, loading: false });
      });
  }, [key, path]);
  useEffect(() => {
    load();
    const set = listeners.get(key) ?? new Set();
    set.add(load);
    listeners.set(key, set);
    return () => void set.delete(load);
  }, [key, load]);
  return state;
}

/**
 * A change: on success the given lists are refetched and a toast says so; on failure the error toast of
 * docs/product.md, "Admin dashboard".
 */
export async function mutate<T>(
  run: () => Promise<T>,
  options: { invalidates: string[]; success: string; failure: string },
): Promise<T | undefined> {
  try {
    const result = await run();
    options.invalidates.forEach(invalidate);
    showToast({ title: options.success });
    return result;
  } catch (error) {
    if (!handleUnauthorized(error)) {
      const detail = error instanceof ApiError ? error.serverMessage : undefined;
      showToast({
        title: adminTextsNow().error,
        description: detail ? `${options.failure} ${detail}` : options.failure,
        variant: 'error',
      });
    }
    return undefined;
  }
}

/**
 * The records of the paged list `key` the dashboard already holds (every page and search loaded so far, however
 * stale), asking the server nothing: [] when that tab's list was never opened.
 */
export function cachedRecords<T>(key: string): T[] {
  const records: T[] = [];
  for (const [cached, { data }] of cache) {
    if (!cached.startsWith(`${key}\n`)) continue;
    const items = (data as Partial<PagedState<T>> | null)?.items;
    if (Array.isArray(items)) records.push(...items);
  }
  return records;
}

/** A paged list as a tab shows it: the pages loaded so far, and whether there are more. */
export interface PagedQuery<T> {
  data: T[] | undefined;
  error: boolean;
  loading: boolean;
  /** Whether the server has older records. */
  more: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

function pageUrl(path: string, q: string, cursor: string | null): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
}

interface PagedState<T> {
  items: T[];
  next: string | null;
}

/**
 * A paged admin list (docs/product.md, "Admin lists"): the first page of `path` with the search `q` (sent to the
 * server), kept like any list; `loadMore` adds the next page. `key` is the list's cache key, so `invalidate(key)`
 * (after a change) reloads it from its first page.
 */
export function usePagedQuery<T>(key: string, path: string, q = ''): PagedQuery<T> {
  // The path is part of the cache key: a list with filters in its path (`?status=new`) is a list of its own.
  const cacheKey = `${key}\n${path}\n${q}`;
  const [state, setState] = useState<{
    data: PagedState<T> | undefined;
    error: boolean;
    loading: boolean;
  }>(() => {
    const hit = cache.get(cacheKey);
    return { data: hit?.data as PagedState<T> | undefined, error: false, loading: !hit };
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const load = useCallback(() => {
    const hit = cache.get(cacheKey);
    if (hit && Date.now() - hit.at < STALE_MS) {
      setState({ data: hit.data as PagedState<T>, error: false, loading: false });
      return;
    }
    let current = true;
    setState((previous) => ({ ...previous, loading: true }));
    apiFetchPage<T>(pageUrl(path, q, null))
      .then((page) => {
        cache.set(cacheKey, { data: page, at: Date.now() });
        if (current) setState({ data: page, error: false, loading: false });
      })
      .catch((error: unknown) => {
        handleUnauthorized(error);
        if (current) setState({ data: undefined, error: true, loading: false });
      });
    return () => {
      current = false;
    };
  }, [cacheKey, path, q]);
  useEffect(() => {
    const stop = load();
    const set = listeners.get(key) ?? new Set();
    set.add(load);
    listeners.set(key, set);
    return () => {
      stop?.();
      set.delete(load);
    };
  }, [key, load]);
  const next = state.data?.next ?? null;
  const loadMore = () => {
    if (!next || loadingMore) return;
    setLoadingMore(true);
    apiFetchPage<T>(pageUrl(path, q, next))
      .then((page) => {
        const merged: PagedState<T> = { items: [...(state.data?.items ?? []), ...page.items], next: page.next };
        cache.set(cacheKey, { data: merged, at: Date.now() });
        setState({ data: merged, error: false, loading: false });
      })
      .catch((error: unknown) => {
        if (!handleUnauthorized(error)) {
          showToast({
            title: adminTextsNow().error,
            description: adminTextsNow().loadError,
            variant: 'error',
          });
        }
      })
      .finally(() => setLoadingMore(false));
  };
  return {
    data: state.data?.items,
    error: state.error,
    loading: state.loading,
    more: next !== null,
    loadingMore,
    loadMore,
  };
}
