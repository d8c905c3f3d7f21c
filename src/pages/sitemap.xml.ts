import type { APIRoute } from 'astro';
import { sitemapResponse } from '../lib/feed-routes';
export const prerender = false;
export const GET: APIRoute = (context) => sitemapResponse(context);
