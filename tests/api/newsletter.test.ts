import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import newsletterFunction, { config } from '../../netlify/functions/newsletter-subscribe';
import confirmFunction from '../../netlify/functions/newsletter-confirm';
import unsubscribeFunction from '../../netlify/functions/newsletter-unsubscribe';
import newslettersFunction from '../../netlify/functions/admin-newsletter-subscribers';
import { queryCount, resetQueryCount } from '../../src/platform/db/client';
import { NEXT_CURSOR_HEADER } from '../../src/http/lists';
import type { NewsletterSubscription } from '../../src/features/newsletter/schema';
import { CONFIRMATION_MAILS_PER_ADDRESS } from '../../src/features/newsletter/mail';
import { queueMail } from '../../src/features/mail/outbox';
import { issueMail, unsubscribeHeaders } from '../../src/features/newsletter/templates';
import {
  addressHash,
  confirmationsPerWeek,
  confirmSubscription,
  deleteExpiredPending,
  getSubscriber,
  listSubscribers,
  listSubscribersPage,
  subscribe,
  takeConfirmationMail,
} from '../../src/features/newsletter/subscribers-store';
import { asAdmin, signIn, useTestEnv } from '../helpers/admin';
import { startLocalBlobs, type LocalBlobs } from '../helpers/blobs';
import { testDatabase } from '../helpers/db-setup';
import { call, callJson } from '../helpers/functions';
import { htmlLinks, startLocalSmtp, toAddresses, type LocalSmtp } from '../helpers/smtp';

let blobs: LocalBlobs;
let smtp: LocalSmtp;
beforeAll(async () => {
  blobs = await startLocalBlobs();
  smtp = await startLocalSmtp();
});
afterAll(async () => {
  await smtp.stop();
  await blobs.stop();
});

function post(body: unknown, ip?: string, path = '/api/newsletter') {
  return callJson<{ message?: string; field?: string; success?: boolean }>(newsletterFunction, path, {
    method: 'POST',
    body,
    ...(ip ? { ip } : {}),
  });
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  rawBody: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/** The confirmation link of the last mail to an address, followed as the page's button does (a form POST). */
async function confirmByMail(email: string): Promise<Response> {
  const mail = smtp.to(email).at(-1)!.parsed;
  const link = new URL(htmlLinks(mail)[0]!);
  const lang = link.pathname.startsWith('/es/') ? 'es' : 'en';
  return call(confirmFunction, '/api/newsletter/confirm', form({ token: link.searchParams.get('token')!, lang }));
}

/** Everything stored: the database's rows and the files and records still in Blobs (the outbox, the quotas). */
const snapshot = async () => ({ db: await testDatabase().snapshot(), blobs: await blobs.snapshot() });

const statusOf = async (email: string) => (await listSubscribers()).find((s) => s.email === email)?.status;

describe('POST /api/newsletter', () => {
  it('subscribes with fullName (contact section) or name (standalone section), pending until confirmed', async () => {
    expect((await post({ fullName: 'Lucía Fernández', email: 'lucia@example.es' })).status).toBe(201);
    expect((await post({ name: 'Tom Baker', email: ' Tom.Baker@Example.com ' })).status).toBe(201);
    const subscribers = await listSubscribers();
    expect(subscribers.map((s) => [s.fullName, s.email, s.status])).toEqual([
      ['Tom Baker', 'tom.baker@example.com', 'pending'],
      ['Lucía Fernández', 'lucia@example.es', 'pending'],
    ]);
    expect(Date.parse(subscribers[0]!.registrationDate)).not.toBeNaN();
    expect(subscribers[0]).not.toHaveProperty('token');
  });

  it('answers a second sign-up of a confirmed address, in any case, with 409 and its contractual text', async () => {
    await post({ name: 'First', email: 'dup@example.com' });
    expect((await confirmByMail('dup@example.com')).status).toBe(303);
    const before = await snapshot();
    const again = await post({ name: 'Second', email: 'DUP@example.com' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This email is already subscribed to our newsletter.');
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    [{ email: 'a@example.com' }, 'fullName', 'Name is required'],
    [{ name: ' ', email: 'a@example.com' }, 'fullName', 'Name is required'],
    [{ name: 'Ana', email: 'ana@' }, 'email', 'Invalid email address'],
    [{ name: 'Ana' }, 'email', 'Invalid email address'],
  ])('refuses %# with 400 and stores nothing', async (body, field, message) => {
    const before = await snapshot();
    const response = await post(body);
    expect(response).toMatchObject({ status: 400, body: { field, message } });
    expect(await snapshot()).toEqual(before);
  });

  it('stores exactly one record when 100 sign-ups of one address race, never answers 5xx, and mails it at most 3 times', async () => {
    const responses = await Promise.all(
      // A hundred visitors, each from an IP of their own (one IP's sign-ups are capped: tests/api/quotas.test.ts).
      Array.from({ length: 100 }, (_, i) => post({ name: `Racer ${i}`, email: 'race@example.com' }, `10.50.0.${i}`)),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    expect(statuses).toContain(201);
    const stored = (await listSubscribers()).filter((s) => s.email === 'race@example.com');
    expect(stored).toHaveLength(1);
    // The day's count of confirmation mails is the row's own, and stopped at the cap.
    const [row] = await testDatabase().query<{ confirmation_mails: number }>(
      `SELECT confirmation_mails FROM newsletter_subscribers WHERE email = 'race@example.com'`,
    );
    const mails = smtp.to('race@example.com');
    expect(mails.length).toBeGreaterThanOrEqual(1);
    expect(mails.length).toBeLessThanOrEqual(CONFIRMATION_MAILS_PER_ADDRESS);
    expect(row!.confirmation_mails).toBe(mails.length);
    // Whichever racer's mail is followed, its link works.
    expect((await confirmByMail('race@example.com')).headers.get('location')).toBe('/newsletter/confirm?result=done');
    expect((await post({ name: 'Late', email: 'race@example.com' })).status).toBe(409);
  });

  it('declares a per-IP rate limit', () => {
    expect(config.rateLimit?.aggregateBy).toEqual(['ip', 'domain']);
  });
});

describe('double opt-in', () => {
  it('mails a confirmation in the page’s language whose link confirms on the page’s button, not on a GET', async () => {
    expect((await post({ name: 'Marta <Ruiz>', email: 'marta@example.es', language: 'es' })).status).toBe(201);
    const [arrived, ...more] = smtp.to('marta@example.es');
    expect(more).toHaveLength(0);
    const mail = arrived!.parsed;
    expect(toAddresses(mail)).toEqual(['marta@example.es']);
    expect(mail.subject).toBe('Confirme su suscripción al boletín de Vantia Partners');
    // A neutral greeting: the address has not confirmed, so nothing the visitor typed reaches it.
    expect(mail.text).toContain('Hola:');
    expect(mail.text).not.toContain('Marta');
    const [link] = htmlLinks(mail);
    expect(link).toMatch(/^https:\/\/site\.test\/es\/newsletter\/confirm\?token=[\w-]{32}$/);
    expect(mail.text).toContain(link);
    expect(await statusOf('marta@example.es')).toBe('pending');

    const confirmed = await confirmByMail('marta@example.es');
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('/es/newsletter/confirm?result=done');
    expect((await listSubscribers()).find((s) => s.email === 'marta@example.es')).toMatchObject({
      status: 'confirmed',
      language: 'es',
    });
    // A made-up token confirms nothing.
    const forged = await call(confirmFunction, '/api/newsletter/confirm', form({ token: 'x'.repeat(32), lang: 'es' }));
    expect(forged.headers.get('location')).toBe('/es/newsletter/confirm?result=invalid');
    const json = await callJson(confirmFunction, '/api/newsletter/confirm', {
      method: 'POST',
      body: { token: 'nope' },
    });
    expect(json).toMatchObject({ status: 404, body: { message: 'This link is not valid or has expired.' } });
  });

  it('mails an unconfirmed address nothing a visitor typed: no name, no link of theirs (phishing through sign-ups)', async () => {
    const name = 'Click https://evil.example/pay now';
    for (const [language, email] of [
      ['en', 'victim@example.com'],
      ['es', 'victima@example.es'],
    ] as const) {
      expect((await post({ name, email, language })).status).toBe(201);
      const [arrived] = smtp.to(email);
      const mail = arrived!.parsed;
      expect(mail.text).toContain(language === 'es' ? 'Hola:' : 'Hello,');
      for (const part of [mail.subject ?? '', mail.text ?? '', mail.html || '']) {
        expect(part).not.toContain('evil.example');
        expect(part).not.toContain('Click');
        expect(part).not.toContain('pay now');
      }
      expect(htmlLinks(mail)).toHaveLength(1);
      expect(htmlLinks(mail)[0]).toMatch(/^https:\/\/site\.test\//);
    }
    // The name is still the subscriber's, for the dashboard.
    expect((await getSubscriber('victim@example.com'))?.fullName).toBe(name);
  });

  it('takes the language of an HTML form’s page (`?lang=`) and answers it with the result page', async () => {
    const response = await call(
      newsletterFunction,
      '/api/newsletter?lang=es',
      form({ name: 'Sin Script', email: 'noscript@example.es' }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/es/form-result?form=newsletter&result=sent');
    expect(smtp.to('noscript@example.es')[0]!.parsed.subject).toBe(
      'Confirme su suscripción al boletín de Vantia Partners',
    );
  });

  it('sends the confirmation again to a pending address instead of refusing it, at most 3 a day', async () => {
    const email = 'again@example.com';
    for (let i = 0; i < 5; i += 1) expect((await post({ name: 'Again', email }, `10.51.0.${i}`)).status).toBe(201);
    expect(smtp.to(email)).toHaveLength(CONFIRMATION_MAILS_PER_ADDRESS);
    expect(smtp.to(email)[0]!.parsed.subject).toBe(
      'Please confirm your subscription to the Vantia Partners newsletter',
    );
    expect(await statusOf(email)).toBe('pending');
  });

  it('counts an address’s confirmation mails per UTC day, in one statement, and only while it is pending', async () => {
    await subscribe({ fullName: 'Day Counter', email: 'days@example.com' });
    const today = new Date();
    const tomorrow = new Date(today.getTime() + 86_400_000);
    resetQueryCount();
    const taken = [];
    for (let i = 0; i < 4; i += 1) taken.push(await takeConfirmationMail('Days@Example.com', 3, today));
    expect(queryCount()).toBe(4);
    expect(taken).toEqual([true, true, true, false]);
    expect(await takeConfirmationMail('days@example.com', 3, tomorrow)).toBe(true);
    expect(await takeConfirmationMail('nobody@example.com', 3, tomorrow)).toBe(false);
    const { token } = (await getSubscriber('days@example.com'))!;
    await call(confirmFunction, '/api/newsletter/confirm', form({ token: token!, lang: 'en' }));
    expect(await takeConfirmationMail('days@example.com', 3, new Date(tomorrow.getTime() + 86_400_000))).toBe(false);
  });

  it('counts confirmations per ISO week for the overview, by their confirmation time', async () => {
    const monday = Date.UTC(2025, 2, 3, 0, 30);
    const at = [monday - 3_600_000, monday, monday + 6 * 86_400_000, monday + 7 * 86_400_000];
    for (const [i, time] of at.entries()) {
      const result = await subscribe(
        { fullName: `Week ${i}`, email: `week${i}@example.com` },
        undefined,
        new Date(time),
      );
      if (result.status === 'duplicate') throw new Error('already confirmed');
      await confirmSubscription(result.subscriber.token!, new Date(time));
    }
    resetQueryCount();
    const weeks = await confirmationsPerWeek(new Date(Date.UTC(2025, 1, 1)), new Date(Date.UTC(2025, 3, 1)));
    expect(queryCount()).toBe(1);
    expect(weeks).toEqual({ '2025-02-24': 1, '2025-03-03': 2, '2025-03-10': 1 });
  });

  it('forgets sign-ups still pending after 30 days (for the retention job), and keeps confirmed ones', async () => {
    await post({ name: 'Late Larry', email: 'larry@example.com' });
    const now = Date.now();
    expect(await deleteExpiredPending(new Date(now + 29 * 86_400_000))).toBe(0);
    const removed = await deleteExpiredPending(new Date(now + 31 * 86_400_000));
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await statusOf('larry@example.com')).toBeUndefined();
    expect(await statusOf('marta@example.es')).toBe('confirmed');
    // Its link no longer works.
    expect((await confirmByMail('larry@example.com')).headers.get('location')).toBe(
      '/newsletter/confirm?result=invalid',
    );
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('puts List-Unsubscribe headers and a footer link on an issue; a POST to it unsubscribes at once', async () => {
    const subscriber = (await getSubscriber('marta@example.es'))!;
    expect(subscriber.status).toBe('confirmed');
    const token = subscriber.token!;
    await queueMail({
      key: `issues/sample/${addressHash(subscriber.email)}`,
      to: [subscriber.email],
      headers: unsubscribeHeaders(token),
      ...issueMail(
        { subject: 'Boletín de noviembre', html: '<p>Novedades del mes</p>', text: 'Novedades del mes' },
        subscriber.language,
        token,
      ),
    });
    const mail = smtp.to('marta@example.es').at(-1)!.parsed;
    expect(mail.subject).toBe('Boletín de noviembre');
    // The raw header, unfolded (RFC 5322).
    const header = (name: string) =>
      mail.headerLines.find((line) => line.key === name)?.line.replace(/\r?\n[ \t]+/g, ' ');
    const url = `https://site.test/api/newsletter/unsubscribe?token=${token}`;
    expect(header('list-unsubscribe')).toBe(`List-Unsubscribe: <${url}>`);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(htmlLinks(mail)).toEqual([url]);
    expect(mail.html).toContain('Darse de baja');
    expect(mail.text).toContain(`Darse de baja: ${url}`);

    // A person following the link gets the page in their language, with a button; nothing changes yet.
    const path = `/api/newsletter/unsubscribe${new URL(url).search}`;
    const page = await call(unsubscribeFunction, path);
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe(`/es/newsletter/unsubscribe?token=${token}`);
    expect(await statusOf('marta@example.es')).toBe('confirmed');

    // The mail client's one-click POST.
    const oneClick = await call(unsubscribeFunction, path, form({ 'List-Unsubscribe': 'One-Click' }));
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toBe('');
    expect(await statusOf('marta@example.es')).toBe('unsubscribed');
    expect((await listSubscribers()).filter((s) => s.status === 'confirmed').map((s) => s.email)).not.toContain(
      'marta@example.es',
    );
    // Again: still 200; the page's button is sent back to the page with the result.
    expect((await call(unsubscribeFunction, path, form({ 'List-Unsubscribe': 'One-Click' }))).status).toBe(200);
    const button = await call(unsubscribeFunction, path, form({ page: '1', lang: 'es' }));
    expect(button.headers.get('location')).toBe('/es/newsletter/unsubscribe?result=done');
    // An unknown token.
    const unknown = '/api/newsletter/unsubscribe?token=' + 'y'.repeat(32);
    expect((await call(unsubscribeFunction, unknown, form({ 'List-Unsubscribe': 'One-Click' }))).status).toBe(404);
    expect((await call(unsubscribeFunction, unknown)).headers.get('location')).toBe(
      '/newsletter/unsubscribe?result=invalid',
    );
    // Signing up again after unsubscribing starts a new double opt-in.
    expect((await post({ name: 'Marta', email: 'marta@example.es', language: 'es' }, '10.52.0.1')).status).toBe(201);
    expect(await statusOf('marta@example.es')).toBe('pending');
  });
});

describe('the admin’s list of subscribers', () => {
  let cookie: string;
  beforeAll(async () => {
    useTestEnv();
    cookie = await signIn();
  });

  async function adminPage(query: string): Promise<{ items: NewsletterSubscription[]; next: string | null }> {
    const response = await call(newslettersFunction, `/api/newsletters${query}`, asAdmin(cookie));
    expect(response.status).toBe(200);
    return {
      items: (await response.json()) as NewsletterSubscription[],
      next: response.headers.get(NEXT_CURSOR_HEADER),
    };
  }

  it('pages newest first with a cursor and searches name words, their first letters or a whole address, a statement a page', async () => {
    const base = Date.UTC(2025, 0, 1);
    for (let i = 0; i < 25; i += 1) {
      await subscribe(
        { fullName: `Página Reader ${i}`, email: `page${i}@list.example` },
        undefined,
        new Date(base + i * 3_600_000),
      );
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=10&q=${encodeURIComponent('PAGINA rea')}${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await adminPage(query);
      seen.push(...page.items.map((s) => s.fullName));
      resetQueryCount();
      await listSubscribersPage({ cursor, limit: 10, q: 'PAGINA rea' });
      expect(queryCount()).toBeLessThanOrEqual(1);
      cursor = page.next;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `Página Reader ${24 - i}`));

    expect((await adminPage('?q=reader%207')).items.map((s) => s.email)).toEqual(['page7@list.example']);
    expect((await adminPage('?q=Page12@List.Example')).items.map((s) => s.fullName)).toEqual(['Página Reader 12']);
    expect((await adminPage('?q=page12@list')).items).toEqual([]);
    expect((await adminPage('?q=%3F%3F')).items).toEqual([]);
    const all = await adminPage('?limit=200');
    const times = all.items.map((s) => s.registrationDate);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.items[0]).not.toHaveProperty('token');
  });

  it('exports every subscriber as CSV, and deletes one by id', async () => {
    const csv = await call(newslettersFunction, '/api/newsletters?format=csv', asAdmin(cookie));
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await csv.text()).trim().split(/\r?\n/);
    expect(lines[0]).toContain('Full Name');
    expect(lines.length - 1).toBe((await listSubscribers()).length);
    expect(lines.some((line) => line.includes('page7@list.example'))).toBe(true);

    const target = (await listSubscribers()).find((s) => s.email === 'page7@list.example')!;
    const remove = () =>
      call(
        newslettersFunction,
        `/api/newsletters/${target.id}`,
        asAdmin(cookie, { method: 'DELETE', params: { id: target.id } }),
      );
    expect((await remove()).status).toBe(200);
    expect((await remove()).status).toBe(404);
    expect(await getSubscriber('page7@list.example')).toBeNull();
  });
});
