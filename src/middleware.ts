import { defineMiddleware } from 'astro:middleware';
import { SECURITY_HEADERS } from './lib/security-headers';

/**
 * On-demand pages carry the same security headers as static ones
 * (netlify.toml). Astro sends its own CSP (script and style hashes) as a
 * header on these pages; ours (frame-ancestors and friends) is added to it.
 */
export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    const existing = response.headers.get(name);
    if (!existing) response.headers.set(name, value);
    else if (name === 'Content-Security-Policy') {
      // Only the directives Astro's policy lacks: a repeated directive is an error in the console.
      const missing = value
        .split(';')
        .map((directive) => directive.trim())
        .filter((directive) => !existing.includes(directive.split(' ')[0] ?? directive));
      if (missing.length) response.headers.set(name, `${existing.replace(/;\s*$/, '')}; ${missing.join('; ')}`);
    }
  }
  return response;
});
