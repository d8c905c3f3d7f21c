import type { Config } from '@netlify/functions';
import { requireUser } from '../../src/lib/auth/guard';
import {
  createPortfolioItem,
  deletePortfolioItem,
  getPortfolioItem,
  listPortfolio,
  updatePortfolioItem,
} from '../../src/lib/content/portfolio';
import { cacheTags } from '../../src/lib/cache';
import { cachedJson, json, notFound, parseJsonBody, pathId, route } from '../../src/lib/http';
import { portfolioInputSchema } from '../../src/lib/schemas/portfolio';

export default route({
  GET: async (_request, context) => {
    if (context.params['id'] === undefined) return cachedJson(await listPortfolio(), [cacheTags.portfolioList]);
    const id = pathId(context);
    const item = await getPortfolioItem(id);
    if (!item) throw notFound('Portfolio item');
    return cachedJson(item, [cacheTags.portfolioList, cacheTags.portfolioItem(id)]);
  },
  POST: async (request) => {
    await requireUser(request);
    const input = await parseJsonBody(request, portfolioInputSchema);
    return json(await createPortfolioItem(input), { status: 201 });
  },
  PUT: async (request, context) => {
    await requireUser(request);
    const id = pathId(context);
    const input = await parseJsonBody(request, portfolioInputSchema);
    const item = await updatePortfolioItem(id, input);
    if (!item) throw notFound('Portfolio item');
    return json(item);
  },
  DELETE: async (request, context) => {
    await requireUser(request);
    if (!(await deletePortfolioItem(pathId(context)))) throw notFound('Portfolio item');
    return json({ success: true });
  },
});

export const config: Config = {
  path: ['/api/portfolio', '/api/portfolio/:id'],
};
