import { afterAll, beforeAll } from 'vitest';
import adminLogin from '../../netlify/functions/session-sign-in';
import { startLocalBlobs, type LocalBlobs } from './blobs';
import { USERNAME_DELAY } from '../../src/features/accounts/login-throttle';
import { resetEnvCache } from '../../src/platform/env';
import { call, callJson, type CallOptions } from './functions';

export const ADMIN = { username: 'partner', password: 'correct horse battery staple' };
export const SITE = 'http://localhost:8888';

/** The environment a deployed site would have: secrets and the first admin. */
export function useTestEnv(): void {
  process.env['JWT_SECRET'] = 'test-secret-that-is-long-enough-0123456789abcdef';
  process.env['ADMIN_USERNAME'] = ADMIN.username;
  process.env['ADMIN_PASSWORD'] = ADMIN.password;
  resetEnvCache();
  // The per-username delay in milliseconds instead of quarter seconds, so tests that fail many sign-ins stay fast
  // (tests of the delay itself set what they need; `npm run bench:login` measures the real one).
  USERNAME_DELAY.unitMs = 1;
}

export function login(username: string, password: string, options: CallOptions = {}) {
  return callJson<{ message?: string; authenticated?: boolean }>(adminLogin, '/api/admin/login', {
    method: 'POST',
    body: { username, password },
    headers: { origin: SITE },
    ...options,
  });
}

/** Signs in and answers the Cookie header a browser would send back. */
export async function signIn(username = ADMIN.username, password = ADMIN.password, ip = '10.0.0.1'): Promise<string> {
  const response = await call(adminLogin, '/api/admin/login', {
    method: 'POST',
    body: { username, password },
    headers: { origin: SITE },
    ip,
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Options for an admin call: the session cookie and the site's own Origin. */
export function asAdmin(cookie: string, options: CallOptions = {}): CallOptions {
  return { ...options, headers: { cookie, origin: SITE, ...options.headers } };
}

/**
 * A test file's bench: a real local Blobs server, the test environment and a
 * signed-in admin's cookie, ready in beforeAll.
 */
export function useAdminBench(): { blobs: () => LocalBlobs; cookie: () => string; signInAgain: () => Promise<void> } {
  let blobs: LocalBlobs;
  let cookie: string;
  beforeAll(async () => {
    blobs = await startLocalBlobs();
    useTestEnv();
    cookie = await signIn();
  });
  afterAll(async () => blobs.stop());
  return {
    blobs: () => blobs,
    cookie: () => cookie,
    // After a change that ended the admin's sessions (a role change does).
    signInAgain: async () => void (cookie = await signIn()),
  };
}
