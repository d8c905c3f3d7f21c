import { performance } from 'node:perf_hooks';
import bcrypt from 'bcryptjs';
import { SignJWT, base64url } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import adminAuthStatus from '../../netlify/functions/session-status';
import adminLogin from '../../netlify/functions/session-sign-in';
import adminLogout from '../../netlify/functions/session-sign-out';
import authUser from '../../netlify/functions/session-user';
import contactMessages from '../../netlify/functions/admin-leads';
import portfolioFunction from '../../netlify/functions/portfolio';
import { portfolioContent } from '../../src/features/content/portfolio';
import { beginLoginAttempt } from '../../src/features/accounts/login-throttle';
import { saveUser } from '../../src/features/accounts/users-store';
import { startLocalBlobs, type LocalBlobs } from '../helpers/blobs';
import { testDatabase } from '../helpers/db-setup';
import { portfolioFixture } from '../helpers/fixtures';
import { call, callJson } from '../helpers/functions';
import { ADMIN, SITE, asAdmin, login, signIn, useTestEnv } from '../helpers/admin';

let blobs: LocalBlobs;
beforeAll(async () => {
  blobs = await startLocalBlobs();
  useTestEnv();
});
afterAll(async () => blobs.stop());

/** What is stored, files and rows: equal snapshots mean nothing changed. */
async function stored() {
  return { files: await blobs.snapshot(), rows: await testDatabase().snapshot() };
}

async function status(cookie: string) {
  return (
    await callJson<{ authenticated: boolean }>(adminAuthStatus, '/api/admin/auth-status', { headers: { cookie } })
  ).body.authenticated;
}

async function adminGet(cookie: string) {
  return callJson<{ message: string }>(contactMessages, '/api/contact-messages', { headers: { cookie } });
}

/**
 * A user whose hash has the production cost, for the two tests about timing: every other test hashes at the lowest
 * cost (src/features/accounts/bcrypt-cost.ts), whose check is too quick to time. Stays at that cost until
 * vi.unstubAllEnvs().
 */
async function atProductionCost(username: string): Promise<string> {
  vi.stubEnv('VITEST', undefined);
  await saveUser({ username, password: 'a password nobody guesses', role: 'admin' });
  return username;
}

describe('sign-in', () => {
  it('signs the first admin in from the environment with an HttpOnly, Secure, SameSite=Strict cookie', async () => {
    const response = await call(adminLogin, '/api/admin/login', {
      method: 'POST',
      body: ADMIN,
      headers: { origin: SITE },
      ip: '10.1.0.1',
    });
    expect(response.status).toBe(200);
    const body = await response.text();
    const cookies = response.headers.getSetCookie();
    const session = cookies.find((cookie) => cookie.startsWith('session='))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/Secure/i);
    expect(session).toMatch(/SameSite=Strict/i);
    expect(session).toMatch(/Max-Age=28800/);
    const token = session.split(';')[0]!.split('=')[1]!;
    expect(body).not.toContain(token);
    expect(JSON.parse(body)).toMatchObject({ authenticated: true, user: { username: ADMIN.username, role: 'admin' } });
    // A non-secret hint for pages, readable by scripts.
    expect(cookies.find((cookie) => cookie.startsWith('signed_in=1'))).not.toMatch(/HttpOnly/i);

    const cookie = cookies.map((c) => c.split(';')[0]).join('; ');
    expect(await status(cookie)).toBe(true);
    const user = await callJson<{ username: string; isAdmin: boolean }>(authUser, '/api/auth/user', {
      headers: { cookie },
    });
    expect(user.body).toMatchObject({ username: ADMIN.username, isAdmin: true });
  });

  it('answers empty fields with 400 and the text of docs/product.md, "Contractual texts"', async () => {
    for (const body of [{ username: '', password: 'x' }, { username: 'a', password: '' }, {}]) {
      const response = await callJson<{ message: string }>(adminLogin, '/api/admin/login', {
        method: 'POST',
        body,
        headers: { origin: SITE },
        ip: '10.1.0.2',
      });
      expect(response).toMatchObject({ status: 400, body: { message: 'Please enter both username and password' } });
    }
  });

  it('refuses a password over 1 KB with 400 before any hashing', async () => {
    const username = await atProductionCost('timed-partner-1');
    const compare = vi.spyOn(bcrypt, 'compare');
    try {
      const start = performance.now();
      const response = await login(username, 'x'.repeat(1025), { ip: '10.1.0.3' });
      const refused = performance.now() - start;
      expect(response.status).toBe(400);
      expect(compare).not.toHaveBeenCalled();
      // A cost-12 check takes hundreds of milliseconds; a refusal before it, a few. A quarter of one
      // sign-in's time leaves room for a busy machine and still catches a refusal made after hashing.
      const checkStart = performance.now();
      expect((await login(username, 'not the password', { ip: '10.1.0.13' })).status).toBe(401);
      expect(refused).toBeLessThan((performance.now() - checkStart) / 4);
    } finally {
      compare.mockRestore();
      vi.unstubAllEnvs();
    }
  });

  it('gives a wrong password and an unknown user the same 401 after the same cost-12 check, in about the same time', async () => {
    const known = await atProductionCost('timed-partner-2');
    const compare = vi.spyOn(bcrypt, 'compare');
    const timings = { wrong: [] as number[], unknown: [] as number[] };
    const bodies = new Set<string>();
    try {
      for (let i = 0; i < 3; i += 1) {
        for (const [kind, username] of [
          ['wrong', known],
          ['unknown', `nobody${i}`],
        ] as const) {
          compare.mockClear();
          const start = performance.now();
          const response = await login(username, 'not the password', { ip: `10.2.${i}.${kind.length}` });
          timings[kind].push(performance.now() - start);
          expect(response.status).toBe(401);
          bodies.add(JSON.stringify(response.body));
          // Exactly one bcrypt check, against a cost-12 hash, whether or not the user exists.
          expect(compare).toHaveBeenCalledTimes(1);
          expect(String(compare.mock.calls[0]![1])).toMatch(/^\$2[aby]\$12\$/);
        }
      }
    } finally {
      compare.mockRestore();
      vi.unstubAllEnvs();
    }
    expect([...bodies]).toEqual([JSON.stringify({ message: 'Invalid credentials' })]);
    // An unknown user answered without the check would be ~100 times faster; the bound is wide so that a
    // busy machine cannot fail it (`npm run bench:login` measures the ratio precisely).
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[1]!;
    const ratio = median(timings.unknown) / median(timings.wrong);
    expect(ratio).toBeGreaterThan(0.25);
    expect(ratio).toBeLessThan(4);
  });

  it('refuses an inactive user', async () => {
    await saveUser({ username: 'former', password: 'a long enough password', role: 'investor', isActive: false });
    expect((await login('former', 'a long enough password', { ip: '10.1.0.4' })).status).toBe(401);
  });

  it('refuses a cross-origin sign-in', async () => {
    const response = await login(ADMIN.username, ADMIN.password, {
      headers: { origin: 'https://evil.example' },
      ip: '10.1.0.5',
    });
    expect(response.status).toBe(403);
  });
});

describe('brute force', () => {
  it('locks a username and IP pair after 5 failures, with Retry-After, even for the right password', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < 5; i += 1) expect((await login(ADMIN.username, `wrong ${i}`, { ip })).status).toBe(401);
    const locked = await call(adminLogin, '/api/admin/login', {
      method: 'POST',
      body: ADMIN,
      headers: { origin: SITE },
      ip,
    });
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(((await locked.json()) as { message: string }).message).toMatch(
      /Too many failed sign-in attempts.*15 minutes/,
    );
    // Another IP is not locked out of the same account.
    expect((await login(ADMIN.username, ADMIN.password, { ip: '10.3.0.2' })).status).toBe(200);
  });

  it('lets at most 5 of 100 parallel bad attempts reach the password check', async () => {
    const ip = '10.4.0.1';
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(ADMIN.username, `guess ${i}`, { ip })),
    );
    const checked = responses.filter((response) => response.status === 401).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(responses.filter((response) => response.status === 429).length).toBe(100 - checked);
    // However many the race let through, the sixth failure in all locks the pair.
    let failures = checked;
    while (failures < 5) {
      expect((await login(ADMIN.username, 'one more guess', { ip })).status).toBe(401);
      failures += 1;
    }
    expect((await login(ADMIN.username, 'one more guess', { ip })).status).toBe(429);
    expect((await login(ADMIN.username, ADMIN.password, { ip })).status).toBe(429);
  });

  it('locks only on 5 attempts within 15 minutes of each other, until 15 minutes after the last of them', async () => {
    const start = Date.now();
    const at = (minutes: number) => beginLoginAttempt('spread-out', '10.4.9.9', start + minutes * 60_000);
    for (const minutes of [0, 4, 8, 12, 17, 18]) expect((await at(minutes)).allowed).toBe(true);
    // 4, 8, 12, 17 and 18 fall within 15 minutes: locked until 18 + 15.
    expect(await at(19)).toMatchObject({ allowed: false, retryAfterSeconds: 14 * 60 });
    // A refused attempt does not move the lock's end.
    expect(await at(32)).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
    expect((await at(33)).allowed).toBe(true);
    // Counted by hashes: no username or address is stored.
    const rows = await testDatabase().query(`SELECT t::text AS row FROM login_attempts t`);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toMatch(/spread-out|10\.4\.9\.9/);
  });

  it('does not count good sign-ins against an office IP', async () => {
    const ip = '10.5.9.9';
    for (let i = 0; i < 21; i += 1) expect((await login(ADMIN.username, ADMIN.password, { ip })).status).toBe(200);
  });

  it('caps one IP across usernames', async () => {
    const ip = '10.5.0.1';
    for (let i = 0; i < 20; i += 1) expect((await login(`user${i}`, 'nope nope', { ip })).status).toBe(401);
    expect((await login('someone-else', 'nope nope', { ip })).status).toBe(429);
  });
});

describe('sessions and tokens', () => {
  const secret = new TextEncoder().encode('test-secret-that-is-long-enough-0123456789abcdef');

  async function forged(options: {
    alg?: string;
    key?: Uint8Array;
    iss?: string;
    aud?: string;
    exp?: number;
    sid?: string;
  }) {
    const cookie = await signIn(ADMIN.username, ADMIN.password, '10.6.0.1');
    const real = cookie
      .split('; ')
      .find((c) => c.startsWith('session='))!
      .slice('session='.length);
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(real.split('.')[1]!))) as Record<
      string,
      unknown
    >;
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ sid: options.sid ?? claims['sid'], name: claims['name'] })
      .setProtectedHeader({ alg: options.alg ?? 'HS256' })
      .setSubject(String(claims['sub']))
      .setIssuer(options.iss ?? String(claims['iss']))
      .setAudience(options.aud ?? String(claims['aud']))
      .setIssuedAt(now - 10)
      .setExpirationTime(options.exp ?? now + 600)
      .sign(options.key ?? secret);
    return { token, real };
  }

  it('accepts a correctly made token (the forging helper is sound)', async () => {
    const { token } = await forged({});
    expect((await adminGet(`session=${token}`)).status).toBe(200);
  });

  it('refuses missing, tampered, alg none, other-algorithm, expired, wrong-issuer, wrong-audience and wrong-secret tokens', async () => {
    const { real } = await forged({});
    const [header, payload, signature] = real.split('.') as [string, string, string];
    const unsignedPayload = base64url.encode(
      JSON.stringify({ ...JSON.parse(new TextDecoder().decode(base64url.decode(payload))), sub: 'someone-else' }),
    );
    const noneHeader = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }));
    const tokens = [
      '',
      `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      `${header}.${unsignedPayload}.${signature}`,
      `${noneHeader}.${payload}.`,
      (await forged({ alg: 'HS512', key: new Uint8Array(64).fill(1) })).token,
      (await forged({ alg: 'HS384', key: secret })).token,
      (await forged({ exp: Math.floor(Date.now() / 1000) - 5 })).token,
      (await forged({ iss: 'someone-else' })).token,
      (await forged({ aud: 'public' })).token,
      (await forged({ key: new TextEncoder().encode('another-secret-that-is-long-enough-0123456789') })).token,
      (await forged({ sid: 'made-up-session' })).token,
      'not.a.jwt',
    ];
    for (const token of tokens) {
      const response = await adminGet(`session=${token}`);
      expect(response).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
      expect(await status(`session=${token}`)).toBe(false);
    }
    expect((await adminGet('')).status).toBe(401);
  });

  it('makes the old token useless after logout', async () => {
    const cookie = await signIn(ADMIN.username, ADMIN.password, '10.6.0.2');
    expect((await adminGet(cookie)).status).toBe(200);
    const out = await call(adminLogout, '/api/admin/logout', { method: 'POST', headers: { cookie, origin: SITE } });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().some((c) => /^session=;/.test(c) && /Max-Age=0/.test(c))).toBe(true);
    expect((await adminGet(cookie)).status).toBe(401);
    expect(await status(cookie)).toBe(false);
  });
});

describe('a deactivated account', () => {
  it('keeps its session but is refused everything with 403 Access Denied', async () => {
    const account = { username: 'departing-partner', password: 'a long enough password 2' };
    await saveUser({ ...account, role: 'admin' });
    const cookie = await signIn(account.username, account.password, '10.8.0.1');
    expect((await adminGet(cookie)).status).toBe(200);
    await saveUser({ ...account, role: 'admin', isActive: false });
    expect(await adminGet(cookie)).toMatchObject({ status: 403, body: { message: 'Access Denied' } });
    expect((await callJson(authUser, '/api/auth/user', { headers: { cookie } })).body).toMatchObject({
      username: account.username,
      isActive: false,
    });
    // And it can no longer sign in.
    expect((await login(account.username, account.password, { ip: '10.8.0.2' })).status).toBe(401);
  });
});

describe('admin routes', () => {
  it('answer 401 the same whether or not the id exists, and change nothing', async () => {
    const [item] = [portfolioFixture(1)];
    await portfolioContent.saveMany([item]);
    const before = await stored();
    const known = await callJson(portfolioFunction, '/x', {
      method: 'DELETE',
      params: { id: item.id },
      headers: { origin: SITE },
    });
    const unknown = await callJson(portfolioFunction, '/x', {
      method: 'DELETE',
      params: { id: '01jd0000000000000000000000' },
      headers: { origin: SITE },
    });
    expect(known).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
    expect(unknown.body).toEqual(known.body);
    expect(await stored()).toEqual(before);
  });

  it('refuse a signed-in write from another origin, or cross-site with no Origin', async () => {
    const cookie = await signIn(ADMIN.username, ADMIN.password, '10.7.0.1');
    const [item] = [portfolioFixture(2)];
    await portfolioContent.saveMany([item]);
    const before = await stored();
    const evil = await callJson(portfolioFunction, '/x', {
      method: 'DELETE',
      params: { id: item.id },
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(evil.status).toBe(403);
    const crossSite = await callJson(portfolioFunction, '/x', {
      method: 'DELETE',
      params: { id: item.id },
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    expect(await stored()).toEqual(before);
    const own = await callJson(portfolioFunction, '/x', asAdmin(cookie, { method: 'DELETE', params: { id: item.id } }));
    expect(own.status).toBe(200);
  });
});
