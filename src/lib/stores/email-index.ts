import { createHash } from 'node:crypto';
import { dataStore } from '../blobs';
import { listKeys } from './list-keys';

/**
 * Which records hold an e-mail address, so a privacy request (GDPR articles 15 and 17) finds them without reading
 * every record. Written by the server when it stores a record that holds an address, never from a client's word:
 *
 * - `by-email/{hash}/{kind}/{ref}`: what the request lists (one list of one folder);
 * - `by-record/{kind}/{ref}/{hash}`: the same link seen from the record, so deleting the record (an admin, the
 *   retention job) removes its index entries without knowing the address.
 *
 * `hash` is the SHA-256 of the trimmed, lower-cased address (as newsletter keys are): no address is stored in a
 * key, and the index survives a change of secrets. The records themselves live in the same private Blobs.
 * `ref` is the record's id in its own store (a message id, a chat session id, a Tavus conversation id).
 */
export const INDEXED_KINDS = ['message', 'chat', 'video'] as const;
export type IndexedKind = (typeof INDEXED_KINDS)[number];

export interface IndexedRecord {
  kind: IndexedKind;
  ref: string;
}

const REF = /^[A-Za-z0-9_-]{1,120}$/;

export function emailHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

function emailFolder(hash: string): string {
  return `by-email/${hash}/`;
}

function recordFolder(kind: IndexedKind, ref: string): string {
  return `by-record/${kind}/${ref}/`;
}

function store() {
  return dataStore('privacy');
}

/** Links a stored record to an address (idempotent: the same link twice is one pair of keys). */
export async function indexEmail(email: string, kind: IndexedKind, ref: string): Promise<void> {
  if (!REF.test(ref) || !email.trim()) return;
  const hash = emailHash(email);
  const at = { at: new Date().toISOString() };
  await Promise.all([
    store().setJSON(`${emailFolder(hash)}${kind}/${ref}`, at),
    store().setJSON(`${recordFolder(kind, ref)}${hash}`, at),
  ]);
}

/** Every record linked to the address, by kind and then ref (one list). */
export async function recordsForEmail(email: string): Promise<IndexedRecord[]> {
  const folder = emailFolder(emailHash(email));
  const out: IndexedRecord[] = [];
  for (const key of await listKeys(store(), folder)) {
    const [kind, ref] = key.slice(folder.length).split('/');
    if ((INDEXED_KINDS as readonly string[]).includes(kind ?? '') && ref && REF.test(ref))
      out.push({ kind: kind as IndexedKind, ref });
  }
  return out;
}

/** Removes every index entry of a record (it was deleted): one list of its folder and two deletes per address. */
export async function unindexRecord(kind: IndexedKind, ref: string): Promise<void> {
  if (!REF.test(ref)) return;
  const folder = recordFolder(kind, ref);
  const keys = await listKeys(store(), folder);
  await Promise.all(
    keys.flatMap((key) => {
      const hash = key.slice(folder.length);
      return [store().delete(`${emailFolder(hash)}${kind}/${ref}`), store().delete(key)];
    }),
  );
}
