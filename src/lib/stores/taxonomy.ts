import { blobsServer, dataStore, storeName } from '../blobs';
import { defaultTaxonomyEntries } from '../seed/taxonomy';
import { taxonomySchema, type Taxonomy, type TaxonomyInput } from '../schemas/taxonomy';
import { withKeyLock } from './slot-lock';

/**
 * The services and categories list: one small record, `list`, in its own store. Version 0 is the seeded list (nothing
 * stored yet). A save names the version it was edited from and is written only if the stored record is still that
 * one (`onlyIfMatch` its ETag, or `onlyIfNew`): two partners saving at once cannot silently undo each other in
 * production. The local Blobs server returns no ETag on reads and its conditional writes are not atomic
 * (docs/architecture.md, "Local Blobs quirks"), so there a save compares versions and writes under a lock on the key
 * instead (src/lib/stores/slot-lock.ts): the same 409 for a save made from an older version.
 */
const KEY = 'list';
const store = () => dataStore('taxonomy');

export class TaxonomyConflict extends Error {}

async function read(): Promise<{ taxonomy: Taxonomy; etag: string | null }> {
  const found = await store().getWithMetadata(KEY, { type: 'json' });
  if (found === null)
    return { taxonomy: { version: 0, entries: defaultTaxonomyEntries(), updatedAt: null }, etag: null };
  const parsed = taxonomySchema.safeParse(found.data);
  if (!parsed.success) throw new Error('The stored services and categories list does not parse');
  return { taxonomy: parsed.data, etag: found.etag ?? null };
}

/** The list as stored (the seeded one until the firm first saves). One read. */
export async function getTaxonomy(): Promise<Taxonomy> {
  return (await read()).taxonomy;
}

/** Saves the whole list edited from `input.version`; TaxonomyConflict when someone saved another version meanwhile. */
export async function saveTaxonomy(input: TaxonomyInput, now: Date = new Date()): Promise<Taxonomy> {
  const server = blobsServer();
  if (server.local) {
    return withKeyLock(`${server.instance}/${storeName('taxonomy')}/${KEY}`, async () => {
      const { taxonomy: current } = await read();
      if (current.version !== input.version) throw new TaxonomyConflict();
      const next: Taxonomy = { version: current.version + 1, entries: input.entries, updatedAt: now.toISOString() };
      await store().setJSON(KEY, next);
      return next;
    });
  }
  const { taxonomy: current, etag } = await read();
  if (current.version !== input.version) throw new TaxonomyConflict();
  const next: Taxonomy = { version: current.version + 1, entries: input.entries, updatedAt: now.toISOString() };
  const { modified } = etag
    ? await store().setJSON(KEY, next, { onlyIfMatch: etag })
    : await store().setJSON(KEY, next, { onlyIfNew: true });
  if (!modified) throw new TaxonomyConflict();
  return next;
}
