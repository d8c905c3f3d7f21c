import { and, desc, eq, or, sql, exists } from 'drizzle-orm';
import { fileStore, mayDeleteFiles } from '../blobs';
import { database, type Queryable } from '../db/client';
import { documentShares, documents, documentUploads } from '../db/schema';
import { documentSchema, type InvestorDocument } from '../schemas/document';

/**
 * Investor documents (docs/roles.md, "Documents"). Records: the `documents` table, who each is shared with
 * (`document_shares`) and the announced uploads whose parts are being sent (`document_uploads`):
 * src/lib/db/schema/content.ts. Bytes: Blobs, the `document-files` store, `parts/{id}/{nnn}` (each part at most
 * 3 MiB: a function's request is at most 6 MB, docs/decisions.md). A document's id is its upload's id (the primary
 * key), so one upload makes at most one document. Keys are made by the server only.
 */
export interface DocumentUpload {
  id: string;
  fileName: string;
  size: number;
  parts: number;
  createdBy: string;
  createdAt: string;
}

const files = () => fileStore('document-files');
const partKey = (id: string, index: number) => `parts/${id}/${String(index).padStart(3, '0')}`;

/** A document's columns and its sharing list (in the admin's order), as one row. */
const documentColumns = {
  row: documents,
  investorIds: sql<string[]>`coalesce((
    SELECT array_agg(${documentShares.investorId} ORDER BY ${documentShares.position})
    FROM ${documentShares} WHERE ${documentShares.documentId} = ${documents.id}
  ), '{}')`,
};

type DocumentRow = { row: typeof documents.$inferSelect; investorIds: string[] };

function toDocument({ row, investorIds }: DocumentRow): InvestorDocument {
  return documentSchema.parse({
    id: row.id,
    title: { en: row.titleEn, es: row.titleEs },
    description: { en: row.descriptionEn, es: row.descriptionEs },
    category: row.category,
    fileName: row.fileName,
    size: row.size,
    parts: row.parts,
    sharing: { allInvestors: row.allInvestors, investorIds },
    uploadedBy: row.uploadedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  });
}

function documentValues(document: InvestorDocument) {
  return {
    id: document.id,
    titleEn: document.title.en,
    titleEs: document.title.es,
    descriptionEn: document.description.en,
    descriptionEs: document.description.es,
    category: document.category,
    fileName: document.fileName,
    size: document.size,
    parts: document.parts,
    allInvestors: document.sharing.allInvestors,
    uploadedBy: document.uploadedBy,
    createdAt: new Date(document.createdAt),
    updatedAt: new Date(document.updatedAt),
    version: document.version,
  };
}

async function writeShares(tx: Queryable, document: InvestorDocument): Promise<void> {
  const { investorIds } = document.sharing;
  if (investorIds.length === 0) return;
  await tx
    .insert(documentShares)
    .values(investorIds.map((investorId, position) => ({ documentId: document.id, investorId, position })));
}

/** One document, or null. One statement. */
export async function getDocument(id: string): Promise<InvestorDocument | null> {
  const [row] = await database().select(documentColumns).from(documents).where(eq(documents.id, id));
  return row ? toDocument(row) : null;
}

/**
 * Every document, newest first (admins: `investorId` null), or those an investor may see: shared with every
 * investor or with them. One statement.
 */
export async function listDocuments(investorId: string | null = null): Promise<InvestorDocument[]> {
  const visible =
    investorId === null
      ? undefined
      : or(
          eq(documents.allInvestors, true),
          exists(
            database()
              .select({ one: sql`1` })
              .from(documentShares)
              .where(and(eq(documentShares.documentId, documents.id), eq(documentShares.investorId, investorId))),
          ),
        );
  const rows = await database()
    .select(documentColumns)
    .from(documents)
    .where(visible)
    .orderBy(desc(documents.createdAt), desc(documents.id));
  return rows.map(toDocument);
}

/**
 * Stores a new document, its sharing list, and closes its upload (no part can be sent to it any more: its checked
 * bytes stay as checked), in one transaction. False when the upload is already a document.
 */
export async function insertDocument(document: InvestorDocument): Promise<boolean> {
  return database().transaction(async (tx) => {
    const inserted = await tx
      .insert(documents)
      .values(documentValues(document))
      .onConflictDoNothing()
      .returning({ id: documents.id });
    if (inserted.length === 0) return false;
    await writeShares(tx, document);
    await tx.delete(documentUploads).where(eq(documentUploads.id, document.id));
    return true;
  });
}

/**
 * Replaces the document stored at `version` by `document`, with its sharing list, in one transaction (`UPDATE …
 * WHERE version = $v`). False when there is no such document at that version any more.
 */
export async function replaceDocument(document: InvestorDocument, version: number): Promise<boolean> {
  return database().transaction(async (tx) => {
    const { id, createdAt, ...values } = documentValues(document);
    void createdAt;
    const updated = await tx
      .update(documents)
      .set(values)
      .where(and(eq(documents.id, id), eq(documents.version, version)))
      .returning({ id: documents.id });
    if (updated.length === 0) return false;
    await tx.delete(documentShares).where(eq(documentShares.documentId, id));
    await writeShares(tx, document);
    return true;
  });
}

/**
 * Deletes a document's record and its sharing list (not its bytes: `deleteDocumentFiles`); answers where its bytes
 * are and its name, or null when there was none.
 */
export async function removeDocument(id: string): Promise<{ fileName: string; parts: number } | null> {
  const [row] = await database()
    .delete(documents)
    .where(eq(documents.id, id))
    .returning({ fileName: documents.fileName, parts: documents.parts });
  return row ?? null;
}

/** An account erased or no longer an investor: it is no longer named in any document's sharing list. */
export async function removeInvestorShares(investorId: string): Promise<number> {
  const deleted = await database()
    .delete(documentShares)
    .where(eq(documentShares.investorId, investorId))
    .returning({ id: documentShares.documentId });
  return deleted.length;
}

export async function saveDocumentUpload(upload: DocumentUpload): Promise<void> {
  await database()
    .insert(documentUploads)
    .values({ ...upload, createdAt: new Date(upload.createdAt) });
}

/** An announced upload that is not a document yet, or null. */
export async function getDocumentUpload(id: string): Promise<DocumentUpload | null> {
  const [row] = await database().select().from(documentUploads).where(eq(documentUploads.id, id));
  return row ? { ...row, createdAt: row.createdAt.toISOString() } : null;
}

export async function putDocumentPart(id: string, index: number, bytes: Uint8Array): Promise<void> {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  await files().set(partKey(id, index), copy.buffer, { metadata: { size: bytes.byteLength } });
}

/** The stored size of each part (its metadata only: the bytes are not read), null for a missing part. */
export async function documentPartSizes(id: string, parts: number): Promise<Array<number | null>> {
  const store = files();
  return Promise.all(
    Array.from({ length: parts }, async (_, index) => {
      const found = await store.getMetadata(partKey(id, index));
      const size = found?.metadata['size'];
      return typeof size === 'number' ? size : null;
    }),
  );
}

export async function readDocumentPart(id: string, index: number): Promise<Uint8Array | null> {
  const data = await files().get(partKey(id, index), { type: 'arrayBuffer' });
  return data === null ? null : new Uint8Array(data);
}

/** The document's bytes as one stream, part after part, read as they are sent (never all in memory). */
export function streamDocument(id: string, parts: number): ReadableStream<Uint8Array> {
  const store = files();
  let index = 0;
  let current: ReadableStreamDefaultReader<Uint8Array> | null = null;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        if (!current) {
          if (index >= parts) {
            controller.close();
            return;
          }
          const stream = (await store.get(partKey(id, index), { type: 'stream' })) as ReadableStream<Uint8Array> | null;
          index += 1;
          if (!stream) {
            controller.error(new Error(`Document ${id} is missing part ${index - 1}`));
            return;
          }
          current = stream.getReader();
        }
        const { done, value } = await current.read();
        if (done) {
          current = null;
          continue;
        }
        controller.enqueue(value);
        return;
      }
    },
    async cancel() {
      await current?.cancel();
    },
  });
}

/** Deletes an upload's announcement (if it is still one) and its parts (not from a deploy preview: `mayDeleteFiles`). */
export async function deleteDocumentFiles(id: string, parts: number): Promise<void> {
  await database().delete(documentUploads).where(eq(documentUploads.id, id));
  if (!mayDeleteFiles()) return;
  const store = files();
  await Promise.all(Array.from({ length: parts }, (_, index) => store.delete(partKey(id, index))));
}
