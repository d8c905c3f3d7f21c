import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import bcrypt from 'bcryptjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import adminAuthStatus from '../../netlify/functions/session-status';
import adminLogin from '../../netlify/functions/session-sign-in';
import adminLogout from '../../netlify/functions/session-sign-out';
import authUser from '../../netlify/functions/session-user';
import contactMessages from '../../netlify/functions/admin-leads';
import { USERNAME_DELAY } from '../../src/features/accounts/login-throttle';
import {
  ACTIVITY_REFRESH_SECONDS,
  SESSION_IDLE_SECONDS,
  SESSION_TTL_SECONDS,
} from '../../src/features/accounts/sessions-store';
import { queryCount, resetQueryCount } from '../../src/platform/db/client';
import { InvalidInput } from '../../src/platform/errors';
import { resetEnvCache } from '../../src/platform/env';
import { CONFIG_ERROR_MESSAGE } from '../../src/http/responses';
import {
  endUserSessions,
  getUser,
  saveUser,
  setUserActive,
  setUserPassword,
} from '../../src/features/accounts/users-store';
import { deleteEndedSessions } from '../../src/features/accounts/sessions-store';
import { startLocalBlobs, type LocalBlobs } from '../helpers/blobs';
import { testDatabase } from '../helpers/db-setup';
import { call, callJson } from '../helpers/functions';
import { ADMIN, SITE, login, signIn, useTestEnv } from '../helpers/admin';

let blobs: LocalBlobs;
beforeAll(async () => {
  blobs = await startLocalBlobs();
  useTestEnv();
});
afterAll(async () => blobs.stop());

async function authenticated(cookie: string): Promise<boolean> {
  return (
    await callJson<{ authenticated: boolean }>(adminAuthStatus, '/api/admin/auth-status', { headers: { cookie } })
  ).body.authenticated;
}

async function adminGet(cookie: string) {
  return callJson<{ message?: string }>(contactMessages, '/api/contact-messages', { headers: { cookie } });
}

let accounts = 0;
/** A fresh admin account, signed in from `sessions` different IPs. */
async function accountWithSessions(sessions: number) {
  accounts += 1;
  const account = { username: `partner-${accounts}`, password: `first password number ${accounts}` };
  await saveUser({ ...account, role: 'admin' });
  const cookies: string[] = [];
  for (let i = 0; i < sessions; i += 1) {
    cookies.push(await signIn(account.username, account.password, `10.50.${accounts}.${i + 1}`));
  }
  for (const cookie of cookies) expect((await adminGet(cookie)).status).toBe(200);
  return { account, cookies };
}

describe('ending sessions', () => {
  it('a new password (setUserPassword) ends every existing session; the new password signs in', async () => {
    const { account, cookies } = await accountWithSessions(2);
    await setUserPassword(account.username, 'a brand new password');
    for (const cookie of cookies) {
      expect(await adminGet(cookie)).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
      expect(await authenticated(cookie)).toBe(false);
    }
    expect((await login(account.username, account.password, { ip: '10.51.0.1' })).status).toBe(401);
    const fresh = await signIn(account.username, 'a brand new password', '10.51.0.2');
    expect((await adminGet(fresh)).status).toBe(200);
  });

  it('npm run admin:create (saveUser) with a new password ends sessions; with the same one (a role change) keeps them', async () => {
    const { account, cookies } = await accountWithSessions(1);
    await saveUser({ ...account, role: 'admin' });
    expect((await adminGet(cookies[0]!)).status).toBe(200);
    expect((await callJson(authUser, '/api/auth/user', { headers: { cookie: cookies[0]! } })).body).toMatchObject({
      role: 'admin',
    });
    await saveUser({ ...account, password: 'reset by the admin script', role: 'admin' });
    expect((await adminGet(cookies[0]!)).status).toBe(401);
  });

  it('deactivating refuses every session with 403 Access Denied; reactivating does not bring them back', async () => {
    const { account, cookies } = await accountWithSessions(2);
    expect((await setUserActive(account.username, false))?.isActive).toBe(false);
    for (const cookie of cookies) {
      expect(await adminGet(cookie)).toMatchObject({ status: 403, body: { message: 'Access Denied' } });
      // The dashboard can still tell the person why (docs/product.md, "Roles and access").
      expect((await callJson(authUser, '/api/auth/user', { headers: { cookie } })).body).toMatchObject({
        isActive: false,
      });
    }
    expect((await login(account.username, account.password, { ip: '10.52.0.1' })).status).toBe(401);

    expect((await setUserActive(account.username, true))?.isActive).toBe(true);
    for (const cookie of cookies) {
      expect(await adminGet(cookie)).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
      expect(await authenticated(cookie)).toBe(false);
      expect((await callJson(authUser, '/api/auth/user', { headers: { cookie } })).status).toBe(401);
    }
    // The person signs in afresh and is welcome again.
    const fresh = await signIn(account.username, account.password, '10.52.0.2');
    expect((await adminGet(fresh)).status).toBe(200);
  });

  it('endUserSessions signs a user out everywhere and leaves other users signed in', async () => {
    const { account, cookies } = await accountWithSessions(2);
    const other = await accountWithSessions(1);
    await endUserSessions(account.username);
    for (const cookie of cookies) expect((await adminGet(cookie)).status).toBe(401);
    expect((await adminGet(other.cookies[0]!)).status).toBe(200);
  });

  it('ends the sessions of one racing with a password change (all writes at once)', async () => {
    const { account, cookies } = await accountWithSessions(1);
    // Two admins change the same user at the same moment: whichever write wins, the old session is over.
    await Promise.all([
      setUserPassword(account.username, 'one admin picked this'),
      setUserActive(account.username, false).then(() => setUserActive(account.username, true)),
    ]);
    expect((await adminGet(cookies[0]!)).status).toBe(401);
  });

  it('answers null for an unknown user and refuses a password under 12 characters', async () => {
    expect(await setUserPassword('nobody-here', 'long enough password')).toBeNull();
    expect(await setUserActive('nobody-here', false)).toBeNull();
    expect(await endUserSessions('nobody-here')).toBeNull();
    const { account } = await accountWithSessions(0);
    await expect(setUserPassword(account.username, 'elevenchars')).rejects.toThrow(InvalidInput);
    await expect(saveUser({ username: 'shorty', password: 'short 11 ch', role: 'investor' })).rejects.toThrow(
      /at least 12 characters/,
    );
    expect(await getUser('shorty')).toBeNull();
  });
});

describe('idle sessions', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('end after 30 minutes without use; each use (recorded at most once a minute) keeps them going', async () => {
    const cookie = await signIn(ADMIN.username, ADMIN.password, '10.53.0.1');
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    const at = (seconds: number) => vi.setSystemTime(start + seconds * 1000);

    // Within a minute of the last recorded use nothing is written: one query reads the session and its account.
    at(5);
    resetQueryCount();
    expect(await authenticated(cookie)).toBe(true);
    expect(queryCount()).toBe(1);
    at(50);
    resetQueryCount();
    expect(await authenticated(cookie)).toBe(true);
    expect(queryCount()).toBe(1);
    // Later than that, the use is recorded: one write more.
    at(ACTIVITY_REFRESH_SECONDS + 30);
    resetQueryCount();
    expect(await authenticated(cookie)).toBe(true);
    expect(queryCount()).toBe(2);

    // Used at 90 s, so still alive just under 30 minutes later, and again 29 minutes after that.
    at(90 + SESSION_IDLE_SECONDS - 60);
    expect((await adminGet(cookie)).status).toBe(200);
    const lastUse = 90 + SESSION_IDLE_SECONDS - 60;
    at(lastUse + SESSION_IDLE_SECONDS - 60);
    expect((await adminGet(cookie)).status).toBe(200);
    // Then 30 minutes of nothing end it, for good.
    at(lastUse + SESSION_IDLE_SECONDS - 60 + SESSION_IDLE_SECONDS);
    expect(await adminGet(cookie)).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
    at(lastUse + SESSION_IDLE_SECONDS - 60 + SESSION_IDLE_SECONDS + 5);
    expect(await authenticated(cookie)).toBe(false);
  });

  it('last 8 hours at most, however active', async () => {
    const cookie = await signIn(ADMIN.username, ADMIN.password, '10.53.0.2');
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    for (let seconds = 20 * 60; seconds < SESSION_TTL_SECONDS; seconds += 20 * 60) {
      vi.setSystemTime(start + seconds * 1000);
      expect(await authenticated(cookie)).toBe(true);
    }
    vi.setSystemTime(start + SESSION_TTL_SECONDS * 1000 + 1000);
    expect(await authenticated(cookie)).toBe(false);
  });

  it('logout still ends a session that is being used at the same moment', async () => {
    const cookie = await signIn(ADMIN.username, ADMIN.password, '10.53.0.3');
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    // Over a minute since sign-in, so each of these uses writes the last-use record while logout deletes.
    vi.setSystemTime(start + 2 * 60 * 1000);
    await Promise.all([
      ...Array.from({ length: 5 }, () => authenticated(cookie)),
      call(adminLogout, '/api/admin/logout', { method: 'POST', headers: { cookie, origin: SITE } }),
      ...Array.from({ length: 5 }, () => authenticated(cookie)),
    ]);
    expect(await authenticated(cookie)).toBe(false);
  });
});

describe('the retention job’s sweep of sessions', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('deletes the ended sessions (unused 30 minutes, or 8 hours old) in one statement and keeps the rest', async () => {
    const idle = await signIn(ADMIN.username, ADMIN.password, '10.54.0.1');
    const busy = await signIn(ADMIN.username, ADMIN.password, '10.54.0.2');
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start + 20 * 60_000);
    expect(await authenticated(busy)).toBe(true);

    const idleEnd = start + SESSION_IDLE_SECONDS * 1000 + 60_000;
    resetQueryCount();
    expect(await deleteEndedSessions(idleEnd, SESSION_TTL_SECONDS * 1000, SESSION_IDLE_SECONDS * 1000)).toBeGreaterThan(
      0,
    );
    expect(queryCount()).toBe(1);
    vi.setSystemTime(start + 21 * 60_000);
    expect(await authenticated(busy)).toBe(true);
    expect(await authenticated(idle)).toBe(false);

    await deleteEndedSessions(
      start + SESSION_TTL_SECONDS * 1000,
      SESSION_TTL_SECONDS * 1000,
      SESSION_IDLE_SECONDS * 1000,
    );
    expect(await authenticated(busy)).toBe(false);
    expect(await testDatabase().query('SELECT id FROM sessions')).toEqual([]);
  });
});

describe('guessing one username from many IPs', () => {
  let saved = { ...USERNAME_DELAY };
  beforeEach(() => {
    saved = { ...USERNAME_DELAY };
  });
  afterEach(() => {
    Object.assign(USERNAME_DELAY, saved);
  });

  /** Records each wait instead of sleeping; answers at once. */
  function recordWaits(): number[] {
    const waits: number[] = [];
    USERNAME_DELAY.unitMs = 250;
    USERNAME_DELAY.maxMs = 8000;
    USERNAME_DELAY.wait = (ms) => {
      waits.push(ms);
      return Promise.resolve();
    };
    return waits;
  }

  it('waits 250 ms, 500 ms, … up to 8 s after 5 failures, from any IPs, and still lets the right password in', async () => {
    const account = { username: 'targeted-partner', password: 'the real partner password' };
    await saveUser({ ...account, role: 'investor' });
    const waits = recordWaits();
    // One guess from each of 12 IPs: no IP and no username-and-IP pair comes near its lock.
    for (let i = 0; i < 12; i += 1) {
      expect((await login(account.username, `guess ${i}`, { ip: `10.60.0.${i + 1}` })).status).toBe(401);
    }
    expect(waits).toEqual([250, 500, 1000, 2000, 4000, 8000, 8000]);

    // The real partner, from an IP of their own, waits too and then signs in.
    expect((await login(account.username, account.password, { ip: '10.60.1.1' })).status).toBe(200);
    expect(waits.at(-1)).toBe(8000);
    // Their success does not reset what the attacker built up.
    expect((await login(account.username, 'guess 13', { ip: '10.60.0.13' })).status).toBe(401);
    expect(waits.at(-1)).toBe(8000);

    // Another username from the same IPs is not slowed.
    const before = waits.length;
    expect((await login('someone-else', 'a guess', { ip: '10.60.0.1' })).status).toBe(401);
    expect(waits).toHaveLength(before);
  });

  it('counts failures racing from 20 IPs at once', async () => {
    const username = 'raced-partner';
    await saveUser({ username, password: 'raced partner password', role: 'investor' });
    const waits = recordWaits();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(username, `guess ${i}`, { ip: `10.61.0.${i + 1}` })),
    );
    expect(responses.every((response) => response.status === 401)).toBe(true);
    waits.length = 0;
    expect((await login(username, 'one more', { ip: '10.61.1.1' })).status).toBe(401);
    expect(waits).toEqual([8000]);
  });

  it('answers only after the wait, and checks the password only then', async () => {
    const username = 'patient-partner';
    await saveUser({ username, password: 'patient partner password', role: 'investor' });
    USERNAME_DELAY.unitMs = 250;
    for (let i = 0; i < 5; i += 1)
      expect((await login(username, `guess ${i}`, { ip: `10.62.0.${i + 1}` })).status).toBe(401);

    let reached: (ms: number) => void = () => undefined;
    const waiting = new Promise<number>((resolve) => (reached = resolve));
    let release: () => void = () => undefined;
    USERNAME_DELAY.wait = (ms) => {
      reached(ms);
      return new Promise<void>((resolve) => (release = resolve));
    };
    const compare = vi.spyOn(bcrypt, 'compare');
    try {
      let answered = false;
      const answer = login(username, 'patient partner password', { ip: '10.62.1.1' }).then((response) => {
        answered = true;
        return response;
      });
      expect(await waiting).toBe(250);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(answered).toBe(false);
      expect(compare).not.toHaveBeenCalled();
      release();
      expect((await answer).status).toBe(200);
      expect(compare).toHaveBeenCalledTimes(1);
    } finally {
      compare.mockRestore();
    }
  });

  it('sleeps for real with the default wait', async () => {
    const username = 'sleepy-partner';
    USERNAME_DELAY.unitMs = 400;
    for (let i = 0; i < 5; i += 1)
      expect((await login(username, `guess ${i}`, { ip: `10.63.0.${i + 1}` })).status).toBe(401);
    const timeout = vi.spyOn(globalThis, 'setTimeout');
    try {
      expect((await login(username, 'guess 6', { ip: '10.63.1.1' })).status).toBe(401);
      expect(timeout.mock.calls.some(([, ms]) => ms === 400)).toBe(true);
    } finally {
      timeout.mockRestore();
    }
  });
});

describe('configuration', () => {
  let saved: NodeJS.ProcessEnv = {};
  beforeEach(() => {
    saved = { ...process.env };
  });
  afterEach(() => {
    for (const name of ['CONTEXT', 'JWT_SECRET', 'ADMIN_USERNAME', 'ADMIN_PASSWORD']) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    resetEnvCache();
    vi.restoreAllMocks();
  });

  it('a missing JWT_SECRET in production fails every sign-in route at once: one clear log line, a 500 JSON', async () => {
    const token = (await signIn(ADMIN.username, ADMIN.password, '10.70.0.1')).match(/session=([^;]+)/)![1]!;
    process.env['CONTEXT'] = 'production';
    delete process.env['JWT_SECRET'];
    resetEnvCache();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const compare = vi.spyOn(bcrypt, 'compare');
    const cookie = `__Host-session=${token}`;
    const answers = [
      await call(adminLogin, '/api/admin/login', {
        method: 'POST',
        body: ADMIN,
        headers: { origin: SITE },
        ip: '10.70.0.2',
      }),
      await call(adminAuthStatus, '/api/admin/auth-status'),
      await call(adminAuthStatus, '/api/admin/auth-status', { headers: { cookie } }),
      await call(authUser, '/api/auth/user', { headers: { cookie } }),
      await call(contactMessages, '/api/contact-messages', { headers: { cookie } }),
      await call(adminLogout, '/api/admin/logout', { method: 'POST', headers: { cookie, origin: SITE } }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(500);
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await answer.json()).toEqual({ message: CONFIG_ERROR_MESSAGE });
    }
    expect(compare).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledTimes(answers.length);
    for (const [line] of logged.mock.calls) {
      expect(line).toMatch(/^Configuration error on (GET|POST) \/api\/[a-z/-]+: JWT_SECRET is not set\. Set it to/);
      expect(line).toContain('Functions scope');
    }
  });

  it('refuses to create the first admin from an ADMIN_PASSWORD under 12 characters, saying so in the log', async () => {
    process.env['ADMIN_USERNAME'] = 'bootstrap-admin';
    process.env['ADMIN_PASSWORD'] = 'eleven char';
    resetEnvCache();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refused = await callJson(adminLogin, '/api/admin/login', {
      method: 'POST',
      body: { username: 'bootstrap-admin', password: 'eleven char' },
      headers: { origin: SITE },
      ip: '10.71.0.1',
    });
    expect(refused).toMatchObject({ status: 500, body: { message: CONFIG_ERROR_MESSAGE } });
    expect(String(logged.mock.calls[0]?.[0])).toMatch(/ADMIN_PASSWORD is refused: .*at least 12 characters/);
    expect(await getUser('bootstrap-admin')).toBeNull();

    process.env['ADMIN_PASSWORD'] = 'twelve chars';
    resetEnvCache();
    expect((await login('bootstrap-admin', 'twelve chars', { ip: '10.71.0.2' })).status).toBe(200);
  });

  it('npm run admin:create refuses a password under 12 characters and saves nothing', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'admin-create-'));
    try {
      const result = spawnSync(
        process.execPath,
        // Run from an empty folder (so a store it opened would show): tsx and the script by absolute path.
        [
          '--import',
          pathToFileURL(resolve('node_modules/tsx/dist/loader.mjs')).href,
          resolve('scripts/admin-create.ts'),
          '--username',
          'new-partner',
        ],
        {
          cwd,
          env: { ...process.env, ADMIN_CREATE_PASSWORD: 'only eleven' },
          encoding: 'utf8',
        },
      );
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(
        'Refused: A password must be at least 12 characters (this one has 11). Nothing was saved.',
      );
      // The local store was never opened.
      expect(existsSync(join(cwd, '.netlify'))).toBe(false);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
