import { and, eq, lt, lte, or } from 'drizzle-orm';
import { database } from '../db/client';
import { sessions, users } from '../db/schema';
import type { Session, User } from '../schemas/user';
import { userFromRow } from './users';

/**
 * Signed-in sessions, one row each, so that logout can end one (the cookie's token names it). The row is written
 * at sign-in; a use moves its `last_used_at` on with an UPDATE, which can never bring back a session that logout
 * deleted meanwhile.
 */
export async function saveSession(sessionId: string, session: Session): Promise<void> {
  const createdAt = new Date(session.createdAt);
  await database()
    .insert(sessions)
    .values({
      id: sessionId,
      userId: session.userId,
      generation: session.generation,
      createdAt,
      expiresAt: new Date(session.expiresAt),
      lastUsedAt: createdAt,
    });
}

type SessionRow = typeof sessions.$inferSelect;

function toSession(row: SessionRow, username: string): Session {
  return {
    userId: row.userId,
    username,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    generation: row.generation,
  };
}

/** The stored session, or null when there is none (ended). */
export async function getSession(sessionId: string): Promise<Session | null> {
  return (await getSessionAndUser(sessionId))?.session ?? null;
}

/**
 * A session, when it was last used (ms since the epoch) and its account as it is now, in one query; null when
 * there is no such session.
 */
export async function getSessionAndUser(
  sessionId: string,
): Promise<{ session: Session; lastUsedAt: number; user: User } | null> {
  const [row] = await database()
    .select()
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId));
  if (!row) return null;
  return {
    session: toSession(row.sessions, row.users.username),
    lastUsedAt: row.sessions.lastUsedAt.getTime(),
    user: userFromRow(row.users),
  };
}

/** Records a use of the session (never moving its last use back); a deleted session stays deleted. */
export async function recordSessionActivity(sessionId: string, at: number): Promise<void> {
  const when = new Date(at);
  await database()
    .update(sessions)
    .set({ lastUsedAt: when })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastUsedAt, when)));
}

export async function deleteSession(sessionId: string): Promise<void> {
  await database().delete(sessions).where(eq(sessions.id, sessionId));
}

/**
 * Deletes every session that can no longer be used, in one statement: started `maxAgeMs` or more ago, or unused
 * for `idleMs`. Answers how many were deleted.
 */
export async function deleteEndedSessions(now: number, maxAgeMs: number, idleMs: number): Promise<number> {
  const { rowCount } = await database()
    .delete(sessions)
    .where(or(lte(sessions.createdAt, new Date(now - maxAgeMs)), lte(sessions.lastUsedAt, new Date(now - idleMs))));
  return rowCount ?? 0;
}
