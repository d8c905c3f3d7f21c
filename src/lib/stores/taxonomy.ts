import { dataStore } from '../blobs';
import { defaultTaxonomyEntries } from '../seed/taxonomy';
import { taxonomySchema, type Taxonomy, type TaxonomyInput } from '../schemas/taxonomy';

/**
 * The services and categories list: one small record, `list`, in its own store. Version 0 is the seeded list (nothing
 * stored yet). A save names the version it was edited from and is written only if the stored record is still that
 * one (`onlyIfMatch` its ETag, or `onlyIfNew`): two partners saving at once cannot silently undo each other in
 * production. On the local Blobs server conditional writes are not atomic, so two saves racing within milliseconds
 * may both be accepted there, the later one kept whole (a list is always one consistent record, never a mix).
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
  const { taxonomy: current, etag } = await read();
  if (current.version !== input.version) throw new TaxonomyConflict();
  const next: Taxonomy = { version: current.version + 1, entries: input.entries, updatedAt: now.toISOString() };
  const { modified } = etag
    ? await store().setJSON(KEY, next, { onlyIfMatch: etag })
    : await store().setJSON(KEY, next, { onlyIfNew: true });
  if (!modified) throw new TaxonomyConflict();
  return next;
}
