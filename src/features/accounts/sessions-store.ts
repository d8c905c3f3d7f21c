import { and, eq, lt, lte, or } from 'drizzle-orm';
import { database } from '../../platform/db/client';
import { sessions, users } from './tables';
import type { Session } from './schema';

/** The longest a session lasts, however active. */
export const SESSION_TTL_SECONDS = 8 * 60 * 60;
/** A session unused this long is over. */
export const SESSION_IDLE_SECONDS = 30 * 60;
/** How stale the recorded last use may get before a request rewrites it: at most one write a minute per session. */
export const ACTIVITY_REFRESH_SECONDS = 60;

/** A session's row, written at sign-in: the cookie's token names it, so logout can end it. */
export async function saveSession(sessionId: string, session: Session): Promise<void> {
  const row = { ...session, id: sessionId, lastUsedAt: session.createdAt };
  await database().insert(sessions).values(row);
}

/** A session's row and its account as it is now, in one query; null when there is none (ended). */
export async function getSessionAndUser(sessionId: string) {
  const [row] = await database()
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId));
  return row ?? null;
}

/** Records a use of the session, never moving it back; an UPDATE, so a session logout deleted stays deleted. */
export async function recordSessionActivity(sessionId: string, at: number): Promise<void> {
  const lastUsedAt = new Date(at).toISOString();
  const older = and(eq(sessions.id, sessionId), lt(sessions.lastUsedAt, lastUsedAt));
  await database().update(sessions).set({ lastUsedAt }).where(older);
}

export async function deleteSession(sessionId: string): Promise<void> {
  await database().delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteEndedSessions(now: number, maxAgeMs: number, idleMs: number): Promise<number> {
  const before = (ms: number) => new Date(now - ms).toISOString();
  const ended = or(lte(sessions.createdAt, before(maxAgeMs)), lte(sessions.lastUsedAt, before(idleMs)));
  return (await database().delete(sessions).where(ended)).rowCount ?? 0;
}
