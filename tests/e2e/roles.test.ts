import { describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './global-setup';
import { useBrowser } from './helpers';

const browser = useBrowser();

/** A small real PDF (header, catalogue, trailer, end marker). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n' +
    'xref\n0 3\ntrailer <</Size 3 /Root 1 0 R>>\nstartxref\n0\n%%EOF\n',
);

/** The new investor's temporary password, from the admin's test to the investor's. */
let temporary = '';

describe('roles and users', () => {
  it('an admin creates an investor, shares a document with them only and publishes an update for investors', async () => {
    await browser.context().clearCookies();
    const page = await browser.page({ allowFailedRequests: true });
    page.setDefaultTimeout(20_000);
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto('/admin');
    const login = page.getByRole('dialog', { name: 'Investor Login' });
    await login.getByLabel('Username').fill(E2E_ADMIN.username);
    await login.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await login.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor({ timeout: 20_000 });

    // The admin adds an investor and is shown a temporary password, once.
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('button', { name: 'Add user' }).click();
    const form = page.locator('[data-user-form]');
    await form.getByLabel('Username').fill('e2e-new-investor');
    await form.getByLabel('Role').selectOption('investor');
    await form.getByRole('button', { name: 'Create' }).click();
    const shown = page.locator('[data-temporary-password]');
    await shown.waitFor({ timeout: 15_000 });
    temporary = (await shown.textContent())!.trim();
    expect(temporary).toMatch(/^[\w-]{16}$/);
    await page
      .getByRole('dialog', { name: 'Temporary password' })
      .getByRole('button', { name: 'Close' })
      .last()
      .click();
    const row = page.getByRole('table', { name: 'Users' }).getByRole('row', { name: /e2e-new-investor/ });
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('temporary password');

    // The admin shares a PDF with that investor only, and publishes an update for investors.
    await page.getByRole('tab', { name: 'Investor Documents' }).click();
    await page.getByRole('button', { name: 'Upload document' }).click();
    const documentForm = page.locator('[data-document-form]');
    await documentForm
      .getByLabel('PDF file')
      .setInputFiles({ name: 'Q3 report.pdf', mimeType: 'application/pdf', buffer: PDF });
    await documentForm.getByLabel('Title (English)').fill('Quarterly report Q3');
    await documentForm.getByLabel('Title (Español)').fill('Informe trimestral T3');
    await documentForm.getByLabel('Chosen investors').check();
    await documentForm.getByLabel('e2e-new-investor').check();
    await documentForm.getByRole('button', { name: 'Upload' }).click();
    await expect
      .poll(() => page.locator('[data-toast]').textContent(), { timeout: 15_000 })
      .toContain('Document uploaded');
    const documentRow = page
      .getByRole('table', { name: 'Investor Documents' })
      .getByRole('row', { name: /Quarterly report Q3/ });
    await expect.poll(() => documentRow.textContent(), { timeout: 15_000 }).toContain('e2e-new-investor');

    await page.getByRole('tab', { name: 'Investor Updates' }).click();
    await page.getByRole('button', { name: 'Add update' }).click();
    const updateForm = page.locator('[data-investor-update-form]');
    await updateForm.getByLabel('Title (English)').fill('Fund II closes its first round');
    await updateForm.getByLabel('Title (Español)').fill('El Fondo II cierra su primera ronda');
    await updateForm.getByRole('button', { name: 'HTML' }).click();
    await updateForm
      .getByLabel('Content — English (HTML)')
      .fill('<p>Commitments reached <strong>EUR 40m</strong>.</p>');
    await updateForm.getByLabel('Published (investors can read it)').check();
    await updateForm.getByRole('button', { name: 'Create' }).click();
    await expect
      .poll(() => page.locator('[data-toast]').textContent(), { timeout: 15_000 })
      .toContain('Update created');
    const updateRow = page.getByRole('table', { name: 'Investor Updates' }).getByRole('row', { name: /Fund II/ });
    await expect.poll(() => updateRow.textContent(), { timeout: 15_000 }).toContain('Published');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('dialog', { name: 'Investor Login' }).waitFor({ timeout: 20_000 });
    await page.close();
  });

  it('the investor chooses a password, reads the update, downloads the document and sees the investor dashboard only', async () => {
    expect(temporary).toMatch(/^[\w-]{16}$/);
    // The investor signs in the same way, must choose a password, and lands on their own dashboard.
    await browser.context().clearCookies();
    const page = await browser.page({ allowFailedRequests: true });
    page.setDefaultTimeout(20_000);
    await page.goto('/admin');
    const again = page.getByRole('dialog', { name: 'Investor Login' });
    await again.getByLabel('Username').fill('e2e-new-investor');
    await again.getByLabel('Password', { exact: true }).fill(temporary);
    await again.getByRole('button', { name: 'Sign in' }).click();
    const choose = page.getByRole('dialog', { name: 'Choose your own password' });
    await choose.waitFor({ timeout: 20_000 });
    await choose.getByLabel('Current password', { exact: true }).fill(temporary);
    await choose.getByLabel('New password', { exact: true }).fill('the investor own password');
    await choose.getByLabel('Repeat the new password').fill('the investor own password');
    await choose.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('heading', { name: 'Investor Dashboard' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('tab', { name: 'Messages' }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'Users' }).count()).toBe(0);

    // Updates first, newest first; then the document shared with them, downloaded as an attachment.
    const updates = page.locator('[data-investor-updates]');
    await expect.poll(() => updates.textContent(), { timeout: 15_000 }).toContain('Fund II closes its first round');
    expect(await updates.locator('.rich-text strong').textContent()).toBe('EUR 40m');
    // On a 390 px phone the updates fit the width (nothing scrolls sideways).
    await page.setViewportSize({ width: 390, height: 844 });
    const fits = await updates.evaluate(
      (element) =>
        element.scrollWidth <= element.clientWidth && element.getBoundingClientRect().right <= window.innerWidth,
    );
    expect(fits).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('tab', { name: 'Documents' }).click();
    const downloadButton = page.getByRole('button', { name: 'Download: Quarterly report Q3' });
    await downloadButton.waitFor({ timeout: 15_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    expect(download.suggestedFilename()).toBe('Q3 report.pdf');
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(PDF)).toBe(true);

    // The Messages screen and its data are refused.
    await page.goto('/admin#messages');
    await page.locator('[data-access-denied-panel]').waitFor({ timeout: 20_000 });
    expect(await page.locator('[data-access-denied-panel]').textContent()).toContain(
      "You don't have permission to access this page.",
    );
    const data = await page.evaluate(async () => {
      const response = await fetch('/api/contact-messages', { credentials: 'include' });
      return { status: response.status, body: await response.text() };
    });
    expect(data).toEqual({ status: 403, body: JSON.stringify({ message: 'Access Denied' }) });
    await page.close();
    await browser.context().clearCookies();
  });
});
