import type { Config } from '@netlify/functions';
import { contentApi } from '../../src/http/content-api';
import { insightContent } from '../../src/features/content/insights';

/** `/api/insights/admin` (every insight, drafts too; signed-in users) is the `:id` path with id `admin`. */
export default contentApi(insightContent);

export const config: Config = {
  path: ['/api/insights', '/api/insights/:id'],
};
