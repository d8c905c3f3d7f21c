import type { APIRoute } from 'astro';
import { rssResponse } from '../../lib/feed-routes';
import { routeLanguage } from '../../lib/language-routes';
export const prerender = false;
export const GET: APIRoute = (context) => rssResponse(context, routeLanguage(context.params.lang));
