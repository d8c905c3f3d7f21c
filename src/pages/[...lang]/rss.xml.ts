import type { APIRoute } from 'astro';
import { rssResponse } from '../../http/feed-routes';
import { routeLanguage } from '../../i18n/language-routes';
export const prerender = false;
export const GET: APIRoute = (context) => rssResponse(context, routeLanguage(context.params.lang));
