import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/http/guard';
import {
  DOCUMENT_TEXTS,
  partIndex,
  startDocumentUpload,
  storeDocumentPart,
} from '../../src/features/investors/documents';
import { parseJsonBody, pathId, readBody } from '../../src/http/bodies';
import { errorResponse, json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { DOCUMENT_PART_BYTES, documentUploadStartSchema } from '../../src/features/investors/document-schema';

const notAllowed = (allow: string) => errorResponse(405, 'Method not allowed', undefined, { Allow: allow });

/**
 * A document's bytes arrive in parts (admins; docs/decisions/0035-documents-in-parts-downloads-streamed.md: a function's request is at most 6 MB):
 * - POST /api/document-uploads {fileName, size}: 201 {uploadId, partSize, parts}; 413 past 20 MB.
 * - PUT /api/document-uploads/{uploadId}/{part}: the raw bytes of part 0, 1, …; each exactly `partSize` but the last.
 * Then POST /api/documents {uploadId, …} checks the bytes and makes the document.
 */
export default route({
  POST: async (request, context) => {
    if (context.params['id'] !== undefined) return notAllowed('PUT');
    const admin = await requireAdmin(request);
    const input = await parseJsonBody(request, documentUploadStartSchema);
    return json(await startDocumentUpload(admin, input), { status: 201 });
  },
  PUT: async (request, context) => {
    if (context.params['id'] === undefined) return notAllowed('POST');
    await requireAdmin(request);
    const id = pathId(context);
    const index = partIndex(context.params['part']);
    const bytes = await readBody(request, DOCUMENT_PART_BYTES, DOCUMENT_TEXTS.tooLarge);
    await storeDocumentPart(id, index, new Uint8Array(bytes));
    return json({ success: true, part: index });
  },
});

export const config: Config = {
  path: ['/api/document-uploads', '/api/document-uploads/:id/:part'],
};
