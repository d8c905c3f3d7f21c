import bcrypt from 'bcryptjs';
import { InvalidInput } from '../../platform/errors';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { database, type Queryable } from '../../platform/db/client';
import { bcryptCost } from './bcrypt-cost';
import { users } from './tables';
import { newId } from '../../platform/ids';
import { normaliseUsername, USERNAME_PATTERN, passwordProblem, type Role, type User } from './schema';

/** A user and when it last signed in (the Users tab shows it). */
export type StoredUser = typeof users.$inferSelect;

const byName = (username: string) => eq(users.username, normaliseUsername(username));

export async function getUser(username: string): Promise<StoredUser | null> {
  if (!USERNAME_PATTERN.test(normaliseUsername(username))) return null;
  const [row] = await database().select().from(users).where(byName(username));
  return row ?? null;
}

function checkUsername(username: string): string {
  const name = normaliseUsername(username);
  if (USERNAME_PATTERN.test(name)) return name;
  throw new InvalidInput('A username is 2 to 63 characters: letters, digits, dot, dash or underscore', 'username');
}

export async function hashPassword(password: string): Promise<string> {
  const problem = passwordProblem(password);
  if (problem) throw new InvalidInput(problem, 'password');
  return bcrypt.hash(password, bcryptCost());
}

/** Ends a user's sessions: each carries the generation it was started in. */
const endSessions = sql`${users.sessionGeneration} + 1`;

/** Sessions end with a new role or a reactivation: SQL over the row's current values, so racing changes each count. */
function nextGeneration(change: { role?: Role; isActive?: boolean }): SQL {
  const newRole = change.role === undefined ? sql`false` : sql`${users.role} <> ${change.role}`;
  const reactivated = change.isActive === true ? sql`NOT ${users.isActive}` : sql`false`;
  return sql`${users.sessionGeneration} + CASE WHEN ${newRole} OR ${reactivated} THEN 1 ELSE 0 END`;
}

/** Creates a user, or replaces and reactivates one (admin:create): only a new password ends its sessions. */
export async function saveUser(input: { username: string; password: string; role: Role; isActive?: boolean }) {
  const { password, role, isActive = true } = input;
  const username = checkUsername(input.username);
  // A password set from the command line is the operator's own choice, never a temporary one.
  const set = {
    passwordHash: await hashPassword(password),
    role,
    isActive,
    mustChangePassword: false,
    // Only an admin offers meetings (src/features/meetings/store.ts).
    ...(role === 'admin' ? {} : { partner: false }),
  };
  const existing = await getUser(username);
  const samePassword = existing === null || (await bcrypt.compare(password, existing.passwordHash));
  const sessionGeneration = samePassword ? nextGeneration({ isActive }) : endSessions;
  const [row] = await database()
    .insert(users)
    .values({ id: newId(), username, createdAt: new Date().toISOString(), ...set })
    .onConflictDoUpdate({ target: users.username, set: { ...set, sessionGeneration } })
    .returning();
  return row!;
}

async function updateUser(username: string, set: PgUpdateSetSource<typeof users>): Promise<StoredUser | null> {
  const [row] = await database().update(users).set(set).where(byName(username)).returning();
  return row ?? null;
}

/** Sets a user's password (temporary when `mustChangePassword`: an admin's reset) and ends their sessions. */
export async function setUserPassword(username: string, password: string, { mustChangePassword = false } = {}) {
  const passwordHash = await hashPassword(password);
  return updateUser(username, { passwordHash, mustChangePassword, sessionGeneration: endSessions });
}

/** Deactivates a user (their sessions are refused everything) or reactivates one (their sessions stay ended). */
export function setUserActive(username: string, isActive: boolean) {
  return updateUser(username, { isActive, sessionGeneration: nextGeneration({ isActive }) });
}

export function endUserSessions(username: string) {
  return updateUser(username, { sessionGeneration: endSessions });
}

/** A user's profile (their name and title; null: unset). Null when there is no such user. */
export function setUserProfile(username: string, profile: { displayName: string | null; title: string | null }) {
  return updateUser(username, profile);
}

/** When a user last signed in: one column, overwritten at each sign-in (the last write is the answer). */
export async function recordSignIn(username: string, now = Date.now()): Promise<void> {
  await updateUser(username, { lastSignInAt: new Date(now).toISOString() });
}

/** An admin's new account (a password, checked), or a lead's (a hash, in the caller's transaction). */
type NewUser = { username: string; role: Role; mustChangePassword: boolean } & (
  { password: string } | { passwordHash: string }
);

/** A new account; null when the username is taken (a unique constraint: racing creators get one each at most). */
export async function createUser(input: NewUser, db: Queryable = database(), now = new Date()) {
  const { role, mustChangePassword } = input;
  const username = 'password' in input ? checkUsername(input.username) : input.username;
  const passwordHash = 'password' in input ? await hashPassword(input.password) : input.passwordHash;
  const createdAt = now.toISOString();
  const row = { id: newId(now.getTime()), username, passwordHash, role, mustChangePassword, createdAt };
  const [created] = await db.insert(users).values(row).onConflictDoNothing({ target: users.username }).returning();
  return created ?? null;
}

export async function listUsers(): Promise<StoredUser[]> {
  return database().select().from(users).orderBy(asc(users.username));
}

/**
 * Changes a role and/or activation, never the actor's own admin rights ('self') nor the last active admin's. Every
 * active admin's row is locked first, in id order: two admins demoting each other take turns; the second is refused.
 */
export async function changeAccount(
  username: string,
  change: { role?: Role | undefined; isActive?: boolean | undefined },
  actorId: string,
): Promise<{ ok: true; before: User; after: StoredUser } | { ok: false; reason: 'not-found' | 'self' | 'last-admin' }> {
  const mayRemoveAdmin = change.role === 'investor' || change.isActive === false;
  return database().transaction(async (tx) => {
    const lock = (where?: SQL) => tx.select().from(users).where(where).orderBy(users.id).for('update');
    const admins = mayRemoveAdmin ? await lock(and(eq(users.role, 'admin'), eq(users.isActive, true))) : [];
    const [before] = await lock(byName(username));
    if (!before) return { ok: false, reason: 'not-found' };
    const { role = before.role, isActive = before.isActive } = change;
    const removesAdmin = before.role === 'admin' && before.isActive && !(role === 'admin' && isActive);
    if (removesAdmin && before.id === actorId) return { ok: false, reason: 'self' };
    if (removesAdmin && !admins.some((admin) => admin.id !== before.id)) return { ok: false, reason: 'last-admin' };
    // A partner offers meetings as an admin (src/features/meetings/store.ts): demoted, they offer none again.
    const partner = role === 'admin' ? before.partner : false;
    const set = { role, isActive, partner, sessionGeneration: nextGeneration({ role, isActive }) };
    const [after] = await tx.update(users).set(set).where(eq(users.id, before.id)).returning();
    return { ok: true, before, after: after! };
  });
}
