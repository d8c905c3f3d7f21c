import bcrypt from 'bcryptjs';
import { ConfigError, env } from '../../platform/env';
import { InvalidInput, LimitReached, Unauthorized } from '../../platform/errors';
import { MAX_PASSWORD_BYTES, normaliseUsername, passwordProblem, type User } from './schema';
import { createUser, getUser, hashPassword, type StoredUser } from './users-store';
import { dummyHash } from './bcrypt-cost';
import { beginLoginAttempt, USERNAME_DELAY } from './login-throttle';

export const EMPTY_CREDENTIALS = 'Please enter both username and password';
export const INVALID_CREDENTIALS = 'Invalid credentials';

/**
 * The first admin, from ADMIN_USERNAME / ADMIN_PASSWORD: created when someone signs in with that username and no
 * such user exists yet, and only then (ON CONFLICT DO NOTHING): a user changed later is never overwritten.
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

/** Checks a sign-in; answers the user, or throws the DomainError the visitor sees. */
export async function authenticate(username: string, password: string, ip: string): Promise<User> {
  if (!username.trim() || !password) throw new InvalidInput(EMPTY_CREDENTIALS);
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES)
    throw new InvalidInput('Password is too long', 'password');

  const attempt = await beginLoginAttempt(username, ip);
  if (!attempt.allowed) {
    const minutes = Math.max(1, Math.ceil(attempt.retryAfterSeconds / 60));
    throw new LimitReached(
      `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      attempt.retryAfterSeconds,
    );
  }

  // A username under attack from many IPs is slowed, never locked: after the wait a good password still works.
  if (attempt.delayMs > 0) await USERNAME_DELAY.wait(attempt.delayMs);

  const user = (await getUser(username)) ?? (await bootstrapAdmin(username));
  const matches = await bcrypt.compare(password, user?.passwordHash ?? dummyHash());
  if (!user || !matches || !user.isActive) throw new Unauthorized(INVALID_CREDENTIALS);
  await attempt.succeeded();
  return user;
}
