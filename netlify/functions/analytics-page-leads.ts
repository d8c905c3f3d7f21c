import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { requireAdmin } from '../../src/http/guard';
import { parseWith } from '../../src/http/bodies';
import { json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { pageLeads } from '../../src/features/analytics/analytics';
import { daySchema } from '../../src/features/analytics/schema';

const querySchema = z.object({ path: z.string().trim().startsWith('/').max(400), from: daySchema, to: daySchema });

/** GET /api/analytics/page-leads?path=/insights/x&from&to (admin): what a page brought, the leads whose visit included it. */
export default route({
  GET: async (request) => {
    await requireAdmin(request);
    const query = parseWith(querySchema, Object.fromEntries(new URL(request.url).searchParams));
    return json(await pageLeads(query.path, query.from, query.to));
  },
});

export const config: Config = {
  path: '/api/analytics/page-leads',
};
