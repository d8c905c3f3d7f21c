import type { Config, Context } from '@netlify/functions';
import { requireAdmin, requireUser } from '../../src/http/guard';
import {
  createDocument,
  deleteDocument,
  documentLink,
  listDocuments,
  updateDocument,
  visibleDocuments,
} from '../../src/features/investors/documents';
import { parseJsonBody, pathId } from '../../src/http/bodies';
import { errorResponse, json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { notFound } from '../../src/platform/errors';
import { documentCreateInputSchema, documentUpdateInputSchema } from '../../src/features/investors/document-schema';

const ADMIN_LIST = 'admin';
const isLink = (request: Request) => new URL(request.url).pathname.endsWith('/link');
const notAllowed = (allow: string) => errorResponse(405, 'Method not allowed', undefined, { Allow: allow });

/**
 * Investor documents (docs/roles.md, "Documents"):
 * - GET /api/documents: what the signed-in account may see (investors: shared with all or with them).
 * - GET /api/documents/admin: every document with its sharing (admins).
 * - POST /api/documents: a finished upload (POST /api/document-uploads) becomes a document (admins).
 * - PUT / DELETE /api/documents/{id}: edit fields and sharing, delete (admins).
 * - POST /api/documents/{id}/link: a download link valid for minutes, for the signed-in account.
 */
export default route({
  GET: async (request, context: Context) => {
    const id = context.params['id'];
    if (isLink(request)) return notAllowed('POST');
    if (id === undefined) return json(await visibleDocuments(await requireUser(request)));
    await requireAdmin(request);
    if (id === ADMIN_LIST) return json(await listDocuments());
    pathId(context);
    return notAllowed('PUT, DELETE');
  },
  POST: async (request, context) => {
    if (context.params['id'] === undefined) {
      const admin = await requireAdmin(request);
      const input = await parseJsonBody(request, documentCreateInputSchema);
      return json(await createDocument(admin, input), { status: 201 });
    }
    if (!isLink(request)) return notAllowed('GET, PUT, DELETE');
    const user = await requireUser(request);
    return json(await documentLink(user, pathId(context)));
  },
  PUT: async (request, context) => {
    if (context.params['id'] === undefined || isLink(request)) return notAllowed('GET, POST');
    const admin = await requireAdmin(request);
    const id = pathId(context);
    const input = await parseJsonBody(request, documentUpdateInputSchema);
    const document = await updateDocument(admin, id, input);
    if (!document) throw notFound('Document');
    return json(document);
  },
  DELETE: async (request, context) => {
    if (context.params['id'] === undefined || isLink(request)) return notAllowed('GET, POST');
    const admin = await requireAdmin(request);
    if (!(await deleteDocument(admin, pathId(context)))) throw notFound('Document');
    return json({ success: true });
  },
});

export const config: Config = {
  path: ['/api/documents', '/api/documents/:id', '/api/documents/:id/link'],
};
