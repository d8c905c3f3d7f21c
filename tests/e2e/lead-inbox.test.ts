import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startLocalSmtp, type LocalSmtp } from '../helpers/smtp';
import type { Taxonomy } from '../../src/features/taxonomy/schema';
import { byLanguage } from '../../src/i18n/languages';
import { E2E_ADMIN } from './global-setup';
import { baseUrl, signInAsAdmin, signInCookie, useBrowser } from './helpers';

const browser = useBrowser();
let smtp: LocalSmtp;
beforeAll(async () => {
  smtp = await startLocalSmtp({ port: inject('smtpPort') });
});
afterAll(async () => smtp.stop());

describe('the lead inbox', () => {
  it('replies to a lead from the Messages tab in its language, and marks it replied', async () => {
    const run = Date.now().toString(36);
    const email = `marta.${run}@inbox.example`;
    // Sent from the Spanish page: the form's URL names its language.
    const response = await fetch(`${baseUrl()}/api/contact?lang=es`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Marta ${run}`,
        email,
        phone: '+34 600 123 456',
        message: 'Quisiera una propuesta.',
      }),
    });
    expect(response.status).toBe(201);

    const page = await browser.page();
    await signInAsAdmin(page, 60_000);
    await page.getByRole('tab', { name: 'Messages' }).click();
    // Above the list, the counts; in the row, the message's preview and the unread badge.
    await expect
      .poll(() => page.locator('[data-lead-count="unread"]').textContent(), { timeout: 45_000 })
      .toMatch(/^[1-9]\d* unread$/);
    expect(await page.locator('[data-lead-count="waiting"]').textContent()).toMatch(/^[1-9]\d* waiting for a reply$/);
    const newRow = page.getByRole('row').filter({ hasText: `Marta ${run}` });
    expect(await newRow.locator('[data-lead-preview]').textContent()).toBe('Quisiera una propuesta.');
    expect(await newRow.locator('[data-lead-unread]').textContent()).toBe('Unread');
    // The view shows the phone as a link that calls it.
    await page.getByRole('button', { name: `View: Marta ${run}` }).click();
    const view = page.getByRole('dialog', { name: `Message from Marta ${run}` });
    expect(await view.locator('[data-lead-phone]').getAttribute('href')).toBe('tel:+34600123456');
    expect(await view.locator('[data-lead-phone]').textContent()).toBe('+34 600 123 456');
    await view.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: `Reply: Marta ${run}` }).click();
    const dialog = page.getByRole('dialog', { name: `Reply to Marta ${run}` });
    // The Spanish template, preselected, filled in with the lead's name.
    await expect.poll(() => dialog.getByLabel('Subject').inputValue(), { timeout: 45_000 }).toMatch(/^Su mensaje a /);
    expect(await dialog.getByLabel('Language').inputValue()).toBe('es');
    expect(await dialog.getByLabel('Message').inputValue()).toContain(`Marta ${run}`);
    await dialog.getByLabel('Subject').fill(`Propuesta ${run}`);
    const body = await dialog.getByLabel('Message').inputValue();
    await dialog.getByLabel('Message').fill(body.replace('. \n', '. Le llamamos el martes.\n'));
    await dialog.getByRole('button', { name: 'Send reply' }).click();
    await expect.poll(() => page.locator('[data-toast]').textContent(), { timeout: 45_000 }).toContain('Reply sent');

    // The acknowledgement of her message (in Spanish, none of her text), then the reply.
    await expect.poll(() => smtp.to(email).length, { timeout: 45_000 }).toBe(2);
    const [ack, mail] = smtp.to(email);
    expect(ack!.parsed.subject).toMatch(/^Hemos recibido su mensaje/);
    expect(ack!.parsed.text).not.toContain('Quisiera');
    expect(mail!.parsed.subject).toBe(`Propuesta ${run}`);
    expect(mail!.parsed.text).toContain('Le llamamos el martes.');
    expect(mail!.parsed.replyTo?.value.map((entry) => entry.address)).toEqual(['leads@e2e.test']);

    // The list shows it replied; the status filter finds it there.
    await page.locator('[data-lead-filter="status"]').selectOption('replied');
    const row = page.getByRole('row').filter({ hasText: `Marta ${run}` });
    await expect.poll(() => row.locator('[data-lead-status]').textContent(), { timeout: 45_000 }).toBe('Replied');
  }, 180_000);
});

describe('names from the services and categories list', () => {
  it('shows a renamed category on the public pages in both languages, and a new service in the Messages tab', async () => {
    const run = Date.now().toString(36);
    const cookie = await signInCookie(E2E_ADMIN.username, E2E_ADMIN.password);
    const admin = { cookie, origin: baseUrl(), 'content-type': 'application/json' };
    const list = async () =>
      (await fetch(`${baseUrl()}/api/taxonomy`, { headers: admin }).then((r) => r.json())) as Taxonomy;
    const save = (version: number, entries: Taxonomy['entries']) =>
      fetch(`${baseUrl()}/api/taxonomy`, { method: 'PUT', headers: admin, body: JSON.stringify({ version, entries }) });
    type Item = { id: string; category: string | null };
    const [item] = (await fetch(`${baseUrl()}/api/portfolio`).then((r) => r.json())) as Item[];
    const [insight] = (await fetch(`${baseUrl()}/api/insights`).then((r) => r.json())) as Item[];
    const original = await list();
    const renamed = (key: string | null) => (key === item!.category ? ['Harbour', 'Puerto'] : ['Quill', 'Pluma']);
    const entries = [
      ...original.entries.map((entry) =>
        entry.key === item!.category || entry.key === insight!.category
          ? { ...entry, en: `${renamed(entry.key)[0]} ${run}`, es: `${renamed(entry.key)[1]} ${run}` }
          : entry,
      ),
      {
        key: `esg-${run}`,
        ...byLanguage(() => `ESG Advisory ${run}`),
        es: `Asesoría ESG ${run}`,
        uses: ['service' as const],
      },
    ];
    expect((await save(original.version, entries)).status).toBe(200);
    try {
      const html = async (path: string) => {
        const response = await fetch(`${baseUrl()}${path}`);
        expect(response.status, path).toBe(200);
        return response.text();
      };
      const pages: Array<[string, string]> = [
        ['/portfolio', `${renamed(item!.category)[0]} ${run}`],
        ['/es/portfolio', `${renamed(item!.category)[1]} ${run}`],
        [`/portfolio/${item!.id}`, `${renamed(item!.category)[0]} ${run}`],
        [`/es/portfolio/${item!.id}`, `${renamed(item!.category)[1]} ${run}`],
        ['/insights', `${renamed(insight!.category)[0]} ${run}`],
        ['/es/insights', `${renamed(insight!.category)[1]} ${run}`],
        [`/insights/${insight!.id}`, `${renamed(insight!.category)[0]} ${run}`],
        [`/es/insights/${insight!.id}`, `${renamed(insight!.category)[1]} ${run}`],
        ['/', `ESG Advisory ${run}`],
        ['/es/', `Asesoría ESG ${run}`],
      ];
      for (const [path, name] of pages) expect(await html(path), path).toContain(name);

      const sent = await fetch(`${baseUrl()}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Nora ${run}`,
          email: `nora.${run}@inbox.example`,
          message: 'ESG, please.',
          serviceOfInterest: `esg-${run}`,
        }),
      });
      expect(sent.status).toBe(201);
      const page = await browser.page();
      await signInAsAdmin(page, 60_000);
      await page.getByRole('tab', { name: 'Messages' }).click();
      const row = page.getByRole('row').filter({ hasText: `Nora ${run}` });
      await expect.poll(() => row.textContent(), { timeout: 45_000 }).toContain(`ESG Advisory ${run}`);
      await page.close();
    } finally {
      const now = await list();
      expect((await save(now.version, original.entries)).status).toBe(200);
    }
  }, 180_000);
});
