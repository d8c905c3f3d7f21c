import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminEs } from '../../src/i18n/admin/es';
import { languageRow } from '../../src/i18n/languages';
import { htmlLinks, startLocalSmtp, type LocalSmtp } from '../helpers/smtp';
import { baseUrl, useBrowser, signInAsAdmin } from './helpers';

/**
 * The newsletter, done right (issue 12): an admin signs in, switches the dashboard to Spanish, writes an issue in
 * both languages and sends it; a confirmed Spanish subscriber receives it in Spanish with one-click unsubscribe
 * headers that work.
 */
const browser = useBrowser();
// The served site's SMTP_URL points at this port (tests/e2e/global-setup.ts): the mail it sends arrives here.
let smtp: LocalSmtp;
beforeAll(async () => {
  smtp = await startLocalSmtp({ port: inject('smtpPort') });
});
afterAll(async () => smtp.stop());

const SUBSCRIBER = 'lectora@issues.example';
const t = adminEs.newsletterIssues;

/** A confirmed Spanish subscriber, through the site's own sign-up and its confirmation mail. */
async function confirmedSubscriber(email: string): Promise<void> {
  const signUp = await fetch(`${baseUrl()}/api/newsletter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl() },
    body: JSON.stringify({ name: 'Lectora', email, language: 'es' }),
  });
  expect(signUp.status).toBe(201);
  await expect.poll(() => smtp.to(email).length, { timeout: 15_000 }).toBe(1);
  const token = new URL(htmlLinks(smtp.to(email)[0]!.parsed)[0]!).searchParams.get('token');
  const confirm = await fetch(`${baseUrl()}/api/newsletter/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl() },
    body: JSON.stringify({ token }),
  });
  expect(confirm.status).toBe(200);
}

describe('newsletter issues', () => {
  it('are written and sent from the dashboard in Spanish, and arrive with working one-click unsubscribe', async () => {
    await confirmedSubscriber(SUBSCRIBER);
    const page = await browser.page();
    await signInAsAdmin(page);
    await page.getByRole('button', { name: languageRow('es').name }).click();
    await page.getByRole('heading', { name: adminEs.title }).waitFor();

    await page.getByRole('tab', { name: t.tab }).click();
    await page.getByRole('button', { name: t.add }).click();
    const form = page.locator('[data-newsletter-issue-form]');
    await form.getByLabel(`${t.subject} (English)`).fill('November notes');
    await form.getByLabel(`${t.subject} (Español)`).fill('Notas de noviembre');
    await form.getByRole('button', { name: adminEs.editor.html }).click();
    await form.getByLabel(`${t.body} — English (HTML)`).fill('<p>Our <strong>news</strong>.</p>');
    await form.getByRole('tab', { name: 'Español' }).click();
    await form.getByRole('button', { name: adminEs.editor.html }).click();
    await form.getByLabel(`${t.body} — Español (HTML)`).fill('<p>Nuestras <strong>novedades</strong>.</p>');
    await form.getByRole('button', { name: adminEs.form.create }).click();

    const row = page.getByRole('row').filter({ hasText: 'November notes' });
    await row.getByRole('button', { name: `${t.send}: November notes`, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: t.sendTitle });
    expect(await confirm.textContent()).toContain(t.sendText('November notes'));
    await confirm.getByRole('button', { name: t.sendConfirm }).click();
    // The background run sends it; the row's status is polled until it is sent, with its counts.
    await expect
      .poll(() => row.locator('[data-issue-status]').getAttribute('data-issue-status'), { timeout: 30_000 })
      .toBe('sent');
    expect(await row.locator('[data-issue-counts]').textContent()).toMatch(
      /^Enviados \/ fallidos \/ total: (\d+) \/ 0 \/ \1$/,
    );

    await expect.poll(() => smtp.to(SUBSCRIBER).length, { timeout: 15_000 }).toBe(2);
    const mail = smtp.to(SUBSCRIBER)[1]!.parsed;
    expect(mail.subject).toBe('Notas de noviembre');
    expect(mail.html).toContain('Nuestras <strong>novedades</strong>.');
    expect(mail.text).toContain('Nuestras novedades.');
    const header = (name: string) =>
      mail.headerLines.find((line) => line.key === name)?.line.replace(/\r?\n[ \t]+/g, ' ') ?? '';
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const link = /^List-Unsubscribe: <([^>]+)>$/.exec(header('list-unsubscribe'))?.[1];
    expect(link).toMatch(/\/api\/newsletter\/unsubscribe\?token=[\w-]{32}$/);
    expect(htmlLinks(mail)).toContain(link);

    // A mail client's one-click POST to that address (on the served site).
    const url = new URL(link!);
    const oneClick = await fetch(`${baseUrl()}${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toBe('');

    await page.getByRole('tab', { name: adminEs.tabs.newsletter, exact: true }).click();
    await page.getByLabel(adminEs.search).fill(SUBSCRIBER);
    const subscriber = page.getByRole('row').filter({ hasText: SUBSCRIBER });
    await expect
      .poll(() => subscriber.locator('[data-subscriber-status]').getAttribute('data-subscriber-status'), {
        timeout: 15_000,
      })
      .toBe('unsubscribed');
    await page.close();
  });
});
