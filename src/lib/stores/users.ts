import bcrypt from 'bcryptjs';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { database, type Queryable } from '../db/client';
import { users } from '../db/schema';
import { newId } from '../ids';
import { ConfigError, env } from '../env';
import { USERNAME_PATTERN, passwordProblem, type Role, type User } from '../schemas/user';

export const BCRYPT_COST = 12;

export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

type UserRow = typeof users.$inferSelect;

function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    passwordHash: row.passwordHash,
    role: row.role,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    sessionGeneration: row.sessionGeneration,
    mustChangePassword: row.mustChangePassword,
  };
}

/** A user as its row says, from a Drizzle row (joins in other stores of this area read users too). */
export const userFromRow = toUser;

export async function getUser(username: string): Promise<User | null> {
  const name = normaliseUsername(username);
  if (!USERNAME_PATTERN.test(name)) return null;
  const [row] = await database().select().from(users).where(eq(users.username, name));
  return row ? toUser(row) : null;
}

export async function getUserById(id: string, username: string): Promise<User | null> {
  const [row] = await database()
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.username, normaliseUsername(username))));
  return row ? toUser(row) : null;
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

function checkPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new UserInputError(problem, 'password');
}

function checkUsername(username: string): string {
  const name = normaliseUsername(username);
  if (!USERNAME_PATTERN.test(name)) {
    throw new UserInputError('A username is 2 to 63 characters: letters, digits, dot, dash or underscore', 'username');
  }
  return name;
}

/** The cost-12 bcrypt hash of an acceptable password (UserInputError for one that is not). */
export async function hashPassword(password: string): Promise<string> {
  checkPassword(password);
  return bcrypt.hash(password, BCRYPT_COST);
}

/**
 * The session generation after a change: sessions end (the generation moves on) when the password changes, when
 * asked, when the role changes, and when a deactivated account is reactivated: while deactivated its sessions are
 * refused everything (403 Access Denied, docs/product.md "Roles and access"), and once reactivated they never come
 * back. Written as SQL over the row's current values, so racing changes each end the sessions they meant to end.
 */
function nextGeneration(change: { endSessions?: boolean; role?: Role; isActive?: boolean }) {
  if (change.endSessions) return sql`${users.sessionGeneration} + 1`;
  const ends: SQL[] = [];
  if (change.role !== undefined) ends.push(sql`${users.role} <> ${change.role}`);
  if (change.isActive === true) ends.push(sql`NOT ${users.isActive}`);
  if (!ends.length) return sql`${users.sessionGeneration}`;
  return sql`${users.sessionGeneration} + CASE WHEN ${sql.join(ends, sql` OR `)} THEN 1 ELSE 0 END`;
}

/**
 * Creates a user, or replaces the password and role of an existing one (`npm run admin:create`, also how a
 * forgotten password is reset) and reactivates it: a new password ends the user's existing sessions (the same one
 * again does not).
 */
export async function saveUser(input: {
  username: string;
  password: string;
  role: Role;
  isActive?: boolean;
}): Promise<User> {
  const username = checkUsername(input.username);
  const passwordHash = await hashPassword(input.password);
  const existing = await getUser(username);
  const passwordChanged = existing !== null && !(await bcrypt.compare(input.password, existing.passwordHash));
  const isActive = input.isActive ?? true;
  const [row] = await database()
    .insert(users)
    .values({ id: newId(), username, passwordHash, role: input.role, isActive, createdAt: new Date() })
    .onConflictDoUpdate({
      target: users.username,
      set: {
        passwordHash,
        role: input.role,
        isActive,
        // A password set from the command line is the operator's own choice, not a temporary one.
        mustChangePassword: false,
        sessionGeneration: nextGeneration({ endSessions: passwordChanged, isActive }),
      },
    })
    .returning();
  return toUser(row!);
}

/**
 * Sets a user's password and ends their sessions; null when there is no such user. `mustChangePassword` marks it
 * temporary (an admin's reset): the user must replace it before anything else (src/lib/auth/guard.ts).
 */
export async function setUserPassword(
  username: string,
  password: string,
  options: { mustChangePassword?: boolean } = {},
): Promise<User | null> {
  const passwordHash = await hashPassword(password);
  const [row] = await database()
    .update(users)
    .set({
      passwordHash,
      mustChangePassword: options.mustChangePassword ?? false,
      sessionGeneration: nextGeneration({ endSessions: true }),
    })
    .where(eq(users.username, normaliseUsername(username)))
    .returning();
  return row ? toUser(row) : null;
}

/** Changes a user's role and ends their sessions; null when there is no such user. */
export async function setUserRole(username: string, role: Role): Promise<User | null> {
  const [row] = await database()
    .update(users)
    .set({ role, sessionGeneration: nextGeneration({ role }) })
    .where(eq(users.username, normaliseUsername(username)))
    .returning();
  return row ? toUser(row) : null;
}

/**
 * A new account row, or null when the username is taken (a unique constraint, so racing creators get one each at
 * most). Takes part in a caller's transaction (a lead's account).
 */
export async function insertUser(
  db: Queryable,
  input: { username: string; passwordHash: string; role: Role; mustChangePassword: boolean },
  now = new Date(),
): Promise<User | null> {
  const [row] = await db
    .insert(users)
    .values({ id: newId(now.getTime()), ...input, createdAt: now })
    .onConflictDoNothing({ target: users.username })
    .returning();
  return row ? toUser(row) : null;
}

/**
 * A new account (an admin's "create user"); null when the username is taken. Its password is temporary when
 * `mustChangePassword`.
 */
export async function createUser(input: {
  username: string;
  password: string;
  role: Role;
  mustChangePassword: boolean;
}): Promise<User | null> {
  const username = checkUsername(input.username);
  const passwordHash = await hashPassword(input.password);
  return insertUser(database(), {
    username,
    passwordHash,
    role: input.role,
    mustChangePassword: input.mustChangePassword,
  });
}

/** Every account, by username. */
export async function listUsers(): Promise<User[]> {
  return (await listUsersWithSignIn()).map(({ user }) => user);
}

/** Every account, by username, with when it last signed in (the Users tab). */
export async function listUsersWithSignIn(): Promise<Array<{ user: User; lastSignInAt: string | null }>> {
  const rows = await database().select().from(users).orderBy(asc(users.username));
  return rows.map((row) => ({ user: toUser(row), lastSignInAt: row.lastSignInAt?.toISOString() ?? null }));
}

/** When a user last signed in: one column, overwritten at each sign-in (the last write is the answer). */
export async function recordSignIn(username: string, now = Date.now()): Promise<void> {
  await database()
    .update(users)
    .set({ lastSignInAt: new Date(now) })
    .where(eq(users.username, normaliseUsername(username)));
}

export async function lastSignIn(username: string): Promise<string | null> {
  const [row] = await database()
    .select({ at: users.lastSignInAt })
    .from(users)
    .where(eq(users.username, normaliseUsername(username)));
  return row?.at?.toISOString() ?? null;
}

/**
 * Deactivates a user (every session of theirs is refused from then on, and they cannot sign in) or reactivates
 * one (their sessions from before stay ended); null when there is no such user.
 */
export async function setUserActive(username: string, isActive: boolean): Promise<User | null> {
  const [row] = await database()
    .update(users)
    .set({ isActive, sessionGeneration: nextGeneration({ isActive }) })
    .where(eq(users.username, normaliseUsername(username)))
    .returning();
  return row ? toUser(row) : null;
}

/** Ends every session of a user ("sign out everywhere"); null when there is no such user. */
export async function endUserSessions(username: string): Promise<User | null> {
  const [row] = await database()
    .update(users)
    .set({ sessionGeneration: nextGeneration({ endSessions: true }) })
    .where(eq(users.username, normaliseUsername(username)))
    .returning();
  return row ? toUser(row) : null;
}

export type AccountChangeResult =
  | { ok: true; before: User; after: User; lastSignInAt: string | null }
  | { ok: false; reason: 'not-found' | 'self' | 'last-admin' };

/**
 * Changes the role and/or activation of an account (an admin's Users tab). A change that would leave the account
 * no longer an active admin is refused when `actorId` is the account itself ('self') or when no other active admin
 * would remain ('last-admin'). Such changes run in a transaction that first locks every active admin's row, in id
 * order: two admins demoting each other at the same moment take their turns, and the second sees the first's
 * change (the row it waited for is then no admin) and is refused, so an active admin always remains.
 */
export async function changeAccount(
  username: string,
  change: { role?: Role | undefined; isActive?: boolean | undefined },
  actorId: string,
): Promise<AccountChangeResult> {
  const name = normaliseUsername(username);
  const mayRemoveAdmin = change.role === 'investor' || change.isActive === false;
  return database().transaction(async (tx) => {
    const admins = mayRemoveAdmin
      ? await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
          .orderBy(asc(users.id))
          .for('update')
      : [];
    const [row] = await tx.select().from(users).where(eq(users.username, name)).for('update');
    if (!row) return { ok: false, reason: 'not-found' };
    const before = toUser(row);
    const role = change.role ?? before.role;
    const isActive = change.isActive ?? before.isActive;
    const removesAdmin = before.role === 'admin' && before.isActive && !(role === 'admin' && isActive);
    if (removesAdmin && before.id === actorId) return { ok: false, reason: 'self' };
    if (removesAdmin && !admins.some((admin) => admin.id !== before.id)) return { ok: false, reason: 'last-admin' };
    const [updated] = await tx
      .update(users)
      .set({ role, isActive, sessionGeneration: nextGeneration({ role, isActive }) })
      .where(eq(users.id, before.id))
      .returning();
    return { ok: true, before, after: toUser(updated!), lastSignInAt: updated!.lastSignInAt?.toISOString() ?? null };
  });
}

/**
 * The first admin comes from ADMIN_USERNAME / ADMIN_PASSWORD: created when someone signs in with that username and
 * no such user exists yet. Written only if new (ON CONFLICT DO NOTHING), so a user changed later (npm run
 * admin:create) is never overwritten from the environment.
 */
export async function bootstrapAdmin(username: string): Promise<User | null> {
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
  const created = await insertUser(database(), {
    username: normaliseUsername(ADMIN_USERNAME),
    passwordHash: await bcrypt.hash(ADMIN_PASSWORD, BCRYPT_COST),
    role: 'admin',
    mustChangePassword: false,
  });
  return created ?? getUser(ADMIN_USERNAME);
}
