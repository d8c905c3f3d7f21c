import type { APIRoute } from 'astro';
import { sitemapResponse } from '../http/feed-routes';
export const prerender = false;
export const GET: APIRoute = (context) => sitemapResponse(context);
