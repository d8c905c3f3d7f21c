import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser, signInAsAdmin } from './helpers';

const browser = useBrowser();

async function post(path: string, body: unknown): Promise<void> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
}

describe('deleting records and privacy requests in the dashboard', () => {
  it('deletes one message after confirming it in the page, then finds, downloads and erases an address', async () => {
    const run = Date.now().toString(36);
    const email = `lucia.${run}@privacy.example`;
    await post('/api/contact', { name: `Lucía ${run}`, email, message: 'Please send a proposal.' });
    await post('/api/contact', { name: `Tomás ${run}`, email: `tomas.${run}@privacy.example`, message: 'Hello' });
    await post('/api/newsletter', { name: `Lucía ${run}`, email });
    const page = await browser.page();
    // No browser confirm() box: the confirmation is in the page.
    page.on('dialog', () => expect.fail('window.confirm is not used'));
    await signInAsAdmin(page);

    await page.getByRole('tab', { name: 'Messages' }).click();
    await page.getByRole('button', { name: `Delete: Tomás ${run}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete for good' });
    expect(await confirm.textContent()).toContain(
      `Delete the message from Tomás ${run} (tomas.${run}@privacy.example)`,
    );
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect
      .poll(() => page.locator('[data-toast]').textContent(), { timeout: 15_000 })
      .toContain('Message deleted');
    // The list, loaded again: the other message is there, the deleted one is not.
    await expect
      .poll(
        async () => {
          const text = (await page.locator('#admin-panel').textContent()) ?? '';
          return text.includes(`Lucía ${run}`) && !text.includes(`Tomás ${run}`);
        },
        { timeout: 15_000 },
      )
      .toBe(true);

    await page.getByRole('tab', { name: 'Privacy requests' }).click();
    await page.getByLabel('Email address').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Find' }).click();
    const results = page.locator('[data-privacy-results]');
    await expect.poll(() => results.textContent(), { timeout: 15_000 }).toContain(`What the site holds about ${email}`);
    expect(await results.textContent()).toContain('1 messages, 0 chat conversations, 1 newsletter subscriptions');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download JSON' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^privacy-request-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
      email: string;
      contactMessages: Array<{ email: string }>;
      newsletter: { email: string } | null;
    };
    expect(file.email).toBe(email);
    expect(file.contactMessages.map((message) => message.email)).toEqual([email]);
    expect(file.newsletter?.email).toBe(email);

    await page.getByRole('button', { name: 'Erase everything' }).click();
    const erase = page.getByRole('dialog', { name: 'Erase everything about this address' });
    expect(await erase.textContent()).toContain(`Erase everything the site holds about ${email}`);
    await erase.getByRole('button', { name: 'Erase everything' }).click();
    await expect
      .poll(() => page.locator('[data-privacy-nothing]').textContent(), { timeout: 15_000 })
      .toBe('The site holds nothing about this address.');

    await page.getByRole('tab', { name: 'Audit Log' }).click();
    await expect
      .poll(() => page.locator('#admin-panel').textContent(), { timeout: 15_000 })
      .toContain('privacy.erasure');
    // The action is named in the dashboard's language, its code beside it.
    expect(await page.locator('#admin-panel').textContent()).toContain('Erased a person’s data privacy.erasure');
    expect(await page.locator('#admin-panel').textContent()).not.toContain(email);
    await page.close();
  });
});
