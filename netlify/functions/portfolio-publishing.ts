import type { Config } from '@netlify/functions';
import { publishingApi } from '../../src/http/content-api';
import { portfolioContent } from '../../src/features/content/portfolio';

/** Revisions and preview links of portfolio (admins): src/http/content-api.ts, `publishingApi`. */
export default publishingApi(portfolioContent, 'portfolio');

export const config: Config = {
  path: [
    '/api/portfolio/:id/revisions',
    '/api/portfolio/:id/revisions/:revisionId',
    '/api/portfolio/:id/revisions/:revisionId/restore',
    '/api/portfolio/:id/preview',
  ],
};
