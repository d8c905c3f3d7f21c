import bcrypt from 'bcryptjs';
import { dataStore } from '../blobs';
import { env } from '../env';
import { newId } from '../ids';
import { USERNAME_PATTERN, userSchema, type Role, type User } from '../schemas/user';

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

/** Creates a user, or replaces the password and role of an existing one. */
export async function saveUser(input: {
  username: string;
  password: string;
  role: Role;
  isActive?: boolean;
}): Promise<User> {
  const username = normaliseUsername(input.username);
  if (!USERNAME_PATTERN.test(username)) {
    throw new Error('A username is 2 to 63 characters: letters, digits, dot, dash or underscore');
  }
  if (input.password.length < 12) throw new Error('A password must be at least 12 characters');
  const existing = await getUser(username);
  const user: User = {
    id: existing?.id ?? newId(),
    username,
    passwordHash: await bcrypt.hash(input.password, BCRYPT_COST),
    role: input.role,
    isActive: input.isActive ?? true,
    createdAt: existing?.createdAt ?? new Date().toISOString(),
  };
  await dataStore('users').setJSON(userKey(username), user);
  return user;
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
  const user: User = {
    id: newId(),
    username: normaliseUsername(ADMIN_USERNAME),
    passwordHash: await bcrypt.hash(ADMIN_PASSWORD, BCRYPT_COST),
    role: 'admin',
    isActive: true,
    createdAt: new Date().toISOString(),
  };
  await dataStore('users').setJSON(userKey(user.username), user, { onlyIfNew: true });
  return getUser(user.username);
}
