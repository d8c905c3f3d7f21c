import type { Config } from '@netlify/functions';
import { contentApi } from '../../src/http/content-api';
import { newsletterIssueContent } from '../../src/features/newsletter/issue-content';

/**
 * Newsletter issues (docs/product.md, "Newsletter issues"): a kind of content for admins only, every route and
 * method. Sending, tests, previews and progress: newsletter-issue-actions.ts.
 */
export default contentApi(newsletterIssueContent, { audience: 'admin' });

export const config: Config = {
  path: ['/api/newsletter-issues', '/api/newsletter-issues/:id'],
};
