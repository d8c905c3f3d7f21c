import type { Config } from '@netlify/functions';
import { getPublishedInsight, listPublishedInsights } from '../../src/lib/content/insights';
import { cachedJson, notFound, pathId, route } from '../../src/lib/http';

export default route({
  GET: async (_request, context) => {
    if (context.params['id'] === undefined) return cachedJson(await listPublishedInsights(), ['insights']);
    const id = pathId(context);
    // A draft does not exist for the public: the same 404 as an unknown id.
    const insight = await getPublishedInsight(id);
    if (!insight) throw notFound('Insight');
    return cachedJson(insight, ['insights', `insight-${id}`]);
  },
});

export const config: Config = {
  path: ['/api/insights', '/api/insights/:id'],
};
