import { createHmac } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { requireSecret } from '../../platform/env';
import { Conflict, Forbidden, InvalidInput, notFound, NotFound, TooLarge } from '../../platform/errors';
import { newId } from '../../platform/ids';
import {
  DOCUMENT_PART_BYTES,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENT_MB,
  MAX_DOCUMENT_PARTS,
  safePdfName,
  type DocumentCreateInput,
  type DocumentSharing,
  type DocumentSummary,
  type DocumentUpdateInput,
  type InvestorDocument,
} from './document-schema';
import type { User } from '../accounts/schema';
import { recordAudit } from '../audit/store';
import {
  deleteDocumentFiles,
  documentPartSizes,
  getDocument,
  getDocumentUpload,
  listDocuments as storedDocuments,
  putDocumentPart,
  readDocumentPart,
  removeDocument,
  saveDocument,
  saveDocumentUpload,
  streamDocument,
} from './documents-store';
import { listUsers } from '../accounts/users-store';
import { STALE_EDIT } from '../content/engine';

export const DOCUMENT_TEXTS = {
  tooLarge: `The file is too large: a document may be at most ${MAX_DOCUMENT_MB} MB`,
  notPdf:
    'This file is not a PDF: its contents are not a PDF document (it may be a script or another kind of file ' +
    'renamed .pdf). Choose a PDF file.',
  truncated: 'This PDF is incomplete (it does not end as a PDF file does). Upload the whole file again.',
  uploadNotFound: 'This upload has expired or does not exist. Choose the file again.',
  partsMissing: 'Some parts of the file did not arrive. Choose the file again.',
  partSize: 'This part of the file is not the size announced. Choose the file again.',
  badPart: 'Invalid part number',
  alreadyUsed: 'This upload is already a document.',
  unknownInvestor: 'One of the chosen investors is not an investor account. Reload the list and choose again.',
  linkInvalid: 'This download link is not valid. Download the document again from the dashboard.',
  linkExpired: 'This download link has expired. Download the document again from the dashboard.',
} as const;

/** How long a download link lasts. */
export const DOCUMENT_LINK_SECONDS = 5 * 60;

function actorOf(user: User) {
  return { actor: user.username, actorRole: user.role };
}

/** Whether an account may see a document: admins all, investors those shared with everyone or with them. */
export function maySee(user: User, document: InvestorDocument): boolean {
  if (user.role === 'admin') return true;
  return document.sharing.allInvestors || document.sharing.investorIds.includes(user.id);
}

export function documentSummary(document: InvestorDocument): DocumentSummary {
  const { id, title, description, category, fileName, size, createdAt } = document;
  return { id, title, description, category, fileName, size, createdAt };
}

/** Every document, newest first (admins). One statement. */
export function listDocuments(): Promise<InvestorDocument[]> {
  return storedDocuments();
}

/** What an account may see, newest first, without the sharing list. One statement. */
export async function visibleDocuments(user: User): Promise<DocumentSummary[]> {
  const documents = await storedDocuments(user.role === 'admin' ? null : user.id);
  return documents.filter((document) => maySee(user, document)).map(documentSummary);
}

/** Step 1 of an upload: the file's name and size; answers where to send its parts. */
export async function startDocumentUpload(
  actor: User,
  input: { fileName: string; size: number },
  now = Date.now(),
): Promise<{ uploadId: string; partSize: number; parts: number }> {
  if (input.size > MAX_DOCUMENT_BYTES) throw new TooLarge(DOCUMENT_TEXTS.tooLarge, 'file');
  const parts = Math.ceil(input.size / DOCUMENT_PART_BYTES);
  const uploadId = newId(now);
  await saveDocumentUpload({
    id: uploadId,
    fileName: safePdfName(input.fileName),
    size: input.size,
    parts,
    createdBy: actor.username,
    createdAt: new Date(now).toISOString(),
  });
  return { uploadId, partSize: DOCUMENT_PART_BYTES, parts };
}

/** The size part `index` of an upload of `size` bytes must have. */
function expectedPartSize(size: number, parts: number, index: number): number {
  return index < parts - 1 ? DOCUMENT_PART_BYTES : size - DOCUMENT_PART_BYTES * (parts - 1);
}

/** Parses a part number from the path: 0 … MAX_DOCUMENT_PARTS - 1. */
export function partIndex(value: string | undefined): number {
  if (!value || !/^\d{1,3}$/.test(value)) throw new InvalidInput(DOCUMENT_TEXTS.badPart, 'part');
  const index = Number(value);
  if (index >= MAX_DOCUMENT_PARTS) throw new InvalidInput(DOCUMENT_TEXTS.badPart, 'part');
  return index;
}

/** Step 2: one part, exactly the size the announced file gives it. */
export async function storeDocumentPart(uploadId: string, index: number, bytes: Uint8Array): Promise<void> {
  // An upload that became a document is no longer one (the same transaction closed it).
  const upload = await getDocumentUpload(uploadId);
  if (!upload) throw new NotFound(DOCUMENT_TEXTS.uploadNotFound);
  if (index >= upload.parts) throw new InvalidInput(DOCUMENT_TEXTS.badPart, 'part');
  const expected = expectedPartSize(upload.size, upload.parts, index);
  if (bytes.byteLength > expected) throw new TooLarge(DOCUMENT_TEXTS.tooLarge, 'file');
  if (bytes.byteLength !== expected) throw new InvalidInput(DOCUMENT_TEXTS.partSize, 'file');
  await putDocumentPart(uploadId, index, bytes);
}

const PDF_END = Buffer.from('%%EOF');

/**
 * What the bytes are, never what the name claims: a PDF starts with `%PDF-` (file-type) and ends with `%%EOF`
 * within its last 1,024 bytes (ISO 32000, as readers look for it).
 */
async function assertPdf(uploadId: string, parts: number): Promise<void> {
  const first = await readDocumentPart(uploadId, 0);
  const detected = first ? await fileTypeFromBuffer(first) : undefined;
  if (detected?.ext !== 'pdf') throw new InvalidInput(DOCUMENT_TEXTS.notPdf, 'file');
  const last = parts === 1 ? first : await readDocumentPart(uploadId, parts - 1);
  if (!last) throw new InvalidInput(DOCUMENT_TEXTS.partsMissing, 'file');
  // The end marker may straddle the last two parts when the last one is tiny: read back far enough.
  let tail = Buffer.from(last.subarray(Math.max(0, last.byteLength - 1024)));
  if (tail.byteLength < 1024 && parts > 1) {
    const previous = await readDocumentPart(uploadId, parts - 2);
    if (previous)
      tail = Buffer.concat([Buffer.from(previous.subarray(previous.byteLength - 1024)), tail]).subarray(-1024);
  }
  if (!tail.includes(PDF_END)) throw new InvalidInput(DOCUMENT_TEXTS.truncated, 'file');
}

/** The investor accounts a sharing list names must exist and be investors (400 otherwise). */
async function checkSharing(sharing: DocumentSharing): Promise<DocumentSharing> {
  const investorIds = [...new Set(sharing.investorIds)];
  if (investorIds.length > 0) {
    const investors = new Set((await listUsers()).filter((u) => u.role === 'investor').map((u) => u.id));
    if (investorIds.some((id) => !investors.has(id))) {
      throw new InvalidInput(DOCUMENT_TEXTS.unknownInvestor, 'sharing.investorIds');
    }
  }
  return { allInvestors: sharing.allInvestors, investorIds };
}

/** Step 3: a finished upload becomes a document (after its bytes are checked), shared as chosen. */
export async function createDocument(
  actor: User,
  input: DocumentCreateInput,
  now = Date.now(),
): Promise<InvestorDocument> {
  const upload = await getDocumentUpload(input.uploadId);
  if (!upload) throw new NotFound(DOCUMENT_TEXTS.uploadNotFound, 'uploadId');
  if (await getDocument(upload.id)) throw new Conflict(DOCUMENT_TEXTS.alreadyUsed, 'uploadId');
  const sizes = await documentPartSizes(upload.id, upload.parts);
  if (sizes.some((size, index) => size !== expectedPartSize(upload.size, upload.parts, index))) {
    throw new InvalidInput(DOCUMENT_TEXTS.partsMissing, 'file');
  }
  const sharing = await checkSharing(input.sharing);
  try {
    await assertPdf(upload.id, upload.parts);
  } catch (error) {
    // Refused bytes are not kept.
    await deleteDocumentFiles(upload.id, upload.parts);
    throw error;
  }
  const stamp = new Date(now).toISOString();
  const document: InvestorDocument = {
    id: upload.id,
    title: input.title,
    description: input.description,
    category: input.category,
    fileName: upload.fileName,
    size: upload.size,
    parts: upload.parts,
    sharing,
    uploadedBy: actor.username,
    createdAt: stamp,
    updatedAt: stamp,
    version: 1,
  };
  // Closes the upload in the same transaction: checked bytes stay as checked, the upload takes no more parts.
  if (!(await saveDocument(document))) throw new Conflict(DOCUMENT_TEXTS.alreadyUsed, 'uploadId');
  await recordAudit({ ...actorOf(actor), action: 'document.upload', target: document.id, detail: document.fileName });
  return document;
}

/** Edits titles, description, category and sharing; null when there is no such document; 409 on a stale version. */
export async function updateDocument(
  actor: User,
  id: string,
  input: DocumentUpdateInput,
): Promise<InvestorDocument | null> {
  const current = await getDocument(id);
  if (!current) return null;
  if (input.version !== undefined && input.version !== current.version) throw new Conflict(STALE_EDIT, 'version');
  const document: InvestorDocument = {
    ...current,
    title: input.title,
    description: input.description,
    category: input.category,
    sharing: await checkSharing(input.sharing),
    updatedAt: new Date().toISOString(),
    version: current.version + 1,
  };
  // Written only over the version read (`UPDATE … WHERE version`): a save made meanwhile is never undone.
  if (!(await saveDocument(document, current.version))) {
    if (!(await getDocument(id))) return null;
    throw new Conflict(STALE_EDIT, 'version');
  }
  const shared = document.sharing.allInvestors ? 'all investors' : `${document.sharing.investorIds.length} investor(s)`;
  await recordAudit({ ...actorOf(actor), action: 'document.update', target: id, detail: `shared with ${shared}` });
  return document;
}

export async function deleteDocument(actor: User, id: string): Promise<boolean> {
  const current = await removeDocument(id);
  if (!current) return false;
  await deleteDocumentFiles(id, current.parts);
  await recordAudit({ ...actorOf(actor), action: 'document.delete', target: id, detail: current.fileName });
  return true;
}

/** A key of its own for download links, derived from JWT_SECRET: a session token is never a link, nor the reverse. */
function linkKey(): Uint8Array {
  return new Uint8Array(createHmac('sha256', requireSecret('JWT_SECRET')).update('document-links/v1').digest());
}
const LINK_ISSUER = 'vantia-site';
const LINK_AUDIENCE = 'vantia-document-download';

/**
 * A download link for one account and one document, valid DOCUMENT_LINK_SECONDS: a signed token (HS256) naming
 * both, used once the account is signed in. A document the account may not see is "not found", like an unknown one.
 */
export async function documentLink(
  user: User,
  id: string,
  options: { now?: number; ttlSeconds?: number } = {},
): Promise<{ url: string; expiresAt: string }> {
  const document = await getDocument(id);
  if (!document || !maySee(user, document)) throw notFound('Document');
  const now = Math.floor((options.now ?? Date.now()) / 1000);
  const exp = now + (options.ttlSeconds ?? DOCUMENT_LINK_SECONDS);
  const token = await new SignJWT({ doc: id })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuer(LINK_ISSUER)
    .setAudience(LINK_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .sign(linkKey());
  return { url: `/api/document-download?token=${token}`, expiresAt: new Date(exp * 1000).toISOString() };
}

/**
 * A download: the link must be valid, unexpired and made for this signed-in account, and the document still shared
 * with it (un-sharing revokes links already given). Every download is written to the audit log before a byte is
 * sent. Answers the file's name and its bytes as a stream.
 */
export async function downloadDocument(
  user: User,
  token: string | null,
  now = Date.now(),
): Promise<{ fileName: string; body: ReadableStream<Uint8Array> }> {
  if (!token || token.length > 2048) throw new InvalidInput(DOCUMENT_TEXTS.linkInvalid, 'token');
  let claims: { sub?: string; doc?: unknown };
  try {
    ({ payload: claims } = await jwtVerify(token, linkKey(), {
      issuer: LINK_ISSUER,
      audience: LINK_AUDIENCE,
      algorithms: ['HS256'],
      currentDate: new Date(now),
      clockTolerance: 0,
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new Forbidden(DOCUMENT_TEXTS.linkExpired);
    throw new Forbidden(DOCUMENT_TEXTS.linkInvalid);
  }
  if (claims.sub !== user.id || typeof claims.doc !== 'string') throw new Forbidden(DOCUMENT_TEXTS.linkInvalid);
  const document = await getDocument(claims.doc);
  if (!document || !maySee(user, document)) throw notFound('Document');
  await recordAudit({ ...actorOf(user), action: 'document.download', target: document.id, detail: document.fileName });
  return { fileName: document.fileName, body: streamDocument(document.id, document.parts) };
}
