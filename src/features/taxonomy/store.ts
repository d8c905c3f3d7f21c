import { eq } from 'drizzle-orm';
import { database } from '../../platform/db/client';
import { taxonomy as table } from './tables';
import { defaultTaxonomyEntries } from './seed';
import { taxonomySchema, type Taxonomy, type TaxonomyInput } from './schema';

/**
 * A save is written only over the version it was edited from, in one statement (`UPDATE … WHERE version = $v`, or for
 * version 0 an insert that a stored row refuses): of two partners saving at once, the second hears 409.
 */
export class TaxonomyConflict extends Error {}

/** The list as stored (the seeded one until the firm first saves). One statement. */
export async function getTaxonomy(): Promise<Taxonomy> {
  const [row] = await database().select().from(table);
  return row ? taxonomySchema.parse(row) : { version: 0, entries: defaultTaxonomyEntries(), updatedAt: null };
}

/** Saves the whole list edited from `input.version`; TaxonomyConflict when someone saved another version meanwhile. */
export async function saveTaxonomy(input: TaxonomyInput, now: Date = new Date()): Promise<Taxonomy> {
  const saved = { version: input.version + 1, entries: input.entries, updatedAt: now.toISOString() };
  const written =
    input.version === 0
      ? await database().insert(table).values(saved).onConflictDoNothing().returning()
      : await database().update(table).set(saved).where(eq(table.version, input.version)).returning();
  if (written.length === 0) throw new TaxonomyConflict();
  return saved;
}
