import type { Config } from '@netlify/functions';
import { route } from '../../src/http/route';

/**
 * Sign-in links (docs/product.md, "Routes": "/api/login") lead to the admin screen, which asks for credentials; a
 * link from a Spanish page (`?lang=es`) opens it in Spanish. Any other value is ignored, so the redirect can only
 * go to `/admin`.
 */
export default route({
  GET: (request) => {
    const lang = new URL(request.url).searchParams.get('lang');
    const location = lang === 'es' ? '/admin?lang=es' : '/admin';
    return new Response(null, { status: 302, headers: { Location: location, 'Cache-Control': 'no-store' } });
  },
});

export const config: Config = {
  path: '/api/login',
};
