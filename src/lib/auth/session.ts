import { randomBytes } from 'node:crypto';
import { parse, serialize } from 'cookie';
import { jwtVerify, SignJWT } from 'jose';
import { isProduction, requireSecret } from '../env';
import type { Session, User } from '../schemas/user';
import { deleteSession, getSession, saveSession } from '../stores/sessions';
import { getUserById } from '../stores/users';

export const SESSION_TTL_SECONDS = 8 * 60 * 60;
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

function secretKey(): Uint8Array {
  return new TextEncoder().encode(requireSecret('JWT_SECRET'));
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
  const sessionId = randomBytes(24).toString('base64url');
  const now = Date.now();
  const session: Session = {
    userId: user.id,
    username: user.username,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + SESSION_TTL_SECONDS * 1000).toISOString(),
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
 * session that still exists (logout deletes it) of a user who still exists.
 */
export async function readSession(request: Request): Promise<VerifiedSession | null> {
  const token = parse(request.headers.get('cookie') ?? '')[sessionCookieName()];
  if (!token || token.length > 4096) return null;
  let payload;
  try {
    ({ payload } = await jwtVerify(token, secretKey(), {
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
  const session = await getSession(sid);
  if (!session || session.userId !== sub || Date.parse(session.expiresAt) <= Date.now()) return null;
  // A deactivated user keeps a session, so the dashboard can say "Access Denied" rather than
  // "logged out"; requireUser refuses them every write and read.
  const user = await getUserById(sub, name);
  if (!user) return null;
  return { sessionId: sid, user };
}

export async function endSession(sessionId: string): Promise<void> {
  await deleteSession(sessionId);
}
