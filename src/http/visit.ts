import type { Context } from '@netlify/functions';
import type { VisitSignal } from '../features/analytics/analytics';
import { clientIp } from './client-ip';

/**
 * What the analytics may know of a request (src/features/analytics/analytics.ts, VisitSignal): the IP and the
 * User-Agent (hashed, never stored), the host the request named, and the country of Netlify's request geo.
 */
export function visitSignal(request: Request, context?: Partial<Pick<Context, 'ip' | 'geo'>>): VisitSignal {
  return {
    ip: clientIp(request, context),
    userAgent: request.headers.get('user-agent')?.slice(0, 512) ?? null,
    host: new URL(request.url).host,
    country: context?.geo?.country?.code?.toUpperCase() ?? null,
  };
}
