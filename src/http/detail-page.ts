import { applyCdnCache, applyPrivate, cdnCacheHeaders } from './cdn-cache';
import type { DetailData } from './page-data';

/**
 * Sets a record page's status and cache headers from its data (src/http/page-data.ts): a preview is private; any
 * other answer is kept by the CDN until its tags are purged or the next scheduled publication. Answers the 301 to
 * send instead of the page, when the address is not the record's current one.
 */
export function detailResponse(
  response: { status?: number; headers: Headers },
  page: DetailData<unknown>,
): Response | null {
  if (page.redirect) {
    return new Response(null, {
      status: 301,
      headers: { Location: page.redirect, ...cdnCacheHeaders(page.tags, page.until ?? null) },
    });
  }
  response.status = page.status;
  if (page.preview) applyPrivate(response.headers);
  else applyCdnCache(response.headers, page.tags, page.until ?? null);
  return null;
}
