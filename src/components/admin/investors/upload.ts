import { apiFetch } from '../../../client/api';
import type { DocumentCategory, DocumentSharing, InvestorDocument } from '../../../features/investors/document-schema';
import type { Localized } from '../../../platform/common-schema';

export interface DocumentFields {
  title: Localized;
  description: Localized;
  category: DocumentCategory;
  sharing: DocumentSharing;
}

/**
 * Sends a PDF the way the server takes it (docs/decisions/0035-documents-in-parts-downloads-streamed.md): announce it, send its parts
 * one after another (each a request under the platform's 6 MB limit), then make the document from them.
 * `onProgress` gets the parts sent so far and their number.
 */
export async function uploadDocument(
  file: File,
  fields: DocumentFields,
  onProgress: (sent: number, total: number) => void,
): Promise<InvestorDocument> {
  const { uploadId, partSize, parts } = await apiFetch<{ uploadId: string; partSize: number; parts: number }>(
    '/api/document-uploads',
    { body: { fileName: file.name, size: file.size } },
  );
  onProgress(0, parts);
  for (let part = 0; part < parts; part += 1) {
    await apiFetch(`/api/document-uploads/${uploadId}/${part}`, {
      method: 'PUT',
      bytes: file.slice(part * partSize, (part + 1) * partSize),
    });
    onProgress(part + 1, parts);
  }
  return apiFetch<InvestorDocument>('/api/documents', { body: { uploadId, ...fields } });
}

/** A size for people: "850 KB", "12.4 MB". */
export function formatSize(bytes: number, locale: string): string {
  if (bytes < 1000 * 1000) return `${Math.max(1, Math.round(bytes / 1000)).toLocaleString(locale)} KB`;
  return `${(bytes / 1000 / 1000).toLocaleString(locale, { maximumFractionDigits: 1 })} MB`;
}

/** Asks for a download link and follows it: the server answers the file as an attachment, so the page stays. */
export async function downloadDocument(id: string): Promise<void> {
  const { url } = await apiFetch<{ url: string }>(`/api/documents/${id}/link`, { method: 'POST' });
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
