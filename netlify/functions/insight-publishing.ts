import type { Config } from '@netlify/functions';
import { publishingApi } from '../../src/http/content-api';
import { insightContent } from '../../src/features/content/insights';

/** Revisions and preview links of insights (admins): src/http/content-api.ts, `publishingApi`. */
export default publishingApi(insightContent, 'insights');

export const config: Config = {
  path: [
    '/api/insights/:id/revisions',
    '/api/insights/:id/revisions/:revisionId',
    '/api/insights/:id/revisions/:revisionId/restore',
    '/api/insights/:id/preview',
  ],
};
