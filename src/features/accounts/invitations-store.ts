import { and, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import { database } from '../../platform/db/client';
import { tokenHash } from '../../platform/ids';
import { invitations, leadAccounts, users } from './tables';
import { contactMessages } from '../leads/tables';
import type { Role } from './schema';
import { createUser, type StoredUser } from './users-store';

// Only a link's SHA-256 is stored (`tokenHash`), never its token: a reader of the table cannot use a link.

export async function saveInvitation(token: string, invitation: Omit<typeof invitations.$inferInsert, 'tokenHash'>) {
  const row = { ...invitation, tokenHash: tokenHash(token) };
  await database().insert(invitations).values(row);
}

/** A link (`usedAt` says whether it was used) and its account as it is now, in one query; null for one never made. */
export async function getInvitation(token: string) {
  const [row] = await database()
    .select({ ...getTableColumns(invitations), user: users })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .where(eq(invitations.tokenHash, tokenHash(token)));
  return row ?? null;
}

/** Uses a link and sets its account's password, in one statement: of any number of racing requests exactly one wins. */
export async function acceptInvitationPassword(token: string, passwordHash: string, now: Date) {
  const at = now.toISOString();
  const { userId, generation, usedAt, expiresAt } = invitations;
  const usable = and(eq(invitations.tokenHash, tokenHash(token)), isNull(usedAt), gt(expiresAt, at));
  const claimed = database()
    .$with('claimed')
    .as(database().update(invitations).set({ usedAt: at }).where(usable).returning({ userId, generation }));
  const [row] = await database()
    .with(claimed)
    .update(users)
    .set({ passwordHash, mustChangePassword: false, sessionGeneration: sql`${users.sessionGeneration} + 1` })
    .from(claimed)
    .where(and(eq(users.id, claimed.userId), eq(users.sessionGeneration, claimed.generation), eq(users.isActive, true)))
    .returning();
  return row ?? null;
}

export async function leadAccount(messageId: string): Promise<string | null> {
  const [row] = await database()
    .select({ username: users.username })
    .from(leadAccounts)
    .innerJoin(users, eq(users.id, leadAccounts.userId))
    .where(eq(leadAccounts.messageId, messageId));
  return row?.username ?? null;
}

/**
 * The address of the request for access each account was made from, by account id: the Users tab links the account
 * to the person's contact view. A lead since deleted (an erasure) names none. One statement.
 */
export async function leadAccountEmails(): Promise<Map<string, string>> {
  const rows = await database()
    .select({ userId: leadAccounts.userId, email: contactMessages.email })
    .from(leadAccounts)
    .innerJoin(contactMessages, eq(contactMessages.id, leadAccounts.messageId));
  return new Map(rows.map((row) => [row.userId, row.email]));
}

/** A lead's account and the lead's row naming it (its primary key: one account per lead, however many admins race). */
export async function createLeadAccount(
  messageId: string,
  usernames: readonly string[],
  account: { passwordHash: string; role: Role },
  now = new Date(),
): Promise<StoredUser | 'exists' | 'no-username'> {
  class Taken extends Error {}
  const made = database().transaction(async (tx) => {
    let user: StoredUser | null = null;
    for (const username of usernames) {
      user = await createUser({ username, ...account, mustChangePassword: false }, tx, now);
      if (user) break;
    }
    if (!user) return 'no-username';
    const lead = { messageId, userId: user.id, createdAt: now };
    // Another admin's account for this lead was committed first: this one is undone.
    if (!(await tx.insert(leadAccounts).values(lead).onConflictDoNothing().returning()).length) throw new Taken();
    return user;
  });
  return made.catch((error: unknown) => {
    if (error instanceof Taken) return 'exists' as const;
    throw error;
  });
}
