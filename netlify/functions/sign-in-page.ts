import type { Config } from '@netlify/functions';
import { route } from '../../src/http/route';
import { DEFAULT_LANGUAGE, isLanguage } from '../../src/i18n/languages';

/**
 * Sign-in links (docs/product.md, "Routes": "/api/login") lead to the admin screen, which asks for credentials; a
 * link from a Spanish page (`?lang=es`) opens it in Spanish. A value that names no language of the table is ignored,
 * so the redirect can only go to `/admin`.
 */
export default route({
  GET: (request) => {
    const lang = new URL(request.url).searchParams.get('lang');
    const location = isLanguage(lang) && lang !== DEFAULT_LANGUAGE ? `/admin?lang=${lang}` : '/admin';
    return new Response(null, { status: 302, headers: { Location: location, 'Cache-Control': 'no-store' } });
  },
});

export const config: Config = {
  path: '/api/login',
};
