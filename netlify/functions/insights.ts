import type { Config } from '@netlify/functions';
import { requireUser } from '../../src/lib/auth/guard';
import {
  createInsight,
  deleteInsight,
  getPublishedInsight,
  listAllInsights,
  listPublishedInsights,
  updateInsight,
} from '../../src/lib/content/insights';
import { cacheTags } from '../../src/lib/cache';
import { cachedJson, json, notFound, parseJsonBody, pathId, route } from '../../src/lib/http';
import { insightInputSchema } from '../../src/lib/schemas/insight';

function isAdminList(request: Request): boolean {
  return new URL(request.url).pathname.replace(/\/+$/, '') === '/api/insights/admin';
}

export default route({
  GET: async (request, context) => {
    if (isAdminList(request)) {
      await requireUser(request);
      return json(await listAllInsights());
    }
    if (context.params['id'] === undefined) return cachedJson(await listPublishedInsights(), [cacheTags.insightsList]);
    const id = pathId(context);
    // A draft does not exist for the public: the same 404 as an unknown id.
    const insight = await getPublishedInsight(id);
    if (!insight) throw notFound('Insight');
    return cachedJson(insight, [cacheTags.insightsList, cacheTags.insight(id)]);
  },
  POST: async (request) => {
    await requireUser(request);
    const input = await parseJsonBody(request, insightInputSchema);
    return json(await createInsight(input), { status: 201 });
  },
  PUT: async (request, context) => {
    await requireUser(request);
    const id = pathId(context);
    const input = await parseJsonBody(request, insightInputSchema);
    const insight = await updateInsight(id, input);
    if (!insight) throw notFound('Insight');
    return json(insight);
  },
  DELETE: async (request, context) => {
    await requireUser(request);
    if (!(await deleteInsight(pathId(context)))) throw notFound('Insight');
    return json({ success: true });
  },
});

export const config: Config = {
  path: ['/api/insights', '/api/insights/admin', '/api/insights/:id'],
};
