import { z } from 'zod';
import { dataStore } from '../blobs';
import { sessionSchema, type Session } from '../schemas/user';
import { listKeys } from './list-keys';

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

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** When a session was started, from its id's first ten characters (src/lib/ids.ts); null for an older random id. */
function sessionStart(sessionId: string): number | null {
  const head = sessionId.slice(0, 10);
  if (sessionId.length < 26 || !/^[0-9a-hjkmnp-tv-z]{10}$/.test(head)) return null;
  let time = 0;
  for (const char of head) time = time * 32 + ALPHABET.indexOf(char);
  return time;
}

/**
 * Deletes every session that can no longer be used: started more than `maxAgeMs` ago, or unused for `idleMs`
 * (its last recorded use, or its start). The job runs daily, so the `sessions/` folder only ever holds the sessions
 * started since the last run; a session with an older random id (made before ids carried their time) is read once
 * to learn its end. Activity keys whose session is gone go too. Answers how many sessions were deleted.
 */
export async function deleteEndedSessions(now: number, maxAgeMs: number, idleMs: number): Promise<number> {
  const store = dataStore('auth');
  const sessionIds = (await listKeys(store, 'sessions/')).map((key) => key.slice('sessions/'.length));
  let deleted = 0;
  for (const sessionId of sessionIds) {
    let start = sessionStart(sessionId);
    if (start === null) {
      const session = await getSession(sessionId);
      start = session ? Date.parse(session.expiresAt) - maxAgeMs : 0;
    }
    let ended = now - start >= maxAgeMs;
    if (!ended && now - start >= idleMs) ended = now - ((await getSessionActivity(sessionId)) ?? start) >= idleMs;
    if (ended) {
      await deleteSession(sessionId);
      deleted += 1;
    }
  }
  const live = new Set(sessionIds);
  const orphans = (await listKeys(store, 'activity/'))
    .map((key) => key.slice('activity/'.length))
    .filter((sessionId) => !live.has(sessionId) && now - (sessionStart(sessionId) ?? 0) >= idleMs);
  await Promise.all(orphans.map((sessionId) => store.delete(activityKey(sessionId))));
  return deleted;
}
