import { defineMiddleware } from 'astro:middleware';
import { addSecurityHeaders } from './lib/security-headers';

/** On-demand pages carry the same security headers as static ones (netlify.toml). */
export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  addSecurityHeaders(response.headers);
  return response;
});
