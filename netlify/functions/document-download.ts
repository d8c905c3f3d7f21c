import type { Config } from '@netlify/functions';
import { requireUser } from '../../src/http/guard';
import { downloadDocument } from '../../src/features/investors/documents';
import { route } from '../../src/http/http';

/**
 * GET /api/document-download?token=…: a document's bytes for the signed-in account its link was made for, while
 * the link lasts (minutes), as an attachment that is never cached (docs/roles.md, "Documents").
 */
export default route({
  GET: async (request) => {
    const user = await requireUser(request);
    return downloadDocument(user, new URL(request.url).searchParams.get('token'));
  },
});

export const config: Config = {
  path: '/api/document-download',
};
