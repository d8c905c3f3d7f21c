import bcrypt from 'bcryptjs';
import { dataStore } from '../blobs';
import { z } from 'zod';
import { newId } from '../ids';
import { listKeys } from './list-keys';
import { ConfigError, env } from '../env';
import { USERNAME_PATTERN, passwordProblem, userSchema, type Role, type User } from '../schemas/user';

export const BCRYPT_COST = 12;

function userKey(username: string): string {
  return `users/${username.trim().toLowerCase()}`;
}

export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

export async function getUser(username: string): Promise<User | null> {
  const name = normaliseUsername(username);
  if (!USERNAME_PATTERN.test(name)) return null;
  const raw: unknown = await dataStore('users').get(userKey(name), { type: 'json' });
  if (raw === null) return null;
  const parsed = userSchema.safeParse(raw);
  if (!parsed.success) {
    console.error('Malformed user record', name);
    return null;
  }
  return parsed.data;
}

export async function getUserById(id: string, username: string): Promise<User | null> {
  const user = await getUser(username);
  return user?.id === id ? user : null;
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

async function writeUser(user: User): Promise<User> {
  await dataStore('users').setJSON(userKey(user.username), user);
  return user;
}

/**
 * The record after a change. Sessions end (the generation moves on) when the password changes, when asked, and
 * when a deactivated account is reactivated: while deactivated its sessions are refused everything (403 Access
 * Denied, docs/product.md "Roles and access"), and once reactivated they never come back. Racing changes on the
 * local Blobs server may overwrite each other (docs/architecture.md, "Local Blobs quirks"), but each writes a
 * generation above the one they read, so the sessions they meant to end are ended whichever write wins.
 */
function changed(
  user: User,
  change: {
    passwordHash?: string;
    passwordChanged?: boolean;
    isActive?: boolean;
    endSessions?: boolean;
    mustChangePassword?: boolean;
    role?: Role;
  },
): User {
  const reactivated = change.isActive === true && !user.isActive;
  const endsSessions = change.endSessions === true || change.passwordChanged === true || reactivated;
  return {
    ...user,
    passwordHash: change.passwordHash ?? user.passwordHash,
    isActive: change.isActive ?? user.isActive,
    role: change.role ?? user.role,
    mustChangePassword: change.mustChangePassword ?? user.mustChangePassword,
    sessionGeneration: user.sessionGeneration + (endsSessions ? 1 : 0),
  };
}

/**
 * Creates a user, or replaces the password and role of an existing one (`npm run admin:create`, also how a
 * forgotten password is reset): a new password ends the user's existing sessions (the same one again does not).
 */
export async function saveUser(input: {
  username: string;
  password: string;
  role: Role;
  isActive?: boolean;
}): Promise<User> {
  const username = normaliseUsername(input.username);
  if (!USERNAME_PATTERN.test(username)) {
    throw new UserInputError('A username is 2 to 63 characters: letters, digits, dot, dash or underscore', 'username');
  }
  checkPassword(input.password);
  const passwordHash = await bcrypt.hash(input.password, BCRYPT_COST);
  const existing = await getUser(username);
  if (existing) {
    const passwordChanged = !(await bcrypt.compare(input.password, existing.passwordHash));
    return writeUser({
      ...changed(existing, { passwordHash, passwordChanged, isActive: input.isActive ?? true }),
      role: input.role,
      // A password set from the command line is the operator's own choice, not a temporary one.
      mustChangePassword: false,
    });
  }
  return writeUser({
    id: newId(),
    username,
    passwordHash,
    role: input.role,
    isActive: input.isActive ?? true,
    createdAt: new Date().toISOString(),
    sessionGeneration: 0,
    mustChangePassword: false,
  });
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
  checkPassword(password);
  const passwordHash = await bcrypt.hash(password, BCRYPT_COST);
  const user = await getUser(username);
  const mustChangePassword = options.mustChangePassword ?? false;
  return user ? writeUser(changed(user, { passwordHash, passwordChanged: true, mustChangePassword })) : null;
}

/** Changes a user's role and ends their sessions; null when there is no such user. */
export async function setUserRole(username: string, role: Role): Promise<User | null> {
  const user = await getUser(username);
  if (!user) return null;
  if (user.role === role) return user;
  return writeUser(changed(user, { role, endSessions: true }));
}

/**
 * Puts back a user's role and activation after a change that broke a rule (the last active admin), keeping the
 * sessions that change ended ended: the generation never goes back.
 */
export async function restoreUser(before: User): Promise<User | null> {
  const now = await getUser(before.username);
  if (!now) return null;
  return writeUser({
    ...now,
    role: before.role,
    isActive: before.isActive,
    sessionGeneration: Math.max(now.sessionGeneration, before.sessionGeneration) + 1,
  });
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
  const username = normaliseUsername(input.username);
  if (!USERNAME_PATTERN.test(username)) {
    throw new UserInputError('A username is 2 to 63 characters: letters, digits, dot, dash or underscore', 'username');
  }
  checkPassword(input.password);
  if (await getUser(username)) return null;
  const user: User = {
    id: newId(),
    username,
    passwordHash: await bcrypt.hash(input.password, BCRYPT_COST),
    role: input.role,
    isActive: true,
    createdAt: new Date().toISOString(),
    sessionGeneration: 0,
    mustChangePassword: input.mustChangePassword,
  };
  const { modified } = await dataStore('users').setJSON(userKey(username), user, { onlyIfNew: true });
  return modified ? user : null;
}

/** Every account, by username. */
export async function listUsers(): Promise<User[]> {
  const keys = await listKeys(dataStore('users'), 'users/');
  const users = await Promise.all(keys.map((key) => getUser(key.slice('users/'.length))));
  return users.filter((user): user is User => user !== null);
}

const lastSignInSchema = z.object({ at: z.string() });

/**
 * When a user last signed in: one key per user, overwritten at each sign-in (the last write is the answer, so racing
 * sign-ins need no more), apart from the user record so a sign-in never rewrites the account.
 */
export async function recordSignIn(username: string, now = Date.now()): Promise<void> {
  await dataStore('users').setJSON(`last-sign-in/${normaliseUsername(username)}`, { at: new Date(now).toISOString() });
}

export async function lastSignIn(username: string): Promise<string | null> {
  const raw: unknown = await dataStore('users').get(`last-sign-in/${normaliseUsername(username)}`, { type: 'json' });
  const parsed = lastSignInSchema.safeParse(raw);
  return parsed.success ? parsed.data.at : null;
}

/**
 * Deactivates a user (every session of theirs is refused from then on, and they cannot sign in) or reactivates
 * one (their sessions from before stay ended); null when there is no such user.
 */
export async function setUserActive(username: string, isActive: boolean): Promise<User | null> {
  const user = await getUser(username);
  if (!user) return null;
  if (user.isActive === isActive) return user;
  return writeUser(changed(user, { isActive }));
}

/** Ends every session of a user ("sign out everywhere"); null when there is no such user. */
export async function endUserSessions(username: string): Promise<User | null> {
  const user = await getUser(username);
  return user ? writeUser(changed(user, { endSessions: true })) : null;
}

/**
 * The first admin comes from ADMIN_USERNAME / ADMIN_PASSWORD: created when
 * someone signs in with that username and no such user exists yet. Written
 * with onlyIfNew, so a user changed later (npm run admin:create) is never
 * overwritten from the environment.
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
  const user: User = {
    id: newId(),
    username: normaliseUsername(ADMIN_USERNAME),
    passwordHash: await bcrypt.hash(ADMIN_PASSWORD, BCRYPT_COST),
    role: 'admin',
    isActive: true,
    createdAt: new Date().toISOString(),
    sessionGeneration: 0,
    mustChangePassword: false,
  };
  await dataStore('users').setJSON(userKey(user.username), user, { onlyIfNew: true });
  return getUser(user.username);
}
