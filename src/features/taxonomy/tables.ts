import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, smallint } from 'drizzle-orm/pg-core';
import type { TaxonomyEntry } from './schema';
import { isoAt } from '../../platform/db/columns';

/**
 * The services and categories list (docs/product.md, "Services and categories"): one row, read and saved whole
 * (at most 100 small entries, never filtered in SQL), so its entries are one jsonb value. No row: the seeded list,
 * version 0. A save names the version it was edited from: `UPDATE … WHERE version = $v`.
 */
export const taxonomy = pgTable(
  'taxonomy',
  {
    id: smallint().primaryKey().default(1),
    version: integer().notNull(),
    entries: jsonb().$type<TaxonomyEntry[]>().notNull(),
    updatedAt: isoAt().notNull(),
  },
  (table) => [check('taxonomy_one_row', sql`${table.id} = 1`), check('taxonomy_version', sql`${table.version} >= 1`)],
);
