import { now } from '../platform/clock';

/** A year: how long the CDN keeps an answer that no scheduled publication will change. */
const CDN_MAX_AGE = 31_536_000;

/**
 * Headers for on-demand pages and server islands that show admin-edited
 * content: the CDN keeps them until an admin change purges their tags
 * (src/platform/cache.ts); browsers always revalidate, so a purge shows at once.
 * `until` (ISO): the next scheduled publication that would change the answer
 * (docs/decisions/0047-slugs-scheduling-and-revisions.md): the CDN keeps it no
 * longer than that, as no purge will come then.
 */
export function cdnCacheHeaders(tags: string[], until: string | null = null): Record<string, string> {
  const left = until ? Math.ceil((Date.parse(until) - now().getTime()) / 1000) : CDN_MAX_AGE;
  const maxAge = Math.max(1, Math.min(CDN_MAX_AGE, left));
  const stale = maxAge < CDN_MAX_AGE ? '' : ', stale-while-revalidate=86400';
  return {
    'Cache-Control': 'public, max-age=0, must-revalidate',
    'Netlify-CDN-Cache-Control': `public, durable, s-maxage=${maxAge}${stale}`,
    'Netlify-Cache-Tag': tags.join(','),
  };
}

export function applyCdnCache(headers: Headers, tags: string[], until: string | null = null): void {
  for (const [name, value] of Object.entries(cdnCacheHeaders(tags, until))) headers.set(name, value);
}

/** A page only its link's holder may see (a draft's preview): never kept by the CDN or the browser, never indexed. */
export function applyPrivate(headers: Headers): void {
  headers.delete('Netlify-CDN-Cache-Control');
  headers.delete('Netlify-Cache-Tag');
  headers.set('Cache-Control', 'private, no-store');
  headers.set('X-Robots-Tag', 'noindex');
}
