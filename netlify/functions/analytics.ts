import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { requireAdmin } from '../../src/http/guard';
import { parseWith } from '../../src/http/bodies';
import { csvAnswer } from '../../src/http/lists';
import { json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { analyticsReport } from '../../src/features/analytics/analytics';
import { analyticsCsv } from '../../src/features/analytics/csv';
import { daySchema } from '../../src/features/analytics/schema';
import { addDays, firmDay } from '../../src/platform/time-zone';
import { now } from '../../src/platform/clock';

const querySchema = z.object({
  from: daySchema.optional(),
  to: daySchema.optional(),
  format: z.enum(['csv']).optional(),
});

/**
 * GET /api/analytics?from=YYYY-MM-DD&to=YYYY-MM-DD (admin): visitors, pageviews and leads of the range (firm days,
 * both included; default the last 30 days), the previous period's, the daily series and every table; `&format=csv`
 * the tables as a file.
 */
export default route({
  GET: async (request) => {
    await requireAdmin(request);
    const query = parseWith(querySchema, Object.fromEntries(new URL(request.url).searchParams));
    const to = query.to ?? firmDay(now());
    const from = query.from ?? addDays(to, -29);
    const report = await analyticsReport(from, to);
    if (query.format === 'csv') return csvAnswer('analytics', analyticsCsv(report));
    return json(report);
  },
});

export const config: Config = {
  path: '/api/analytics',
};
