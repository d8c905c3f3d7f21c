import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import accessFunction from '../../netlify/functions/investor-access-request';
import invitationsFunction from '../../netlify/functions/invitation-accept';
import leadAccountFunction from '../../netlify/functions/admin-lead-investor-account';
import { INVITATION_MS } from '../../src/features/accounts/invitations';
import { listAudit } from '../../src/features/audit/store';
import { addContactMessage, getLead } from '../../src/features/leads/messages-store';
import { getUser, saveUser, setUserActive } from '../../src/features/accounts/users-store';
import { asAdmin, login, signIn, useAdminBench } from '../helpers/admin';
import { call, callJson } from '../helpers/functions';
import { htmlLinks, startLocalSmtp, type LocalSmtp } from '../helpers/smtp';

// Issue 13, "Prospective investors": the request-access form files an investor lead (alerted, in the inbox); an
// admin makes the account from it in one step; the invitation's one-time link sets the password.

const bench = useAdminBench();
let smtp: LocalSmtp;
beforeAll(async () => {
  smtp = await startLocalSmtp();
});
afterAll(async () => smtp.stop());
beforeEach(() => smtp.configure(true));
afterEach(() => {
  delete process.env['QUOTA_ACCESS_PER_IP'];
  vi.useRealTimers();
});

let ipCount = 0;
const freshIp = () => `10.91.${Math.floor(ipCount / 250)}.${(ipCount++ % 250) + 1}`;

const request = {
  name: 'Lucía Fernández',
  email: 'Lucia.Fernandez@Inversiones.example',
  company: 'Fernández Family Office',
  ticketSize: '1m-5m',
  sectors: ['ai', 'fintech'],
  regions: ['spain', 'europe'],
  accredited: true,
  consent: true,
  lang: 'es',
  website: '',
};

function requestAccess(body: Record<string, unknown>, ip = freshIp()) {
  return callJson<{ id?: string; message?: string; field?: string }>(accessFunction, '/api/access-requests', {
    method: 'POST',
    body,
    ip,
  });
}

function postForm(fields: Array<[string, string]>, lang = 'en', ip = freshIp()) {
  return call(accessFunction, `/api/access-requests?lang=${lang}`, {
    method: 'POST',
    rawBody: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    ip,
  });
}

function createAccount(id: string, cookie = bench.cookie()) {
  return callJson<{ username?: string; email?: string; language?: string; message?: string }>(
    leadAccountFunction,
    `/api/contact-messages/${id}/investor-account`,
    asAdmin(cookie, { method: 'POST', params: { id } }),
  );
}

function setPassword(token: string, password: string) {
  return callJson<{ username?: string; message?: string; field?: string }>(invitationsFunction, '/api/invitations', {
    method: 'POST',
    body: { token, password },
  });
}

/** The invitation mail to an address, and the token of its link. */
async function invitationTo(address: string) {
  await expect.poll(() => smtp.to(address).length).toBe(1);
  const mail = smtp.to(address)[0]!.parsed;
  const link = htmlLinks(mail).find((href) => href.includes('/set-password?token='))!;
  return { mail, link, token: new URL(link).searchParams.get('token')! };
}

/** A request filed and its account made: the new account's name and the link's token. */
async function invitedInvestor(email: string, lang = 'en') {
  const filed = await requestAccess({ ...request, email, lang });
  expect(filed.status).toBe(201);
  const created = await createAccount(filed.body.id!);
  expect(created.status).toBe(201);
  const { token } = await invitationTo(email);
  return { username: created.body.username!, token, id: filed.body.id! };
}

describe('the request-access form', () => {
  it('files a lead marked investor, with what the visitor chose, and alerts the firm', async () => {
    const filed = await requestAccess(request);
    expect(filed.status).toBe(201);
    const message = await getLead(filed.body.id!);
    expect(message).toMatchObject({
      name: 'Lucía Fernández',
      email: 'lucia.fernandez@inversiones.example',
      company: 'Fernández Family Office',
      source: 'investor',
      investor: { ticketSize: '1m-5m', sectors: ['ai', 'fintech'], regions: ['spain', 'europe'], language: 'es' },
    });
    expect(message!.message).toContain('Ticket size: €1 million to €5 million');
    const alerts = smtp.to('leads@vantia.test').filter((mail) => mail.parsed.text?.includes(filed.body.id!));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.parsed.subject).toBe('Request for investor access from Lucía Fernández');
    expect(alerts[0]!.parsed.text).toContain('Sectors of interest: Artificial intelligence, Fintech');
    expect(alerts[0]!.parsed.replyTo?.value[0]?.address).toBe('lucia.fernandez@inversiones.example');
  });

  it('refuses a request without the accredited-investor confirmation, the consent, a sector or a known band', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...request, accredited: false }, 'accredited'],
      [{ ...request, consent: undefined }, 'consent'],
      [{ ...request, sectors: [] }, 'sectors'],
      [{ ...request, regions: ['mars'] }, 'regions.0'],
      [{ ...request, ticketSize: 'a lot' }, 'ticketSize'],
      [{ ...request, company: ' ' }, 'company'],
      [{ ...request, email: 'not-an-address' }, 'email'],
    ];
    for (const [body, field] of cases) {
      const refused = await requestAccess(body);
      expect(refused.status, field).toBe(400);
      expect(refused.body.field).toBe(field);
    }
  });

  it('answers a bot that fills the honeypot as if sent, and files nothing', async () => {
    const sent = await requestAccess({ ...request, email: 'bot@spam.example', website: 'https://spam.example' });
    expect(sent.status).toBe(201);
    expect(await getLead(sent.body.id!)).toBeNull();
    expect(smtp.to('leads@vantia.test').some((mail) => mail.parsed.text?.includes('bot@spam.example'))).toBe(false);
  });

  it('works as an HTML form: repeated fields are lists, and the visitor goes back to the page in their language', async () => {
    const fields: Array<[string, string]> = [
      ['name', 'Jorge Sin Script'],
      ['email', 'jorge@nojs.example'],
      ['company', 'Sin Script SL'],
      ['ticketSize', 'under-250k'],
      ['sectors', 'health'],
      ['sectors', 'energy'],
      ['regions', 'latin-america'],
      ['accredited', 'on'],
      ['consent', 'on'],
      ['lang', 'es'],
      ['website', ''],
    ];
    const sent = await postForm(fields, 'es');
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/es/request-access?result=sent');
    const alert = smtp.to('leads@vantia.test').find((mail) => mail.parsed.replyTo?.text.includes('jorge@nojs.example'));
    expect(alert?.parsed.text).toContain('Sectors of interest: Health, Energy and climate');

    // Refused (no consent): 307, so the browser posts the fields back to the page, which puts them in the form.
    const refused = await postForm(
      fields.filter(([name]) => name !== 'consent'),
      'en',
    );
    expect(refused.status).toBe(307);
    expect(refused.headers.get('location')).toBe('/request-access?result=invalid');
  });

  it('holds to the same daily quota per visitor as the contact form, and refuses a body past its limit', async () => {
    process.env['QUOTA_ACCESS_PER_IP'] = '2';
    const ip = freshIp();
    expect((await requestAccess({ ...request, email: 'q1@quota.example' }, ip)).status).toBe(201);
    expect((await requestAccess({ ...request, email: 'q2@quota.example' }, ip)).status).toBe(201);
    const third = await requestAccess({ ...request, email: 'q3@quota.example' }, ip);
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await requestAccess({ ...request, email: 'q4@quota.example' })).status).toBe(201);
    const huge = await requestAccess({ ...request, company: 'x'.repeat(9000) });
    expect(huge.status).toBe(413);
  });
});

describe('an investor account from a lead', () => {
  it('is made in one step: username from the e-mail, audited, and an invitation in Spanish with a one-time link', async () => {
    const filed = await requestAccess({ ...request, email: 'carmen.ruiz@fondo.example' });
    const created = await createAccount(filed.body.id!);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ username: 'carmen.ruiz', email: 'carmen.ruiz@fondo.example', language: 'es' });
    const user = await getUser('carmen.ruiz');
    expect(user).toMatchObject({ role: 'investor', isActive: true });

    const { mail, link } = await invitationTo('carmen.ruiz@fondo.example');
    expect(mail.subject).toBe('Su cuenta de inversor en Vantia Partners');
    expect(mail.text).toContain('Su nombre de usuario es carmen.ruiz');
    expect(mail.text).toContain('caduca en 7 días');
    expect(link).toMatch(/^https:\/\/site\.test\/es\/set-password\?token=[A-Za-z0-9_-]{43}$/);

    const audit = await listAudit();
    expect(audit.find((event) => event.action === 'user.invite' && event.target === 'carmen.ruiz')).toMatchObject({
      actor: 'partner',
      detail: filed.body.id,
    });
    expect(audit.some((event) => event.action === 'user.create' && event.target === 'carmen.ruiz')).toBe(true);

    // One account per lead; the message's view names it.
    expect((await createAccount(filed.body.id!)).status).toBe(409);
    const named = await callJson<{ username: string | null }>(
      leadAccountFunction,
      `/api/contact-messages/${filed.body.id}/investor-account`,
      asAdmin(bench.cookie(), { params: { id: filed.body.id! } }),
    );
    expect(named.body.username).toBe('carmen.ruiz');
  });

  it('writes the invitation in English for an English request, and picks a free username', async () => {
    await saveUser({ username: 'taken', password: 'someone else entirely', role: 'investor' });
    const { username } = await invitedInvestor('taken@elsewhere.example', 'en');
    expect(username).toBe('taken-2');
    const { mail, link } = await invitationTo('taken@elsewhere.example');
    expect(mail.subject).toBe('Your investor account at Vantia Partners');
    expect(link).toMatch(/^https:\/\/site\.test\/set-password\?token=/);
  });

  it('refuses to make an account from an ordinary contact message, and makes one account under racing clicks', async () => {
    const contact = await addContactMessage({
      name: 'Plain Contact',
      email: 'plain@contact.example',
      company: null,
      phone: null,
      serviceOfInterest: null,
      message: 'Hello',
    });
    const refused = await createAccount(contact.id);
    expect(refused.status).toBe(400);
    expect(await getUser('plain')).toBeNull();

    const filed = await requestAccess({ ...request, email: 'race@clicks.example' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => createAccount(filed.body.id!)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    await expect.poll(() => smtp.to('race@clicks.example').length).toBe(1);
  });
});

describe('the invitation link', () => {
  it('sets the password once; the investor signs in with it; the link never works again', async () => {
    const { username, token } = await invitedInvestor('once@link.example');
    // Before the link is used, the account cannot be signed into.
    expect((await login(username, 'a guess that is long enough', { ip: freshIp() })).status).toBe(401);
    const weak = await setPassword(token, 'short');
    expect(weak.status).toBe(400);
    expect(weak.body.field).toBe('password');
    const set = await setPassword(token, 'my own investor password');
    expect(set.status).toBe(200);
    expect(set.body.username).toBe(username);
    expect(await signIn(username, 'my own investor password', freshIp())).toContain('=');
    const again = await setPassword(token, 'a takeover attempt password');
    expect(again.status).toBe(410);
    expect((await login(username, 'a takeover attempt password', { ip: freshIp() })).status).toBe(401);
    expect((await listAudit()).some((event) => event.action === 'invitation.accept' && event.target === username)).toBe(
      true,
    );
  });

  it('sets the password for exactly one of many parallel requests', async () => {
    const { username, token } = await invitedInvestor('parallel@link.example');
    const passwords = Array.from({ length: 6 }, (_, i) => `parallel password number ${i}`);
    const answers = await Promise.all(passwords.map((password) => setPassword(token, password)));
    const winners = answers.flatMap((answer, i) => (answer.status === 200 ? [passwords[i]!] : []));
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 410)).toHaveLength(5);
    expect(await signIn(username, winners[0], freshIp())).toContain('=');
    const loser = passwords.find((password) => password !== winners[0])!;
    expect((await login(username, loser, { ip: freshIp() })).status).toBe(401);
  });

  it('refuses an expired link, an unknown one, and one whose account was deactivated', async () => {
    const { token } = await invitedInvestor('late@link.example');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + INVITATION_MS + 1000);
    const late = await setPassword(token, 'too late a password');
    expect(late.status).toBe(410);
    expect(late.body.message).toMatch(/expired/);
    vi.useRealTimers();

    expect((await setPassword('A'.repeat(43), 'a fine long password')).status).toBe(404);
    expect((await setPassword('../../etc', 'a fine long password')).status).toBe(404);

    const deactivated = await invitedInvestor('gone@link.example');
    await setUserActive(deactivated.username, false);
    expect((await setPassword(deactivated.token, 'a fine long password')).status).toBe(410);
  });

  it('as a form, goes back to the set-password page in the link language with the result', async () => {
    const { token } = await invitedInvestor('form@link.example', 'es');
    const post = (fields: Record<string, string>) =>
      call(invitationsFunction, '/api/invitations', {
        method: 'POST',
        rawBody: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const mismatch = await post({ token, password: 'one long password', confirm: 'another long one', lang: 'es' });
    expect(mismatch.headers.get('location')).toBe(`/es/set-password?token=${token}&result=mismatch`);
    const done = await post({ token, password: 'one long password', confirm: 'one long password', lang: 'es' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/es/set-password?result=done');
    const used = await post({ token, password: 'one long password', confirm: 'one long password', lang: 'es' });
    expect(used.headers.get('location')).toBe('/es/set-password?result=used');
  });
});
