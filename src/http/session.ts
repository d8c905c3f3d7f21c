import { randomBytes } from 'node:crypto';
import { parse, serialize } from 'cookie';
import { jwtVerify, SignJWT } from 'jose';
import { isProduction, requireSecret } from '../platform/env';
import { newId } from '../platform/ids';
import type { Session, User } from '../features/accounts/schema';
import {
  ACTIVITY_REFRESH_SECONDS,
  deleteSession,
  getSessionAndUser,
  recordSessionActivity,
  saveSession,
  SESSION_IDLE_SECONDS,
  SESSION_TTL_SECONDS,
} from '../features/accounts/sessions-store';

const ISSUER = 'vantia-site';
const AUDIENCE = 'vantia-admin';
/**
 * A non-secret hint that someone signed in on this browser, readable by
 * scripts: pages ask the server who is signed in only when it is present,
 * so anonymous visitors never pay for an auth call.
 */
export const SIGNED_IN_HINT_COOKIE = 'signed_in';

/** `__Host-` binds the cookie to this exact host over HTTPS; plain http://localhost cannot use it. */
export function sessionCookieName(): string {
  return isProduction() ? '__Host-session' : 'session';
}

/**
 * The key sessions are signed with. Without JWT_SECRET this throws a ConfigError, which `route()` logs as one
 * clear line and answers as a 500: every sign-in route asks for it first, so a deploy without the secret fails
 * loudly at its first such request instead of answering a stream of 401s.
 */
function secretKey(): Uint8Array {
  return new TextEncoder().encode(requireSecret('JWT_SECRET'));
}

/** Throws the ConfigError when sessions cannot be signed (called before a sign-in spends a password check). */
export function assertSessionSecret(): void {
  secretKey();
}

function cookieHeader(name: string, value: string, maxAge: number, httpOnly: boolean): string {
  return serialize(name, value, {
    httpOnly,
    // Browsers treat http://localhost as secure, so Secure works in development too.
    secure: true,
    sameSite: 'strict',
    path: '/',
    maxAge,
  });
}

/** Starts a session: stored server-side (so logout can end it) and signed into an HttpOnly cookie. */
export async function startSession(user: User): Promise<string[]> {
  const now = Date.now();
  // A time-sortable id (src/platform/ids.ts) and 128 random bits after it: the token names the session, nobody can guess one.
  const sessionId = `${newId(now)}${randomBytes(16).toString('base64url')}`;
  const session: Session = {
    userId: user.id,
    username: user.username,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + SESSION_TTL_SECONDS * 1000).toISOString(),
    generation: user.sessionGeneration,
  };
  await saveSession(sessionId, session);
  const token = await new SignJWT({ sid: sessionId, name: user.username })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + SESSION_TTL_SECONDS)
    .sign(secretKey());
  return [
    cookieHeader(sessionCookieName(), token, SESSION_TTL_SECONDS, true),
    cookieHeader(SIGNED_IN_HINT_COOKIE, '1', SESSION_TTL_SECONDS, false),
  ];
}

/** Cookies that clear the session and the hint. */
export function clearedSessionCookies(): string[] {
  return [cookieHeader(sessionCookieName(), '', 0, true), cookieHeader(SIGNED_IN_HINT_COOKIE, '', 0, false)];
}

interface VerifiedSession {
  sessionId: string;
  user: User;
}

/**
 * The signed-in user, or null. The token must be HS256 (no other algorithm is
 * ever accepted), from this issuer for this audience, unexpired, and name a
 * session that still exists (logout deletes it), was used within the last 30
 * minutes, is under 8 hours old, and belongs to a user who still exists and
 * has not ended it since (a new password, a reactivation: `sessionGeneration`).
 */
export async function readSession(request: Request): Promise<VerifiedSession | null> {
  // Outside the try below: a missing secret is a configuration error, not a bad token.
  const key = secretKey();
  const token = parse(request.headers.get('cookie') ?? '')[sessionCookieName()];
  if (!token || token.length > 4096) return null;
  let payload;
  try {
    ({ payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['sub', 'exp', 'iat'],
    }));
  } catch {
    return null;
  }
  const { sid, name, sub } = payload;
  if (typeof sid !== 'string' || typeof name !== 'string' || typeof sub !== 'string') return null;
  // One query: the session, its last use and its account as it is now.
  const found = await getSessionAndUser(sid);
  const now = Date.now();
  if (!found) return null;
  const { session, user } = found;
  if (session.userId !== sub || user.username !== name || Date.parse(session.expiresAt) <= now) return null;
  const lastUsed = Math.max(Date.parse(session.lastUsedAt), Date.parse(session.createdAt));
  if (now - lastUsed >= SESSION_IDLE_SECONDS * 1000) {
    await deleteSession(sid).catch(() => undefined);
    return null;
  }
  // A deactivated user keeps a session, so the dashboard can say "Access Denied" rather than
  // "logged out"; requireUser refuses them every write and read, and reactivating them ends it.
  if (session.generation !== user.sessionGeneration) return null;
  if (now - lastUsed >= ACTIVITY_REFRESH_SECONDS * 1000) await recordSessionActivity(sid, now);
  return { sessionId: sid, user };
}

/**
 * Whether the request carries a session token this site signed and that has not expired (the signature only, no
 * database read): the analytics leave a signed-in partner's own pages uncounted. False without JWT_SECRET.
 */
export async function carriesSession(request: Request): Promise<boolean> {
  const token = parse(request.headers.get('cookie') ?? '')[sessionCookieName()];
  if (!token || token.length > 4096) return false;
  try {
    await jwtVerify(token, secretKey(), { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
    return true;
  } catch {
    return false;
  }
}

export async function endSession(sessionId: string): Promise<void> {
  await deleteSession(sessionId);
}
