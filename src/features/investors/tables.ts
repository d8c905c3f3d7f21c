import type { Localized } from '../../platform/common-schema';
import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { DOCUMENT_CATEGORIES } from './document-schema';
import { isoAt, oneOf } from '../../platform/db/columns';

/**
 * Investor documents (docs/roles.md, "Documents"): the records. Their bytes stay in Blobs (`document-files`, in
 * parts: src/features/investors/documents-store.ts). A document's id is its upload's id, so one upload makes at most one document.
 */
export const documents = pgTable(
  'documents',
  {
    id: text().primaryKey(),
    title: jsonb().$type<Localized>().notNull(),
    description: jsonb().$type<Localized>().notNull(),
    category: text({ enum: DOCUMENT_CATEGORIES }).notNull(),
    fileName: text().notNull(),
    size: integer().notNull(),
    parts: integer().notNull(),
    /** Shared with every investor; otherwise with those of `document_shares`. */
    allInvestors: boolean().notNull(),
    uploadedBy: text().notNull(),
    createdAt: isoAt().notNull(),
    updatedAt: isoAt().notNull(),
    version: integer().notNull(),
  },
  (table) => [
    index('documents_newest').on(table.createdAt, table.id),
    check('documents_category', oneOf(table.category, DOCUMENT_CATEGORIES)),
    check('documents_size', sql`${table.size} >= 1 AND ${table.parts} >= 1`),
  ],
);

/** The investor accounts a document is shared with (by user id), in the order the admin chose them. */
export const documentShares = pgTable(
  'document_shares',
  {
    documentId: text().notNull(),
    investorId: text().notNull(),
    position: integer().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.documentId, table.investorId] }),
    foreignKey({ columns: [table.documentId], foreignColumns: [documents.id] }).onDelete('cascade'),
    // An investor's documents, and an account's erasure.
    index('document_shares_investor').on(table.investorId),
  ],
);

/**
 * An announced document upload whose parts are being sent: its record (the parts themselves are in Blobs). Deleted
 * when it becomes a document, in the same transaction.
 */
export const documentUploads = pgTable(
  'document_uploads',
  {
    id: text().primaryKey(),
    fileName: text().notNull(),
    size: integer().notNull(),
    parts: integer().notNull(),
    createdBy: text().notNull(),
    createdAt: isoAt().notNull(),
  },
  (table) => [
    index('document_uploads_oldest').on(table.createdAt),
    check('document_uploads_size', sql`${table.size} >= 1 AND ${table.parts} >= 1`),
  ],
);
