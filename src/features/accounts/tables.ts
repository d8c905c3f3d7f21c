import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { LANGUAGES } from '../../i18n/languages';
import { ROLES } from './schema';
import { at, isoAt, oneOf } from '../../platform/db/columns';

/**
 * Dashboard accounts (docs/roles.md). A username is stored lower-cased (the CHECK), so its UNIQUE constraint is
 * case-insensitive. `session_generation` ends sessions: each session carries the generation it was started in.
 */
export const users = pgTable(
  'users',
  {
    id: text().primaryKey(),
    username: text().notNull(),
    passwordHash: text().notNull(),
    role: text({ enum: ROLES }).notNull(),
    isActive: boolean().notNull().default(true),
    createdAt: isoAt()
      .notNull()
      .default(sql`now()`),
    sessionGeneration: integer().notNull().default(0),
    /** A temporary password (an admin's create or reset) must be replaced before anything else. */
    mustChangePassword: boolean().notNull().default(false),
    lastSignInAt: isoAt(),
    /** The partner's profile (issue #24): how replies are signed ("Ana García", "Managing Partner"); null: unset. */
    displayName: text(),
    title: text(),
    /** A partner offers meetings (issue #25) once their hours are set (src/features/meetings/tables.ts). */
    partner: boolean().notNull().default(false),
  },
  (table) => [
    unique('users_username').on(table.username),
    check('users_username_lower', sql`${table.username} = lower(${table.username})`),
    check('users_role', oneOf(table.role, ROLES)),
    check('users_session_generation', sql`${table.sessionGeneration} >= 0`),
  ],
);

/**
 * Signed-in sessions (the cookie's token names one): logout deletes the row, and a use refreshes `last_used_at`,
 * which can never bring back a deleted row. Ended ones are deleted by the retention job (by `created_at`, by
 * `last_used_at`).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The user's `session_generation` at sign-in; a session from an older one is over. */
    generation: integer().notNull(),
    createdAt: isoAt().notNull(),
    /** The hard end: 8 hours after sign-in, however active the session is. */
    expiresAt: isoAt().notNull(),
    lastUsedAt: isoAt().notNull(),
  },
  (table) => [
    index('sessions_user').on(table.userId),
    index('sessions_created').on(table.createdAt),
    index('sessions_last_used').on(table.lastUsedAt),
  ],
);

export const ATTEMPT_KINDS = ['pair', 'ip', 'user', 'password'] as const;

/**
 * Sign-in attempts (src/features/accounts/login-throttle.ts): one row per attempt and counter (a hashed username-and-IP
 * pair, a hashed IP, a hashed username; never a name or an address in the clear), inserted before they are counted.
 * `password`: a signed-in account's checks of its current password (POST /api/account/password), by the account's
 * hashed id.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: text().notNull(),
    kind: text({ enum: ATTEMPT_KINDS }).notNull(),
    subject: text().notNull(),
    at: isoAt().notNull(),
  },
  (table) => [
    primaryKey({ name: 'login_attempts_pk', columns: [table.id, table.kind] }),
    index('login_attempts_counter').on(table.kind, table.subject, table.at),
    index('login_attempts_at').on(table.at),
    check('login_attempts_kind', oneOf(table.kind, ATTEMPT_KINDS)),
  ],
);

/**
 * Invitation links (src/features/accounts/invitations.ts): only the SHA-256 of a link's token is stored, so a reader of the
 * table cannot use one; `used_at` is its one use, taken by a conditional UPDATE (one winner however many race).
 */
export const invitations = pgTable(
  'invitations',
  {
    tokenHash: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    language: text({ enum: LANGUAGES }).notNull(),
    /** The account's session generation when invited: a password set another way since makes the link void. */
    generation: integer().notNull(),
    createdAt: isoAt().notNull(),
    expiresAt: isoAt().notNull(),
    usedAt: isoAt(),
  },
  (table) => [
    index('invitations_user').on(table.userId),
    check('invitations_language', oneOf(table.language, LANGUAGES)),
  ],
);

/**
 * The account made from a request for investor access: one per contact message (the primary key), however many
 * admins press the button at once, written in the same transaction as the account.
 */
export const leadAccounts = pgTable('lead_accounts', {
  messageId: text().primaryKey(),
  userId: text()
    .notNull()
    .unique('lead_accounts_user')
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: at().notNull().defaultNow(),
});
