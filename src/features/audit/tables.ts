import { sql } from 'drizzle-orm';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { AUDIT_ACTIONS } from './schema';
import { isoAt, oneOf } from '../../platform/db/columns';

/** The audit log (docs/roles.md): rows the server writes, never updated; erased only with the records they name. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text().primaryKey(),
    at: isoAt()
      .notNull()
      .default(sql`now()`),
    actor: text().notNull(),
    actorRole: text({ enum: ['admin', 'investor'] }).notNull(),
    action: text({ enum: AUDIT_ACTIONS }).notNull(),
    target: text().notNull().default(''),
    detail: text().notNull().default(''),
  },
  (table) => [
    index('audit_log_newest').on(table.at, table.id),
    check('audit_log_actor_role', oneOf(table.actorRole, ['admin', 'investor'])),
    check('audit_log_action', oneOf(table.action, AUDIT_ACTIONS)),
  ],
);
