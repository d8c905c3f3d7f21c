import type { Context } from '@netlify/functions';
import type { z } from 'zod';
import { parseJsonBody } from './bodies';
import { pagedListAnswer, type PagedList } from './lists';
import { json } from './responses';
import { route } from './route';
import { takeVisitorQuota, type VisitorQuota } from '../features/quotas/quotas';
import { clientIp } from './client-ip';

/**
 * A log the site's pages append to and admins read: POST appends one entry
 * (201 {success: true}) within its body limit and the visitor's daily quota
 * (src/features/quotas/quotas.ts); GET, once `authorise` lets the request through,
 * answers a page of the entries as JSON, or every entry as a streamed CSV export (pagedListAnswer).
 */
export function logRoute<S extends z.ZodType, T>(log: {
  input: S;
  append: (input: z.output<S>) => Promise<void>;
  authorise: (request: Request) => Promise<unknown>;
  list: PagedList<T>;
  maxBodyBytes: number;
  quota: VisitorQuota;
}): (request: Request, context: Context) => Promise<Response> {
  return route({
    GET: async (request) => {
      await log.authorise(request);
      return pagedListAnswer(request, log.list);
    },
    POST: async (request, context) => {
      const input = await parseJsonBody(request, log.input, log.maxBodyBytes);
      await takeVisitorQuota(log.quota, clientIp(request, context));
      await log.append(input);
      return json({ success: true }, { status: 201 });
    },
  });
}
