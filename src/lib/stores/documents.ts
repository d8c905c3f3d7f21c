import { z } from 'zod';
import { dataStore } from '../blobs';
import { documentSchema, type InvestorDocument } from '../schemas/document';
import { ContentCollection } from './content-collection';

/**
 * Investor documents (docs/roles.md, "Documents"). Records: the `documents` store, one key per document plus a
 * snapshot (ContentCollection). Bytes: the `document-files` store, `uploads/{id}` (the announced upload) and
 * `parts/{id}/{nnn}` (its parts, each at most 3 MiB: a function's request is at most 6 MB, docs/decisions.md). A
 * document's id is its upload's id, so one upload makes at most one document. Keys are made by the server only.
 */
const records = new ContentCollection<InvestorDocument>('documents', documentSchema);

const uploadSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  size: z.number().int().min(1),
  parts: z.number().int().min(1),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type DocumentUpload = z.infer<typeof uploadSchema>;

const files = () => dataStore('document-files');
const uploadKey = (id: string) => `uploads/${id}`;
const partKey = (id: string, index: number) => `parts/${id}/${String(index).padStart(3, '0')}`;

export const documentRecords = {
  all: () => records.all(),
  get: (id: string) => records.get(id),
  put: (document: InvestorDocument) => records.put(document),
  remove: (id: string) => records.remove(id),
};

export async function saveDocumentUpload(upload: DocumentUpload): Promise<void> {
  await files().setJSON(uploadKey(upload.id), upload);
}

export async function getDocumentUpload(id: string): Promise<DocumentUpload | null> {
  const raw: unknown = await files().get(uploadKey(id), { type: 'json' });
  if (raw === null) return null;
  const parsed = uploadSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** Closes an upload once it is a document: no part can be sent to it any more (its parts stay: they are the bytes). */
export async function closeDocumentUpload(id: string): Promise<void> {
  await files().delete(uploadKey(id));
}

/** Writes one part; a part sent again replaces itself. */
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

/** Deletes an upload's announcement and its parts. */
export async function deleteDocumentFiles(id: string, parts: number): Promise<void> {
  const store = files();
  await Promise.all([
    store.delete(uploadKey(id)),
    ...Array.from({ length: parts }, (_, index) => store.delete(partKey(id, index))),
  ]);
}
