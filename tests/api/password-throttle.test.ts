import { describe, expect, it } from 'vitest';
import accountPassword from '../../netlify/functions/account-password';
import { saveUser } from '../../src/features/accounts/users-store';
import { testDatabase } from '../helpers/db-setup';
import { callJson } from '../helpers/functions';
import { SITE, signIn, useAdminBench } from '../helpers/admin';

/*
 * POST /api/account/password checks the current password: a stolen session must not be a way to guess it without
 * limit. Failed checks are counted per account, like sign-ins, before bcrypt runs.
 */

useAdminBench();

let accounts = 0;
async function signedInAccount() {
  accounts += 1;
  const account = { username: `guessed-${accounts}`, password: `the real password number ${accounts}` };
  await saveUser({ ...account, role: 'investor' });
  return { ...account, cookie: await signIn(account.username, account.password, `10.90.${accounts}.1`) };
}

function changeOwn(cookie: string, currentPassword: string, newPassword: string) {
  return callJson<{ message?: string; field?: string }>(accountPassword, '/api/account/password', {
    method: 'POST',
    body: { currentPassword, newPassword },
    headers: { cookie, origin: SITE },
  });
}

describe('guessing the current password with a session', () => {
  it('is refused after 5 wrong guesses (429, Retry-After), the right password too, and only for that account', async () => {
    const victim = await signedInAccount();
    const other = await signedInAccount();
    for (let i = 0; i < 5; i += 1) {
      expect(await changeOwn(victim.cookie, `guess number ${i}`, 'a brand new password')).toMatchObject({
        status: 400,
        body: { field: 'currentPassword' },
      });
    }
    const locked = await changeOwn(victim.cookie, 'guess number 6', 'a brand new password');
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(locked.body.message).toMatch(/Too many wrong passwords.*15 minutes/);
    // While locked, the right one is refused too: a guesser learns nothing from the answer.
    expect((await changeOwn(victim.cookie, victim.password, 'a brand new password')).status).toBe(429);

    // Another account is not locked by this one's failures.
    expect((await changeOwn(other.cookie, 'not it', 'a brand new password')).status).toBe(400);
    expect((await changeOwn(other.cookie, other.password, 'a brand new password')).status).toBe(200);
  });

  it('lets at most 5 of 30 parallel wrong guesses reach the password check', async () => {
    const victim = await signedInAccount();
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => changeOwn(victim.cookie, `parallel guess ${i}`, 'a brand new password')),
    );
    const checked = responses.filter((response) => response.status === 400).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(responses.filter((response) => response.status === 429).length).toBe(30 - checked);
  });

  it('leaves the real user alone: a few typos, then the right password; a weak new password is not a failure', async () => {
    const user = await signedInAccount();
    for (let i = 0; i < 4; i += 1) expect((await changeOwn(user.cookie, `typo ${i}`, 'x')).status).toBe(400);
    // The right current password with a new one that is refused (too short, the same): not counted as guesses.
    for (let i = 0; i < 6; i += 1) {
      expect(await changeOwn(user.cookie, user.password, 'too short')).toMatchObject({
        status: 400,
        body: { field: 'newPassword' },
      });
    }
    const changed = await changeOwn(user.cookie, user.password, 'a brand new password');
    expect(changed.status).toBe(200);
  });

  it('counts by hashes: no username is stored', async () => {
    const victim = await signedInAccount();
    expect((await changeOwn(victim.cookie, 'wrong', 'a brand new password')).status).toBe(400);
    const rows = await testDatabase().query(`SELECT t::text AS row FROM login_attempts t`);
    expect(rows.some((row) => String(row['row']).includes('password'))).toBe(true);
    expect(JSON.stringify(rows)).not.toMatch(/guessed-/);
  });
});
