import { z } from 'zod';
import { dataStore } from '../blobs';
import { sessionSchema, type Session } from '../schemas/user';

/**
 * Signed-in sessions, one key each, so that logout can end one (the cookie's token names it). The session
 * record is written once, at sign-in; when it was last used is a key of its own (`activity/{sessionId}`), so
 * refreshing it can never bring back a session that logout deleted meanwhile.
 */
function sessionKey(sessionId: string): string {
  return `sessions/${sessionId}`;
}

function activityKey(sessionId: string): string {
  return `activity/${sessionId}`;
}

const activitySchema = z.object({ at: z.number() });

export async function saveSession(sessionId: string, session: Session): Promise<void> {
  await dataStore('auth').setJSON(sessionKey(sessionId), session);
}

/** The stored session, or null when there is none (ended) or it is malformed. */
export async function getSession(sessionId: string): Promise<Session | null> {
  const raw: unknown = await dataStore('auth').get(sessionKey(sessionId), { type: 'json' });
  const session = sessionSchema.safeParse(raw);
  return session.success ? session.data : null;
}

/** When the session was last used (ms since the epoch), or null if it has not been recorded since sign-in. */
export async function getSessionActivity(sessionId: string): Promise<number | null> {
  const raw: unknown = await dataStore('auth').get(activityKey(sessionId), { type: 'json' });
  const activity = activitySchema.safeParse(raw);
  return activity.success ? activity.data.at : null;
}

export async function recordSessionActivity(sessionId: string, at: number): Promise<void> {
  await dataStore('auth').setJSON(activityKey(sessionId), { at });
}

export async function deleteSession(sessionId: string): Promise<void> {
  const store = dataStore('auth');
  await Promise.all([store.delete(sessionKey(sessionId)), store.delete(activityKey(sessionId))]);
}
