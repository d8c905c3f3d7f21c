import type { Config } from '@netlify/functions';
import { requireUser } from '../../src/http/guard';
import { downloadDocument } from '../../src/features/investors/documents';
import { route } from '../../src/http/route';

/**
 * GET /api/document-download?token=…: a document's bytes for the signed-in account its link was made for, while
 * the link lasts (minutes), as an attachment that is never cached (docs/roles.md, "Documents").
 */
export default route({
  GET: async (request) => {
    const user = await requireUser(request);
    const { fileName, body } = await downloadDocument(user, new URL(request.url).searchParams.get('token'));
    return new Response(body, {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${fileName}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Referrer-Policy': 'no-referrer',
        'X-Frame-Options': 'DENY',
      },
    });
  },
});

export const config: Config = {
  path: '/api/document-download',
};
