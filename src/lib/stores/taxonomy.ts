import { and, eq } from 'drizzle-orm';
import { database } from '../db/client';
import { taxonomy as table } from '../db/schema';
import { defaultTaxonomyEntries } from '../seed/taxonomy';
import { taxonomySchema, type Taxonomy, type TaxonomyInput } from '../schemas/taxonomy';

/**
 * The services and categories list: one row of the `taxonomy` table (src/lib/db/schema/content.ts). No row: the
 * seeded list, version 0. A save names the version it was edited from and is written only if the stored list is
 * still that one, in one statement (`UPDATE … WHERE version = $v`, or for version 0 an insert that a stored row
 * refuses): of two partners saving at once, the second hears 409 instead of silently undoing the first.
 */
export class TaxonomyConflict extends Error {}

const ROW = 1;

/** The list as stored (the seeded one until the firm first saves). One statement. */
export async function getTaxonomy(): Promise<Taxonomy> {
  const [row] = await database().select().from(table).where(eq(table.id, ROW));
  if (!row) return { version: 0, entries: defaultTaxonomyEntries(), updatedAt: null };
  const parsed = taxonomySchema.safeParse({ ...row, updatedAt: row.updatedAt.toISOString() });
  if (!parsed.success) throw new Error('The stored services and categories list does not parse');
  return parsed.data;
}

/** Saves the whole list edited from `input.version`; TaxonomyConflict when someone saved another version meanwhile. */
export async function saveTaxonomy(input: TaxonomyInput, now: Date = new Date()): Promise<Taxonomy> {
  const next = { version: input.version + 1, entries: input.entries, updatedAt: now };
  const written =
    input.version === 0
      ? await database()
          .insert(table)
          .values({ id: ROW, ...next })
          .onConflictDoNothing()
          .returning({ version: table.version })
      : await database()
          .update(table)
          .set(next)
          .where(and(eq(table.id, ROW), eq(table.version, input.version)))
          .returning({ version: table.version });
  if (written.length === 0) throw new TaxonomyConflict();
  return { version: next.version, entries: next.entries, updatedAt: now.toISOString() };
}
