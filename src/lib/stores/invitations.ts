import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Language } from '../../i18n/languages';
import { database } from '../db/client';
import { invitations, leadAccounts, users } from '../db/schema';
import type { Role, User } from '../schemas/user';
import { insertUser, userFromRow } from './users';

/**
 * Invitation links (src/lib/auth/invitations.ts): a row per link, keyed by the SHA-256 of its token (the token
 * itself is never stored, so a reader of the table cannot use a link); `used_at` is its one use. And the account
 * made from a request for investor access: one per contact message (`lead_accounts`).
 */
export interface Invitation {
  userId: string;
  username: string;
  language: Language;
  /** The account's sessionGeneration when invited: a password set another way since makes the link void. */
  generation: number;
  createdAt: string;
  expiresAt: string;
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function saveInvitation(token: string, invitation: Omit<Invitation, 'username'>): Promise<void> {
  await database()
    .insert(invitations)
    .values({
      tokenHash: tokenHash(token),
      userId: invitation.userId,
      language: invitation.language,
      generation: invitation.generation,
      createdAt: new Date(invitation.createdAt),
      expiresAt: new Date(invitation.expiresAt),
    });
}

/** A link (whether it was used), and its account as it is now, in one query; null for one never made. */
export async function getInvitation(token: string): Promise<(Invitation & { used: boolean; user: User }) | null> {
  const [row] = await database()
    .select({ invitation: invitations, user: users })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .where(eq(invitations.tokenHash, tokenHash(token)));
  if (!row) return null;
  const { invitation } = row;
  return {
    userId: invitation.userId,
    username: row.user.username,
    language: invitation.language,
    generation: invitation.generation,
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
    used: invitation.usedAt !== null,
    user: userFromRow(row.user),
  };
}

/**
 * Uses a link, once: in one statement its `used_at` is set if it is unused and unexpired, and the account's password
 * with it (the sessions end), if the account is still active and has had no password set another way since the
 * invitation. Of any number of racing requests exactly one gets the account; the others (and a link that was used,
 * expired or void) get null.
 */
export async function acceptInvitationPassword(token: string, passwordHash: string, now: Date): Promise<User | null> {
  const claimed = database()
    .$with('claimed')
    .as(
      database()
        .update(invitations)
        .set({ usedAt: now })
        .where(
          and(eq(invitations.tokenHash, tokenHash(token)), isNull(invitations.usedAt), gt(invitations.expiresAt, now)),
        )
        .returning({ userId: invitations.userId, generation: invitations.generation }),
    );
  const [row] = await database()
    .with(claimed)
    .update(users)
    .set({ passwordHash, mustChangePassword: false, sessionGeneration: sql`${users.sessionGeneration} + 1` })
    .from(claimed)
    .where(and(eq(users.id, claimed.userId), eq(users.sessionGeneration, claimed.generation), eq(users.isActive, true)))
    .returning();
  return row ? userFromRow(row) : null;
}

/** The account made from a lead, if any. */
export async function leadAccount(messageId: string): Promise<string | null> {
  const [row] = await database()
    .select({ username: users.username })
    .from(leadAccounts)
    .innerJoin(users, eq(users.id, leadAccounts.userId))
    .where(eq(leadAccounts.messageId, messageId));
  return row?.username ?? null;
}

/**
 * Makes the account of a lead, in one transaction: the first free username of `usernames` (a unique constraint
 * decides between racing creators), and the lead's row naming it (its primary key: one account per lead, however
 * many admins press the button at once). 'exists' when the lead has its account already (nothing is written),
 * 'no-username' when every username is taken.
 */
export async function createLeadAccount(
  messageId: string,
  usernames: readonly string[],
  account: { passwordHash: string; role: Role },
  now = new Date(),
): Promise<User | 'exists' | 'no-username'> {
  class Taken extends Error {}
  try {
    return await database().transaction(async (tx) => {
      let user: User | null = null;
      for (const username of usernames) {
        user = await insertUser(tx, { username, ...account, mustChangePassword: false }, now);
        if (user) break;
      }
      if (!user) return 'no-username';
      const [claimed] = await tx
        .insert(leadAccounts)
        .values({ messageId, userId: user.id, createdAt: now })
        .onConflictDoNothing()
        .returning();
      // Another admin's account for this lead was committed first: this one is undone.
      if (!claimed) throw new Taken();
      return user;
    });
  } catch (error) {
    if (error instanceof Taken) return 'exists';
    throw error;
  }
}
