/**
 * A link target from a chat answer as a path on this site (`/portfolio/…`, `/es/#contact`), or null for any other
 * site or scheme. The target is resolved as the browser would follow it (`new URL(target, page)`, the WHATWG parser,
 * which reads `\` as `/`: `/\evil.example` is `//evil.example`, another host) and kept only when its origin is the
 * page's own; the link then gets that URL's path, query and fragment, never the target as written.
 */
export function sitePath(target: string, page: string): string | null {
  try {
    const site = new URL(page);
    const url = new URL(target, site);
    return url.origin === site.origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}
