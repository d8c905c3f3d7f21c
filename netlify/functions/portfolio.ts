import type { Config } from '@netlify/functions';
import { getPortfolioItem, listPortfolio } from '../../src/lib/content/portfolio';
import { cachedJson, notFound, pathId, route } from '../../src/lib/http';

export default route({
  GET: async (_request, context) => {
    if (context.params['id'] === undefined) return cachedJson(await listPortfolio(), ['portfolio']);
    const id = pathId(context);
    const item = await getPortfolioItem(id);
    if (!item) throw notFound('Portfolio item');
    return cachedJson(item, ['portfolio', `portfolio-${id}`]);
  },
});

export const config: Config = {
  path: ['/api/portfolio', '/api/portfolio/:id'],
};
