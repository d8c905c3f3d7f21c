import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startLocalSmtp, type LocalSmtp } from '../helpers/smtp';
import { baseUrl, useBrowser, signInAsAdmin } from './helpers';

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
      body: JSON.stringify({ name: `Marta ${run}`, email, message: 'Quisiera una propuesta.' }),
    });
    expect(response.status).toBe(201);

    const page = await browser.page();
    await signInAsAdmin(page, 60_000);
    await page.getByRole('tab', { name: 'Messages' }).click();
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

    await expect.poll(() => smtp.to(email).length, { timeout: 45_000 }).toBe(1);
    const [mail] = smtp.to(email);
    expect(mail!.parsed.subject).toBe(`Propuesta ${run}`);
    expect(mail!.parsed.text).toContain('Le llamamos el martes.');
    expect(mail!.parsed.replyTo?.value.map((entry) => entry.address)).toEqual(['leads@e2e.test']);

    // The list shows it replied; the status filter finds it there.
    await page.locator('[data-lead-filter="status"]').selectOption('replied');
    const row = page.getByRole('row').filter({ hasText: `Marta ${run}` });
    await expect.poll(() => row.locator('[data-lead-status]').textContent(), { timeout: 45_000 }).toBe('Replied');
  }, 180_000);
});
