import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { customType, timestamp } from 'drizzle-orm/pg-core';

/** A moment, stored with its time zone, read as a Date. */
export const at = () => timestamp({ withTimezone: true, mode: 'date' });

/** A full-text search vector (src/platform/db/search.ts), stored as a generated column. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A CHECK that a text column holds one of a list of values: the database refuses anything else. */
export function oneOf(column: AnyColumn, values: readonly string[]): SQL {
  return sql`${column} IN (${sql.raw(values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', '))})`;
}

/**
 * A moment read as its ISO 8601 text (`2026-11-26T15:54:50.123Z`), the form records carry in the API: rows map to
 * records without converting each time. Stored as timestamptz; written from an ISO text or a Date.
 */
export const isoAt = customType<{ data: string; driverData: string | Date }>({
  dataType: () => 'timestamp with time zone',
  fromDriver: (value) => new Date(value).toISOString(),
  toDriver: (value) => value,
});

/** The Monday (UTC) of a moment's ISO week as `YYYY-MM-DD`: what the overview counts by (src/platform/weeks.ts). */
export function weekOf(moment: AnyColumn): SQL<string> {
  return sql<string>`to_char(date_trunc('week', ${moment} AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`;
}
