import { defineMiddleware } from 'astro:middleware';
import { prefixLanguage } from './i18n/language-routes';
import { addSecurityHeaders } from './http/security-headers';

/**
 * Pages and feeds under src/pages/[...lang]/ serve every language, and their
 * rest parameter matches any prefix: one that names no language (/fr/portfolio,
 * /es/es/) answers like any unknown path. A bodiless 404 makes Astro answer
 * with src/pages/404.astro for this same URL, which passes through here again
 * and gets the headers below; checked here rather than in each page because an
 * endpoint's own 404 is sent as it is, without that page.
 *
 * On-demand pages carry the same security headers as static ones
 * (netlify.toml). Astro sends its own CSP (script and style hashes) as a
 * header on these pages; ours (frame-ancestors and friends) is added to it.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  // A failed request, answered through [...lang]/index.astro (see there): its 500 stays bare.
  if (context.routePattern === '/[...lang]' && 'error' in context.props) return next();
  if (context.routePattern.startsWith('/[...lang]') && !prefixLanguage(context.params.lang)) {
    return new Response(null, { status: 404 });
  }
  const response = await next();
  addSecurityHeaders(response.headers);
  return response;
});
