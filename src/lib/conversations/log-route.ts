import type { Context } from '@netlify/functions';
import type { z } from 'zod';
import { json, listAnswer, parseJsonBody, route } from '../http';
import { clientIp, takeVisitorQuota, type VisitorQuota } from '../quotas';

/**
 * A log the site's pages append to and admins read: POST appends one entry
 * (201 {success: true}) within its body limit and the visitor's daily quota
 * (src/lib/quotas.ts); GET, once `authorise` lets the request through,
 * answers the entries as JSON or as a CSV export (listAnswer).
 */
export function logRoute<S extends z.ZodType, T>(log: {
  input: S;
  append: (input: z.output<S>) => Promise<void>;
  authorise: (request: Request) => Promise<unknown>;
  list: () => Promise<T[]>;
  csv: { name: string; write: (rows: T[]) => string };
  maxBodyBytes: number;
  quota: VisitorQuota;
}): (request: Request, context: Context) => Promise<Response> {
  return route({
    GET: async (request) => {
      await log.authorise(request);
      return listAnswer(request, await log.list(), log.csv);
    },
    POST: async (request, context) => {
      const input = await parseJsonBody(request, log.input, log.maxBodyBytes);
      await takeVisitorQuota(log.quota, clientIp(request, context));
      await log.append(input);
      return json({ success: true }, { status: 201 });
    },
  });
}
