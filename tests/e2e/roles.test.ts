import { describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './global-setup';
import { useBrowser } from './helpers';

const browser = useBrowser();

describe('roles and users', () => {
  it('an admin creates an investor, who chooses a password and sees the investor dashboard only', async () => {
    await browser.context().clearCookies();
    const page = await browser.page({ allowFailedRequests: true });
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
    const temporary = (await shown.textContent())!.trim();
    expect(temporary).toMatch(/^[\w-]{16}$/);
    await page
      .getByRole('dialog', { name: 'Temporary password' })
      .getByRole('button', { name: 'Close' })
      .last()
      .click();
    const row = page.getByRole('table', { name: 'Users' }).getByRole('row', { name: /e2e-new-investor/ });
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('temporary password');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('dialog', { name: 'Investor Login' }).waitFor({ timeout: 20_000 });

    // The investor signs in the same way, must choose a password, and lands on their own dashboard.
    await browser.context().clearCookies();
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
