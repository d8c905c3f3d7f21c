import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser, signInAsAdmin } from './helpers';

const browser = useBrowser();

describe('dashboard overview and the services list', () => {
  it("shows this week's contact messages with a text alternative, in both languages", async () => {
    const sent = await fetch(`${baseUrl()}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl() },
      body: JSON.stringify({ name: 'Ana García', email: 'ana.overview@cliente.example', message: 'A proposal.' }),
    });
    expect(sent.status).toBe(201);
    const page = await browser.page();
    await signInAsAdmin(page);
    const overview = page.getByRole('region', { name: 'Last 12 weeks' });
    const messages = overview.locator('[data-overview-kind="messages"]');
    await messages.waitFor({ timeout: 15_000 });
    expect(await messages.getByRole('img').getAttribute('aria-label')).toMatch(
      /^Contact messages, last 12 weeks, oldest first: (\d+, ){11}[1-9]\d*$/,
    );
    const table = overview.getByRole('table', { name: 'Last 12 weeks' });
    expect(await table.locator('tbody tr').count()).toBe(12);
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Week of',
      'Contact messages',
      'Chat leads',
      'Chat conversations',
      'Video calls',
      'New confirmed subscribers',
      'Visitors',
    ]);
    // The site's visitors of each week beside the leads (issue #33), read from the analytics' daily figures.
    expect(
      await overview.locator('[data-overview-kind="visitors"]').getByRole('img').getAttribute('aria-label'),
    ).toMatch(/^Visitors, last 12 weeks, oldest first: (\d+, ){11}\d+$/);
    // The tabs are still there, below it.
    expect(await page.getByRole('tab', { name: 'Portfolio' }).getAttribute('aria-selected')).toBe('true');

    await page.locator('[data-admin-language]').click();
    await page.getByRole('heading', { name: 'Últimas 12 semanas' }).waitFor();
    // (The region is named in Spanish now.)
    expect(await page.locator('[data-overview-kind="messages"] p').first().textContent()).toBe('Mensajes de contacto');
    await page.locator('[data-admin-language]').click();
    await page.close();
  });

  it('adds a service in the dashboard that the contact form then offers', async () => {
    const page = await browser.page();
    // The dashboard in English, whatever the test before left chosen on this browser.
    await page.addInitScript(() => localStorage.setItem('admin-language', 'en'));
    await signInAsAdmin(page);
    await page.getByRole('tab', { name: 'Services & categories' }).click();
    const form = page.locator('[data-taxonomy]');
    await form.getByRole('button', { name: 'Add entry' }).click();
    await form.getByRole('button', { name: 'Save list' }).click();
    // Checked in the page, next to the fields.
    expect(await form.getByText('Enter a name.').count()).toBe(2);
    const added = form.locator('li').last();
    await added.getByLabel('Name (English)').fill('Sustainability');
    await added.getByLabel('Name (Español)').fill('Sostenibilidad');
    await form.getByRole('button', { name: 'Save list' }).click();
    await page.getByText('List saved').waitFor();
    await form.locator('[data-taxonomy-entry="Sustainability"]').waitFor();

    await page.goto('/es/');
    const select = page.locator('#contact').getByLabel(/Servicio de interés/);
    await expect.poll(() => select.locator('option').allTextContents()).toContain('Sostenibilidad');
    // The home page's practices list it too.
    expect(await page.locator('[data-service-list] li').allTextContents()).toContain('Sostenibilidad');
    await page.close();
  });
});
