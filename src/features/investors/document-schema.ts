import { z } from 'zod';
import type { Localized } from '../../i18n/languages';
import {
  emptyLocalized,
  ID_PATTERN,
  localizedInput,
  localizedSchema,
  writtenInSomeLanguage,
} from '../../platform/common-schema';

/**
 * Documents for investors (docs/roles.md, "Documents"): PDFs of at most 20 MB (decimal: 20,000,000 bytes, inside
 * Netlify's 20 MB streamed-response limit for the download), sent in parts of at most 3 MiB, because a function's
 * buffered request is at most 6 MB and binary bodies reach it base64-encoded (docs/decisions/0035-documents-in-parts-downloads-streamed.md). Kept apart from
 * the server's checks so the dashboard can import the numbers.
 */
export const MAX_DOCUMENT_MB = 20;
export const MAX_DOCUMENT_BYTES = MAX_DOCUMENT_MB * 1000 * 1000;
export const DOCUMENT_PART_BYTES = 3 * 1024 * 1024;
export const MAX_DOCUMENT_PARTS = Math.ceil(MAX_DOCUMENT_BYTES / DOCUMENT_PART_BYTES);

export const DOCUMENT_CATEGORIES = ['quarterly-report', 'notice', 'statement', 'other'] as const;
export const documentCategorySchema = z.enum(DOCUMENT_CATEGORIES);
export type DocumentCategory = z.infer<typeof documentCategorySchema>;

/** Who may see a document: every investor, or the investor accounts listed (by user id). */
export const documentSharingSchema = z.object({
  allInvestors: z.boolean(),
  investorIds: z.array(z.string()),
});
export type DocumentSharing = z.infer<typeof documentSharingSchema>;

/** A stored document; its bytes are in the `document-files` store under its id (the id of the upload that sent them). */
export const documentSchema = z.object({
  id: z.string(),
  title: localizedSchema,
  description: localizedSchema,
  category: documentCategorySchema.catch('other'),
  fileName: z.string(),
  size: z.number().int().min(1),
  /** How many parts hold its bytes (stored under the document's id, which is its upload's id). */
  parts: z.number().int().min(1),
  sharing: documentSharingSchema,
  uploadedBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int().min(1),
});
export type InvestorDocument = z.infer<typeof documentSchema>;

/** What an investor is told of a document: never who else it is shared with. */
export interface DocumentSummary {
  id: string;
  title: Localized;
  description: Localized;
  category: DocumentCategory;
  fileName: string;
  size: number;
  createdAt: string;
}

/** A file name as offered for download: the admin's, reduced to safe characters, ending in .pdf. */
export function safePdfName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\.pdf$/i, '')
    .replace(/[^A-Za-z0-9._ -]+/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/^[-. ]+|[-. ]+$/g, '')
    .slice(0, 120);
  return `${base || 'document'}.pdf`;
}

const sharingInput = z.object(
  {
    allInvestors: z.boolean({ error: 'Choose whether every investor may see it' }),
    investorIds: z
      .array(z.string().trim().max(40), { error: 'Investors must be a list' })
      .max(500, { error: 'Too many investors (at most 500)' })
      .default([]),
  },
  { error: 'Choose who may see the document' },
);

/** The editable fields: titles, description, category and sharing (PUT /api/documents/{id}). */
export const documentUpdateInputSchema = z.object({
  title: localizedInput(200, 'Title').refine(writtenInSomeLanguage, { error: 'Title is required' }),
  description: localizedInput(1000, 'Description').default(emptyLocalized),
  category: documentCategorySchema.default('other'),
  sharing: sharingInput,
  version: z.number().int().min(1).optional(),
});
export type DocumentUpdateInput = z.infer<typeof documentUpdateInputSchema>;

/** POST /api/documents: a finished upload and its fields. */
export const documentCreateInputSchema = documentUpdateInputSchema.extend({
  uploadId: z.string({ error: 'Upload the file first' }).regex(ID_PATTERN, {
    error: 'Upload the file first',
  }),
});
export type DocumentCreateInput = z.infer<typeof documentCreateInputSchema>;

/** POST /api/document-uploads: announce a file before sending its parts. */
export const documentUploadStartSchema = z.object({
  fileName: z.string({ error: 'File name is required' }).trim().min(1, { error: 'File name is required' }).max(255),
  size: z
    .number({ error: 'File size is required' })
    .int({ error: 'File size is required' })
    .min(1, { error: 'The file is empty' }),
});
