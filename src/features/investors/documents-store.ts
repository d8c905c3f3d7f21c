import { and, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { fileStore, mayDeleteFiles } from '../../platform/files';
import { database } from '../../platform/db/client';
import { documentShares, documents, documentUploads } from './tables';
import { documentSchema, type InvestorDocument } from './document-schema';

/**
 * Investor documents (docs/roles.md, "Documents"): rows in `documents`, `document_shares`, `document_uploads`; bytes
 * in Blobs, `parts/{id}/{nnn}` (at most 3 MiB each: a function's request is at most 6 MB, docs/decisions/0035-documents-in-parts-downloads-streamed.md).
 */
type DocumentUpload = typeof documentUploads.$inferSelect;

const files = () => fileStore('document-files');
const partKey = (id: string, index: number) => `parts/${id}/${String(index).padStart(3, '0')}`;
const partKeys = (id: string, parts: number) => Array.from({ length: parts }, (_, index) => partKey(id, index));

/** A document's sharing list, in the admin's order. */
const investorIds = sql<string[]>`array(SELECT ${documentShares.investorId} FROM ${documentShares}
  WHERE ${documentShares.documentId} = ${documents.id} ORDER BY ${documentShares.position})`;

/** Documents newest first, those `where` keeps. One statement. */
async function selectDocuments(where?: SQL): Promise<InvestorDocument[]> {
  const rows = await database()
    .select({ ...getTableColumns(documents), investorIds })
    .from(documents)
    .where(where)
    .orderBy(desc(documents.createdAt), desc(documents.id));
  return rows.map(({ allInvestors, investorIds, ...row }) =>
    documentSchema.parse({ ...row, sharing: { allInvestors, investorIds } }),
  );
}

export async function getDocument(id: string): Promise<InvestorDocument | null> {
  return (await selectDocuments(eq(documents.id, id)))[0] ?? null;
}

/** Every document (admins: `investorId` null), or those an investor may see: shared with every investor or them. */
export function listDocuments(investorId: string | null = null): Promise<InvestorDocument[]> {
  const visible = sql`${documents.allInvestors} OR ${investorId} = ANY(${investorIds})`;
  return selectDocuments(investorId === null ? undefined : visible);
}

/**
 * Stores a document and its sharing list in one transaction: a new one (no `version`; false when its upload is already
 * a document) closes its upload (its checked bytes take no more parts); an edit is written only over `version`
 * (`UPDATE … WHERE version = $v`; false when the stored one is not that any more).
 */
export async function saveDocument(document: InvestorDocument, version?: number): Promise<boolean> {
  const { id, sharing, ...rest } = document;
  const values = { id, ...rest, allInvestors: sharing.allInvestors };
  const shares = sharing.investorIds.map((investorId, position) => ({ documentId: id, investorId, position }));
  const stored = version === undefined ? undefined : and(eq(documents.id, id), eq(documents.version, version));
  return database().transaction(async (tx) => {
    const written = stored
      ? await tx.update(documents).set(values).where(stored).returning()
      : await tx.insert(documents).values(values).onConflictDoNothing().returning();
    if (written.length === 0) return false;
    if (stored) await tx.delete(documentShares).where(eq(documentShares.documentId, id));
    else await tx.delete(documentUploads).where(eq(documentUploads.id, id));
    if (shares.length) await tx.insert(documentShares).values(shares);
    return true;
  });
}

/** Deletes a document and its sharing list (not its bytes: `deleteDocumentFiles`); null when there was none. */
export async function removeDocument(id: string): Promise<{ fileName: string; parts: number } | null> {
  const [row] = await database().delete(documents).where(eq(documents.id, id)).returning();
  return row ?? null;
}

export async function saveDocumentUpload(upload: DocumentUpload): Promise<void> {
  await database().insert(documentUploads).values(upload);
}

/** An announced upload that is not a document yet, or null. */
export async function getDocumentUpload(id: string): Promise<DocumentUpload | null> {
  const [upload] = await database().select().from(documentUploads).where(eq(documentUploads.id, id));
  return upload ?? null;
}

export async function putDocumentPart(id: string, index: number, bytes: Uint8Array): Promise<void> {
  await files().set(partKey(id, index), bytes.slice().buffer, { metadata: { size: bytes.byteLength } });
}

/** The size stored with each part (its metadata only: the bytes are not read), undefined for a missing part. */
export function documentPartSizes(id: string, parts: number): Promise<unknown[]> {
  return Promise.all(partKeys(id, parts).map(async (key) => (await files().getMetadata(key))?.metadata['size']));
}

export async function readDocumentPart(id: string, index: number): Promise<Uint8Array | null> {
  const data = await files().get(partKey(id, index), { type: 'arrayBuffer' });
  return data && new Uint8Array(data);
}

/** The document's bytes as one stream, part after part, each read as it is sent (never all in memory). */
export function streamDocument(id: string, parts: number): ReadableStream<Uint8Array> {
  return NodeReadableStream.from(
    (async function* () {
      for (const key of partKeys(id, parts)) {
        const part = (await files().get(key, { type: 'stream' })) as NodeReadableStream<Uint8Array> | null;
        if (!part) throw new Error(`Document ${id} is missing ${key}`);
        yield* part;
      }
    })(),
  ) as ReadableStream<Uint8Array>;
}

/** Deletes an upload's announcement (if it is still one) and its parts (not from a deploy preview: `mayDeleteFiles`). */
export async function deleteDocumentFiles(id: string, parts: number): Promise<void> {
  await database().delete(documentUploads).where(eq(documentUploads.id, id));
  if (mayDeleteFiles()) await Promise.all(partKeys(id, parts).map((key) => files().delete(key)));
}
