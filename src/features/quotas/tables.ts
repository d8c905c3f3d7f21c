import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Daily quotas (src/features/quotas/store.ts): one counter per quota, UTC day and subject ('' for the site-wide
 * count, else an HMAC of a visitor's IP, never the address), taken with one atomic statement that never passes the
 * cap. Past days are deleted by the retention job.
 */
export const dailyQuotas = pgTable(
  'daily_quotas',
  {
    quota: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    subject: text().notNull().default(''),
    used: integer().notNull(),
  },
  (table) => [
    primaryKey({ name: 'daily_quotas_pk', columns: [table.quota, table.day, table.subject] }),
    index('daily_quotas_day').on(table.day),
    check('daily_quotas_used', sql`${table.used} > 0`),
  ],
);
