import bcrypt from 'bcryptjs';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { database, type Queryable } from '../db/client';
import { users } from '../db/schema';
import { newId } from '../ids';
import { ConfigError, env } from '../env';
import { USERNAME_PATTERN, passwordProblem, type Role, type User } from '../schemas/user';

/** An account as its row says: the user, and when it last signed in (the Users tab shows it). */
export type StoredUser = typeof users.$inferSelect;

export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

export async function getUser(username: string): Promise<StoredUser | null> {
  const name = normaliseUsername(username);
  if (!USERNAME_PATTERN.test(name)) return null;
  const [row] = await database().select().from(users).where(eq(users.username, name));
  return row ?? null;
}

/** A new user or password the store refuses; `field` names the input at fault. */
export class UserInputError extends Error {
  override name = 'UserInputError';
  constructor(
    message: string,
    readonly field: 'username' | 'password',
  ) {
    super(message);
  }
}

function checkUsername(username: string): string {
  const name = normaliseUsername(username);
  if (USERNAME_PATTERN.test(name)) return name;
  throw new UserInputError('A username is 2 to 63 characters: letters, digits, dot, dash or underscore', 'username');
}

/** The cost-12 bcrypt hash of an acceptable password (UserInputError for one that is not). */
export async function hashPassword(password: string): Promise<string> {
  const problem = passwordProblem(password);
  if (problem) throw new UserInputError(problem, 'password');
  return bcrypt.hash(password, 12);
}

/**
 * The session generation after a change: sessions end with a new password or when asked, when the role changes and
 * when a deactivated account is reactivated (its sessions never come back). SQL over the row's current values, so
 * racing changes each end the sessions they meant to end.
 */
function nextGeneration(change: { endSessions?: boolean; role?: Role; isActive?: boolean }): SQL {
  if (change.endSessions) return sql`${users.sessionGeneration} + 1`;
  const ends: SQL[] = [];
  if (change.role !== undefined) ends.push(sql`${users.role} <> ${change.role}`);
  if (change.isActive === true) ends.push(sql`NOT ${users.isActive}`);
  if (!ends.length) return sql`${users.sessionGeneration}`;
  return sql`${users.sessionGeneration} + CASE WHEN ${sql.join(ends, sql` OR `)} THEN 1 ELSE 0 END`;
}

/**
 * Creates a user, or replaces the password and role of an existing one and reactivates it (`npm run admin:create`,
 * also how a forgotten password is reset): a new password ends the user's sessions (the same one again does not).
 * A password set from the command line is the operator's own choice, never a temporary one.
 */
export async function saveUser(input: { username: string; password: string; role: Role; isActive?: boolean }) {
  const username = checkUsername(input.username);
  const set = { passwordHash: await hashPassword(input.password), role: input.role, isActive: input.isActive ?? true };
  const existing = await getUser(username);
  const endSessions = existing !== null && !(await bcrypt.compare(input.password, existing.passwordHash));
  const [row] = await database()
    .insert(users)
    .values({ id: newId(), username, createdAt: new Date().toISOString(), ...set })
    .onConflictDoUpdate({
      target: users.username,
      set: {
        ...set,
        mustChangePassword: false,
        sessionGeneration: nextGeneration({ endSessions, isActive: set.isActive }),
      },
    })
    .returning();
  return row!;
}

/** Changes a user's row in one statement; null when there is no such user. */
async function updateUser(username: string, set: PgUpdateSetSource<typeof users>): Promise<StoredUser | null> {
  const [row] = await database()
    .update(users)
    .set(set)
    .where(eq(users.username, normaliseUsername(username)))
    .returning();
  return row ?? null;
}

/** Sets a user's password (temporary when `mustChangePassword`: an admin's reset) and ends their sessions. */
export async function setUserPassword(username: string, password: string, { mustChangePassword = false } = {}) {
  const passwordHash = await hashPassword(password);
  return updateUser(username, {
    passwordHash,
    mustChangePassword,
    sessionGeneration: nextGeneration({ endSessions: true }),
  });
}

/** Deactivates a user (their sessions are refused everything) or reactivates one (their sessions stay ended). */
export function setUserActive(username: string, isActive: boolean) {
  return updateUser(username, { isActive, sessionGeneration: nextGeneration({ isActive }) });
}

/** Ends every session of a user ("sign out everywhere"). */
export function endUserSessions(username: string) {
  return updateUser(username, { sessionGeneration: nextGeneration({ endSessions: true }) });
}

/** When a user last signed in: one column, overwritten at each sign-in (the last write is the answer). */
export async function recordSignIn(username: string, now = Date.now()): Promise<void> {
  await updateUser(username, { lastSignInAt: new Date(now).toISOString() });
}

/**
 * A new account, or null when the username is taken (a unique constraint: racing creators get one each at most):
 * an admin's "create user" (a password, checked), or in a caller's transaction a lead's account (a hash).
 */
export async function createUser(
  input: { username: string; role: Role; mustChangePassword: boolean } & (
    { password: string } | { passwordHash: string }
  ),
  db: Queryable = database(),
  now = new Date(),
): Promise<StoredUser | null> {
  const { role, mustChangePassword } = input;
  const passwordHash = 'password' in input ? await hashPassword(input.password) : input.passwordHash;
  const username = 'password' in input ? checkUsername(input.username) : input.username;
  const [row] = await db
    .insert(users)
    .values({
      id: newId(now.getTime()),
      username,
      passwordHash,
      role,
      mustChangePassword,
      createdAt: now.toISOString(),
    })
    .onConflictDoNothing({ target: users.username })
    .returning();
  return row ?? null;
}

export async function listUsers(): Promise<StoredUser[]> {
  return database().select().from(users).orderBy(asc(users.username));
}

/**
 * Changes the role and/or activation of an account, refusing to leave it no longer an active admin when `actorId`
 * is the account itself ('self') or when no other active admin would remain ('last-admin'). Every active admin's row
 * is locked first, in id order: two admins demoting each other take turns, and the second, seeing the first's change,
 * is refused, so an active admin always remains.
 */
export async function changeAccount(
  username: string,
  change: { role?: Role | undefined; isActive?: boolean | undefined },
  actorId: string,
): Promise<{ ok: true; before: User; after: StoredUser } | { ok: false; reason: 'not-found' | 'self' | 'last-admin' }> {
  const mayRemoveAdmin = change.role === 'investor' || change.isActive === false;
  const activeAdmins = and(eq(users.role, 'admin'), eq(users.isActive, true));
  return database().transaction(async (tx) => {
    const admins = mayRemoveAdmin
      ? await tx.select().from(users).where(activeAdmins).orderBy(users.id).for('update')
      : [];
    const [before] = await tx
      .select()
      .from(users)
      .where(eq(users.username, normaliseUsername(username)))
      .for('update');
    if (!before) return { ok: false, reason: 'not-found' };
    const { role = before.role, isActive = before.isActive } = change;
    const removesAdmin = before.role === 'admin' && before.isActive && !(role === 'admin' && isActive);
    if (removesAdmin && before.id === actorId) return { ok: false, reason: 'self' };
    if (removesAdmin && !admins.some((admin) => admin.id !== before.id)) return { ok: false, reason: 'last-admin' };
    const [after] = await tx
      .update(users)
      .set({ role, isActive, sessionGeneration: nextGeneration({ role, isActive }) })
      .where(eq(users.id, before.id))
      .returning();
    return { ok: true, before, after: after! };
  });
}

/**
 * The first admin, from ADMIN_USERNAME / ADMIN_PASSWORD: created when someone signs in with that username and no
 * such user exists yet; only if new (ON CONFLICT DO NOTHING), so a user changed later is never overwritten.
 */
export async function bootstrapAdmin(username: string): Promise<StoredUser | null> {
  const { ADMIN_USERNAME, ADMIN_PASSWORD } = env();
  if (!ADMIN_USERNAME || !ADMIN_PASSWORD) return null;
  if (normaliseUsername(username) !== normaliseUsername(ADMIN_USERNAME)) return null;
  // Refused loudly (a 500 and this line in the function log), never created with a weak password.
  const problem = passwordProblem(ADMIN_PASSWORD);
  if (problem) {
    throw new ConfigError(
      `ADMIN_PASSWORD is refused: ${problem}. Set a longer one in the site's environment variables ` +
        '(Functions scope) and redeploy; the first admin is not created until then.',
    );
  }
  const admin = { username: normaliseUsername(ADMIN_USERNAME), role: 'admin' as const, mustChangePassword: false };
  return (await createUser({ ...admin, passwordHash: await hashPassword(ADMIN_PASSWORD) })) ?? getUser(ADMIN_USERNAME);
}
