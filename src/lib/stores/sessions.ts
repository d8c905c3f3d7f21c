import { dataStore } from '../blobs';
import { sessionSchema, type Session } from '../schemas/user';

/** Signed-in sessions, one key each, so that logout can end one (the cookie's token names it). */
function sessionKey(sessionId: string): string {
  return `sessions/${sessionId}`;
}

export async function saveSession(sessionId: string, session: Session): Promise<void> {
  await dataStore('auth').setJSON(sessionKey(sessionId), session);
}

/** The stored session, or null when there is none (ended) or it is malformed. */
export async function getSession(sessionId: string): Promise<Session | null> {
  const raw: unknown = await dataStore('auth').get(sessionKey(sessionId), { type: 'json' });
  const session = sessionSchema.safeParse(raw);
  return session.success ? session.data : null;
}

export async function deleteSession(sessionId: string): Promise<void> {
  await dataStore('auth').delete(sessionKey(sessionId));
}
