import type { Context } from '@netlify/functions';

/**
 * The visitor's IP: Netlify's `context.ip`, else the `x-nf-client-connection-ip` header Netlify sets (locally,
 * netlify-cli sets both from the connection). Held in memory for the request only; what is stored is visitorHash.
 */
export function clientIp(request: Request, context?: Partial<Pick<Context, 'ip'>>): string {
  return context?.ip?.trim() || request.headers.get('x-nf-client-connection-ip')?.trim() || 'unknown';
}
