import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { Pool } from 'pg';
import { describe, expect, it, vi } from 'vitest';
import accountPassword from '../../netlify/functions/account-password';
import auditLog from '../../netlify/functions/admin-audit-log';
import authUser from '../../netlify/functions/session-user';
import contactMessages from '../../netlify/functions/admin-leads';
import userPassword from '../../netlify/functions/admin-user-password';
import users from '../../netlify/functions/admin-users';
import { database, queryCount, resetQueryCount } from '../../src/platform/db/client';
import { listAudit, recordAudit } from '../../src/features/audit/store';
import { saveUser } from '../../src/features/accounts/users-store';
import { call, callJson } from '../helpers/functions';
import { ADMIN, SITE, asAdmin, login, signIn, useAdminBench } from '../helpers/admin';

const bench = useAdminBench();

interface Account {
  username: string;
  role: 'admin' | 'investor';
  isActive: boolean;
  mustChangePassword: boolean;
  lastSignInAt: string | null;
}

let ips = 0;
const nextIp = () => `10.80.${Math.floor(ips / 200)}.${(ips++ % 200) + 1}`;

async function create(username: string, role: 'admin' | 'investor', cookie = bench.cookie()) {
  return callJson<{ account: Account; temporaryPassword: string; message?: string }>(
    users,
    '/api/users',
    asAdmin(cookie, { method: 'POST', body: { username, role } }),
  );
}

async function list(): Promise<Account[]> {
  return (await callJson<Account[]>(users, '/api/users', asAdmin(bench.cookie()))).body;
}

function update(username: string, change: object, cookie = bench.cookie()) {
  return callJson<Account & { message?: string }>(
    users,
    `/api/users/${username}`,
    asAdmin(cookie, { method: 'PUT', body: change, params: { username } }),
  );
}

function changeOwn(cookie: string, currentPassword: string, newPassword: string) {
  return call(accountPassword, '/api/account/password', {
    method: 'POST',
    body: { currentPassword, newPassword },
    headers: { cookie, origin: SITE },
  });
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

const readMessages = (cookie: string) =>
  callJson<{ message?: string }>(contactMessages, '/api/contact-messages', asAdmin(cookie));

/** A new account that has replaced its temporary password, signed in. */
async function ready(username: string, role: 'admin' | 'investor') {
  const { body } = await create(username, role);
  const first = await signIn(username, body.temporaryPassword, nextIp());
  const password = `${username} chose this password`;
  const changed = await changeOwn(first, body.temporaryPassword, password);
  expect(changed.status).toBe(200);
  return { password, cookie: cookieOf(changed) };
}

describe('creating an account', () => {
  it('answers a temporary password once, which signs in but must be changed before anything else', async () => {
    const created = await create('new-partner', 'admin');
    expect(created.status).toBe(201);
    expect(created.body.temporaryPassword).toMatch(/^[\w-]{16}$/);
    expect(created.body.account).toMatchObject({ username: 'new-partner', role: 'admin', mustChangePassword: true });
    expect(JSON.stringify(created.body.account)).not.toContain('passwordHash');
    expect((await list()).find((account) => account.username === 'new-partner')).toMatchObject({
      role: 'admin',
      isActive: true,
      mustChangePassword: true,
      lastSignInAt: null,
    });
    // Never shown again: the list carries no password of any kind.
    expect(JSON.stringify(await list())).not.toContain(created.body.temporaryPassword);

    const cookie = await signIn('new-partner', created.body.temporaryPassword, nextIp());
    expect(await readMessages(cookie)).toMatchObject({ status: 403, body: { message: 'Password change required' } });
    expect((await callJson(authUser, '/api/auth/user', { headers: { cookie } })).body).toMatchObject({
      mustChangePassword: true,
    });

    expect((await changeOwn(cookie, 'not the temporary one', 'a brand new password')).status).toBe(400);
    expect((await changeOwn(cookie, created.body.temporaryPassword, 'too short')).status).toBe(400);
    const changed = await changeOwn(cookie, created.body.temporaryPassword, 'a brand new password');
    expect(changed.status).toBe(200);
    // This browser keeps going on a new session; the one from before is over.
    expect((await readMessages(cookieOf(changed))).status).toBe(200);
    expect((await readMessages(cookie)).status).toBe(401);
    expect((await login('new-partner', created.body.temporaryPassword, { ip: nextIp() })).status).toBe(401);
    expect((await login('new-partner', 'a brand new password', { ip: nextIp() })).status).toBe(200);
    const listed = (await list()).find((account) => account.username === 'new-partner')!;
    expect(listed.mustChangePassword).toBe(false);
    expect(Date.now() - Date.parse(listed.lastSignInAt!)).toBeLessThan(60_000);
  });

  it('refuses a username that is taken or malformed', async () => {
    await create('taken-name', 'investor');
    expect(await create('Taken-Name', 'admin')).toMatchObject({ status: 409, body: { field: 'username' } });
    expect((await create('no spaces allowed', 'investor')).status).toBe(400);
    expect((await create('someone', 'owner' as 'admin')).status).toBe(400);
  });
});

describe('changing an account', () => {
  it('resets a password: the old one and every session end, and the new one is temporary', async () => {
    const { password, cookie } = await ready('forgetful', 'investor');
    const reset = await callJson<{ temporaryPassword: string; account: Account }>(
      userPassword,
      '/api/users/forgetful/password',
      asAdmin(bench.cookie(), { method: 'POST', params: { username: 'forgetful' } }),
    );
    expect(reset.status).toBe(200);
    expect(reset.body.account.mustChangePassword).toBe(true);
    expect((await callJson(authUser, '/api/auth/user', { headers: { cookie } })).status).toBe(401);
    expect((await login('forgetful', password, { ip: nextIp() })).status).toBe(401);
    expect((await login('forgetful', reset.body.temporaryPassword, { ip: nextIp() })).status).toBe(200);
    expect(
      (await call(userPassword, '/x', asAdmin(bench.cookie(), { method: 'POST', params: { username: 'nobody' } })))
        .status,
    ).toBe(404);
  });

  it('deactivates (refused everything, cannot sign in) and reactivates (the old session stays over)', async () => {
    const { password, cookie } = await ready('leaving-admin', 'admin');
    expect(await update('leaving-admin', { isActive: false })).toMatchObject({
      status: 200,
      body: { isActive: false },
    });
    expect(await readMessages(cookie)).toMatchObject({ status: 403, body: { message: 'Access Denied' } });
    expect((await login('leaving-admin', password, { ip: nextIp() })).status).toBe(401);
    expect((await update('leaving-admin', { isActive: true })).status).toBe(200);
    expect((await readMessages(cookie)).status).toBe(401);
    expect((await login('leaving-admin', password, { ip: nextIp() })).status).toBe(200);
  });

  it('changes a role and ends the sessions of the account changed', async () => {
    const { password, cookie } = await ready('promoted', 'investor');
    expect((await readMessages(cookie)).status).toBe(403);
    expect(await update('promoted', { role: 'admin' })).toMatchObject({ status: 200, body: { role: 'admin' } });
    expect((await readMessages(cookie)).status).toBe(401);
    expect((await readMessages(await signIn('promoted', password, nextIp()))).status).toBe(200);
    expect(await update('promoted', { role: 'investor' })).toMatchObject({ status: 200, body: { role: 'investor' } });
    expect((await update('promoted', {})).status).toBe(400);
    expect((await update('nobody-here', { role: 'admin' })).status).toBe(404);
  });

  it('never lets an admin deactivate or demote themself', async () => {
    for (const change of [{ isActive: false }, { role: 'investor' }]) {
      expect(await update(ADMIN.username, change)).toMatchObject({
        status: 409,
        body: { message: 'You cannot deactivate or demote your own account' },
      });
    }
    expect((await readMessages(bench.cookie())).status).toBe(200);
  });

  it('keeps an active admin when the last two demote each other at the same moment', async () => {
    // Every other admin made above is demoted or deactivated first: two active admins remain.
    for (const account of await list()) {
      if (account.role === 'admin' && account.isActive && account.username !== ADMIN.username) {
        expect((await update(account.username, { isActive: false })).status).toBe(200);
      }
    }
    const other = await ready('rival-admin', 'admin');
    // Both requests are signed in when they make their changes: the database is held (a transaction on the pool's
    // one local connection) until both have asked for their sessions, so neither change lands before the other's
    // sign-in is read (else the loser's session, ended by its demotion, would answer 401 before it could race).
    const pool = (database() as unknown as { $client: Pool }).$client;
    let release = () => undefined as void;
    const held = database().transaction(() => new Promise<void>((resolve) => (release = resolve)));
    const racing = Promise.all([
      update('rival-admin', { role: 'investor' }),
      update(ADMIN.username, { role: 'investor' }, other.cookie),
    ]);
    await vi.waitFor(() => expect(pool.waitingCount).toBe(2));
    release();
    await held;
    const [first, second] = await racing;
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    expect([first, second].find((answer) => answer.status === 409)!.body.message).toBe(
      'The last active admin cannot be deactivated or demoted',
    );
    // Either may win. The one left an admin lists the accounts, and gives the bench's admin its role back when it
    // lost it (the files after this one sign in as that admin).
    const survivor = first.status === 200 ? bench.cookie() : other.cookie;
    const accounts = (await callJson<Account[]>(users, '/api/users', asAdmin(survivor))).body;
    expect(accounts.filter((account) => account.role === 'admin' && account.isActive)).toHaveLength(1);
    if (first.status !== 200) {
      expect((await update(ADMIN.username, { role: 'admin' }, other.cookie)).status).toBe(200);
      await bench.signInAgain();
    }
  });
});

describe('npm run admin:create', () => {
  it('still recovers an account: the password it sets is the operator own, not temporary', async () => {
    await create('recovered', 'investor');
    // The script's own code path (scripts/admin-create.ts calls saveUser).
    await saveUser({ username: 'recovered', password: 'set from the command line', role: 'admin' });
    const cookie = await signIn('recovered', 'set from the command line', nextIp());
    expect((await readMessages(cookie)).status).toBe(200);
    expect((await list()).find((account) => account.username === 'recovered')).toMatchObject({
      role: 'admin',
      mustChangePassword: false,
    });
  });

  it('writes to the database NETLIFY_DB_URL names, and a new password ends the sessions from before', async () => {
    // Run as `npm run admin:create` runs it (asynchronously: this process serves the database it writes to).
    const run = (password: string) =>
      promisify(execFile)(
        process.execPath,
        [
          '--import',
          pathToFileURL(resolve('node_modules/tsx/dist/loader.mjs')).href,
          resolve('scripts/admin-create.ts'),
          '--username',
          'Scripted-Partner',
          '--role',
          'admin',
        ],
        { env: { ...process.env, ADMIN_CREATE_PASSWORD: password }, encoding: 'utf8' },
      );
    expect((await run('chosen on the command line')).stdout).toContain('Saved admin "scripted-partner".');
    const cookie = await signIn('scripted-partner', 'chosen on the command line', nextIp());
    expect((await readMessages(cookie)).status).toBe(200);
    await run('chosen again on the command line');
    expect((await readMessages(cookie)).status).toBe(401);
    expect((await login('scripted-partner', 'chosen again on the command line', { ip: nextIp() })).status).toBe(200);
  });
});

describe('the audit log', () => {
  it('records who did what to whom, newest first, and exports it as CSV', async () => {
    await ready('audited', 'investor');
    await update('audited', { isActive: false });
    const { status, body } = await callJson<
      Array<{ actor: string; actorRole: string; action: string; target: string; detail: string; at: string }>
    >(auditLog, '/api/audit-log', asAdmin(bench.cookie()));
    expect(status).toBe(200);
    const about = body.filter((event) => event.target === 'audited');
    expect(about.map((event) => [event.action, event.actor, event.actorRole])).toEqual([
      ['user.deactivate', ADMIN.username, 'admin'],
      ['password.change', 'audited', 'investor'],
      ['sign-in', 'audited', 'investor'],
      ['user.create', ADMIN.username, 'admin'],
    ]);
    expect(about.at(-1)!.detail).toBe('investor');
    expect(body.some((event) => event.action === 'user.role' && event.detail === 'admin')).toBe(true);
    expect(body.some((event) => event.action === 'user.reset-password' && event.target === 'forgetful')).toBe(true);

    const csv = await call(auditLog, '/api/audit-log?format=csv', asAdmin(bench.cookie()));
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-\d{4}-\d\d-\d\d\.csv"$/);
    const lines = (await csv.text()).split('\r\n');
    expect(lines[0]).toBe('"Time","Actor","Actor Role","Action","Target","Detail"');
    expect(lines[1]).toMatch(/^"[^"]+","partner","admin","user.deactivate","audited",""$/);
  });

  it('answers a page at a time, newest first, with the same statements at any length, and exports every event', async () => {
    for (let i = 0; i < 130; i += 1) {
      await recordAudit({ actor: 'partner', actorRole: 'admin', action: 'document.download', target: `doc-${i}` });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    const statements = new Set<number>();
    do {
      resetQueryCount();
      const page = await call(
        auditLog,
        `/api/audit-log?limit=50${cursor ? `&cursor=${cursor}` : ''}`,
        asAdmin(bench.cookie()),
      );
      statements.add(queryCount());
      const events = (await page.json()) as Array<{ id: string; at: string }>;
      expect(events.length).toBeLessThanOrEqual(50);
      seen.push(...events.map((event) => event.id));
      cursor = page.headers.get('x-next-cursor');
    } while (cursor);
    const all = await listAudit();
    expect(seen).toEqual(all.map((event) => event.id));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThan(130);
    // The session check and the page: the same on the first page and the last.
    expect(statements.size).toBe(1);
    expect([...statements][0]).toBeLessThanOrEqual(5);

    const csv = await call(auditLog, '/api/audit-log?format=csv', asAdmin(bench.cookie()));
    const lines = (await csv.text()).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(all.length + 1);
  });
});
