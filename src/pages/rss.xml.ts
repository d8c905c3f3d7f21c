import type { APIRoute } from 'astro';
import { rssResponse } from '../lib/feed-routes';
export const prerender = false;
export const GET: APIRoute = (context) => rssResponse(context, 'en');
