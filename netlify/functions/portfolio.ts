import type { Config } from '@netlify/functions';
import { contentApi } from '../../src/http/content-api';
import { portfolioContent } from '../../src/features/content/portfolio';

export default contentApi(portfolioContent);

export const config: Config = {
  path: ['/api/portfolio', '/api/portfolio/:id'],
};
