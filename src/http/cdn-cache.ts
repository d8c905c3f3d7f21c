/**
 * Headers for on-demand pages and server islands that show admin-edited
 * content: the CDN keeps them until an admin change purges their tags
 * (src/platform/cache.ts); browsers always revalidate, so a purge shows at once.
 */
export function cdnCacheHeaders(tags: string[]): Record<string, string> {
  return {
    'Cache-Control': 'public, max-age=0, must-revalidate',
    'Netlify-CDN-Cache-Control': 'public, durable, s-maxage=31536000, stale-while-revalidate=86400',
    'Netlify-Cache-Tag': tags.join(','),
  };
}

export function applyCdnCache(headers: Headers, tags: string[]): void {
  for (const [name, value] of Object.entries(cdnCacheHeaders(tags))) headers.set(name, value);
}
