import { HttpError } from './responses';
import type { User } from '../features/accounts/schema';
import { readSession } from '../http/session';

export const UNAUTHORIZED = 'Unauthorized';
export const ACCESS_DENIED = 'Access Denied';

/**
 * A state-changing request must come from the site's own pages: its Origin
 * must be this site's, or, with no Origin, the browser must not call it
 * cross-site. (The SameSite=Strict cookie already stops most; this is the
 * second lock.)
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get('origin');
  if (origin !== null) {
    if (!ownOrigins(request).has(origin)) throw new HttpError(403, 'Cross-origin request refused');
    return;
  }
  if (request.headers.get('sec-fetch-site') === 'cross-site') throw new HttpError(403, 'Cross-origin request refused');
}

function ownOrigins(request: Request): Set<string | undefined> {
  return new Set([new URL(request.url).origin, process.env['URL'], process.env['DEPLOY_PRIME_URL']].filter(Boolean));
}

/**
 * Whether a request came from this site's own pages (the analytics beacon, which is counted only then): its Origin
 * the site's, or with none, not sent from another site (`Sec-Fetch-Site`).
 */
export function isSameSite(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (origin !== null) return ownOrigins(request).has(origin);
  return !['cross-site', 'same-site'].includes(request.headers.get('sec-fetch-site') ?? '');
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What a signed-in account that must replace its temporary password is told by every route but that one. */
export const PASSWORD_CHANGE_REQUIRED = 'Password change required';

/**
 * A valid session or 401 {"message":"Unauthorized"} (the same answer whether or not the thing asked for exists),
 * and for writes, the same-origin check. A deactivated account is refused with 403 Access Denied; one that still
 * has a temporary password with 403 "Password change required", unless `passwordChange` (the route that changes
 * it). The routes any signed-in account may use (its own password) start here; admin routes with requireAdmin.
 */
export async function requireUser(request: Request, options: { passwordChange?: boolean } = {}): Promise<User> {
  if (WRITE_METHODS.has(request.method.toUpperCase())) assertSameOrigin(request);
  const session = await readSession(request);
  if (!session) throw new HttpError(401, UNAUTHORIZED);
  // Signed in, but the account was deactivated since (docs/product.md, "Roles and access": "Access Denied").
  if (!session.user.isActive) throw new HttpError(403, ACCESS_DENIED);
  if (session.user.mustChangePassword && !options.passwordChange) throw new HttpError(403, PASSWORD_CHANGE_REQUIRED);
  return session.user;
}

/**
 * The first line of every admin handler (docs/roles.md): requireUser, then the role. An investor is answered 403
 * {"message":"Access Denied"} for every admin route and method; tests/api/roles.test.ts walks them all.
 */
export async function requireAdmin(request: Request): Promise<User> {
  const user = await requireUser(request);
  if (user.role !== 'admin') throw new HttpError(403, ACCESS_DENIED);
  return user;
}
