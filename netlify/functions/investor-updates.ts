import type { Config } from '@netlify/functions';
import { contentApi } from '../../src/http/content-api';
import { investorUpdateContent } from '../../src/features/investors/updates';

/**
 * Investor updates (docs/roles.md): published ones for any signed-in account (never public, never cached);
 * `/api/investor-updates/admin` (drafts too) and every write for admins only.
 */
export default contentApi(investorUpdateContent, { audience: 'signed-in' });

export const config: Config = {
  path: ['/api/investor-updates', '/api/investor-updates/:id'],
};
