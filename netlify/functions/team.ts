import type { Config } from '@netlify/functions';
import { contentApi } from '../../src/http/content-api';
import { teamContent } from '../../src/features/content/firm';

/** Admins only, reads too: the public sees these on the home page (src/http/page-data.ts), not through an API. */
export default contentApi(teamContent, { audience: 'admin' });

export const config: Config = {
  path: ['/api/team', '/api/team/:id'],
};
