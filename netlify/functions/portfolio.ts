import type { Config } from '@netlify/functions';
import { contentApi } from '../../src/lib/content/api';
import { portfolioContent } from '../../src/lib/content/kinds/portfolio';

export default contentApi(portfolioContent);

export const config: Config = {
  path: ['/api/portfolio', '/api/portfolio/:id'],
};
