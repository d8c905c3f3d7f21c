import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { Conflict, InvalidInput, LimitReached, notFound } from '../../platform/errors';
import { normaliseUsername, passwordProblem, USERNAME_PATTERN, type Role, type User } from './schema';
import { recordAudit } from '../audit/store';
import { changeAccount, createUser, listUsers, setUserPassword, type StoredUser } from './users-store';
import { beginPasswordCheck } from './login-throttle';
import { leadAccountEmails } from './invitations-store';

/** What the Users tab shows of an account: never its hash. */
export interface Account {
  id: string;
  username: string;
  role: Role;
  isActive: boolean;
  mustChangePassword: boolean;
  createdAt: string;
  lastSignInAt: string | null;
  /** An investor account made from a request for access: that request's address (null: none, or it was erased). */
  leadEmail: string | null;
}

export const SELF_CHANGE_REFUSED = 'You cannot deactivate or demote your own account';
export const LAST_ADMIN_REFUSED = 'The last active admin cannot be deactivated or demoted';
export const USERNAME_TAKEN = 'A user with this username already exists';
export const WRONG_CURRENT_PASSWORD = 'The current password is not correct';
export const SAME_PASSWORD = 'The new password must be different from the current one';

function account(user: StoredUser, leadEmail: string | null = null): Account {
  const { id, username, role, isActive, mustChangePassword, createdAt, lastSignInAt } = user;
  return { id, username, role, isActive, mustChangePassword, createdAt, lastSignInAt, leadEmail };
}

/** A temporary password: 16 characters of base64url (96 random bits), shown once to the admin who made it. */
function temporaryPassword(): string {
  return randomBytes(12).toString('base64url');
}

function actorOf(user: User) {
  return { actor: user.username, actorRole: user.role };
}

/** A username from the path, checked before it reaches a store. */
export function pathUsername(value: string | undefined): string {
  const name = normaliseUsername(value ?? '');
  if (!USERNAME_PATTERN.test(name)) throw new InvalidInput('Invalid username', 'username');
  return name;
}

/** Every account, by username, each with the address of the request for access it was made from (if any). */
export async function listAccounts(): Promise<Account[]> {
  const [users, emails] = await Promise.all([listUsers(), leadAccountEmails()]);
  return users.map((user) => account(user, emails.get(user.id) ?? null));
}

/** Creates an account with a temporary password that must be changed at first sign-in. */
export async function createAccount(
  actor: User,
  input: { username: string; role: Role },
): Promise<{ account: Account; temporaryPassword: string }> {
  const password = temporaryPassword();
  const user = await createUser({ ...input, password, mustChangePassword: true });
  if (!user) throw new Conflict(USERNAME_TAKEN, 'username');
  await recordAudit({ ...actorOf(actor), action: 'user.create', target: user.username, detail: user.role });
  return { account: account(user), temporaryPassword: password };
}

/** A new temporary password for an account; its sessions end and it must change the password at next sign-in. */
export async function resetAccountPassword(
  actor: User,
  username: string,
): Promise<{ account: Account; temporaryPassword: string }> {
  const password = temporaryPassword();
  const user = await setUserPassword(username, password, { mustChangePassword: true });
  if (!user) throw notFound('User');
  await recordAudit({ ...actorOf(actor), action: 'user.reset-password', target: user.username });
  return { account: account(user), temporaryPassword: password };
}

/**
 * Deactivates, reactivates or changes the role of an account. An admin cannot deactivate or demote themself, nor
 * the last active admin: the store checks both in the transaction that makes the change, with every active admin's
 * row locked, so two admins demoting each other at the same moment cannot both succeed.
 */
export async function updateAccount(
  actor: User,
  username: string,
  change: { role?: Role | undefined; isActive?: boolean | undefined },
): Promise<Account> {
  const result = await changeAccount(username, change, actor.id);
  if (!result.ok) {
    if (result.reason === 'not-found') throw notFound('User');
    throw new Conflict(result.reason === 'self' ? SELF_CHANGE_REFUSED : LAST_ADMIN_REFUSED);
  }
  const { before, after } = result;
  if (after.role !== before.role) {
    await recordAudit({ ...actorOf(actor), action: 'user.role', target: after.username, detail: after.role });
  }
  if (after.isActive !== before.isActive) {
    const action = after.isActive ? 'user.reactivate' : 'user.deactivate';
    await recordAudit({ ...actorOf(actor), action, target: after.username });
  }
  return account(after);
}

/**
 * A signed-in user replaces their own password (a temporary one included); every other session of theirs ends. The
 * current password's check is counted before bcrypt runs (beginPasswordCheck): 5 wrong ones lock it for 15 minutes.
 */
export async function changeOwnPassword(user: User, currentPassword: string, newPassword: string): Promise<User> {
  const check = await beginPasswordCheck(user.id);
  if (!check.allowed) {
    const minutes = Math.max(1, Math.ceil(check.retryAfterSeconds / 60));
    throw new LimitReached(
      `Too many wrong passwords. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      check.retryAfterSeconds,
    );
  }
  if (!(await bcrypt.compare(currentPassword, user.passwordHash))) {
    throw new InvalidInput(WRONG_CURRENT_PASSWORD, 'currentPassword');
  }
  // The right password: a refused new one (too short, the same) is not a guess.
  await check.succeeded();
  const problem = passwordProblem(newPassword);
  if (problem) throw new InvalidInput(problem, 'newPassword');
  if (currentPassword === newPassword) throw new InvalidInput(SAME_PASSWORD, 'newPassword');
  const updated = await setUserPassword(user.username, newPassword, { mustChangePassword: false });
  if (!updated) throw notFound('User');
  await recordAudit({ ...actorOf(user), action: 'password.change', target: user.username });
  return updated;
}
