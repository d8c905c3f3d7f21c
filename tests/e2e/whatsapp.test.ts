import { describe, expect, it } from 'vitest';
import { database } from '../../src/platform/db/client';
import { whatsappContacts, whatsappMessages } from '../../src/features/whatsapp/tables';
import { signInAsAdmin, useBrowser, useSiteDatabase } from './helpers';

const browser = useBrowser();
useSiteDatabase();

/** A WhatsApp conversation as the webhook would have stored it: one reply sent, one not (the window had closed). */
async function seedConversation(run: string) {
  const hours = (n: number) => new Date(Date.now() - n * 60 * 60 * 1000).toISOString();
  const id = `ES.e2e${run}`;
  await database()
    .insert(whatsappContacts)
    .values({
      id,
      phone: '34611222333',
      name: `Inés ${run}`,
      language: 'es',
      started: hours(30),
      lastInboundAt: hours(26),
      lastActivity: hours(1),
      disclosedAt: hours(30),
    });
  await database()
    .insert(whatsappMessages)
    .values([
      {
        wamid: `wamid.${run}.1`,
        contactId: id,
        direction: 'in',
        type: 'text',
        body: '¿Qué hacen?',
        at: hours(30),
        status: 'received',
      },
      {
        wamid: `wamid.${run}.2`,
        contactId: id,
        direction: 'out',
        type: 'text',
        body: 'Ayudamos a medianas empresas.',
        at: hours(30),
        status: 'read',
        inReplyTo: `wamid.${run}.1`,
      },
      {
        wamid: `wamid.${run}.3`,
        contactId: id,
        direction: 'in',
        type: 'text',
        body: '¿Siguen ahí?',
        at: hours(26),
        status: 'received',
      },
      {
        wamid: `local.${run}.4`,
        contactId: id,
        direction: 'out',
        type: 'text',
        body: 'Sí.',
        at: hours(1),
        status: 'not-sent',
        note: 'window',
        inReplyTo: `wamid.${run}.3`,
      },
    ]);
}

describe('the WhatsApp Bot tab: both channels', () => {
  it('lists WhatsApp with a channel column and filter, says it is not connected, and shows why a reply was not sent', async () => {
    const run = Date.now().toString(36);
    await seedConversation(run);
    const page = await browser.page();
    await signInAsAdmin(page);
    await page.getByRole('tab', { name: 'WhatsApp Bot' }).click();

    const notice = page.locator('[data-whatsapp-notice="not-connected"]');
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.textContent()).toContain('WhatsApp is not connected');
    expect(await notice.textContent()).toContain('WHATSAPP_VERIFY_TOKEN');
    expect(await notice.textContent()).toContain('/api/whatsapp/webhook');

    const rows = page.getByRole('table', { name: 'WhatsApp Bot' }).locator('tbody tr');
    const row = rows.filter({ hasText: '+34611222333' });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.locator('[data-conversation-channel]').textContent()).toBe('WhatsApp');

    await page.locator('[data-conversation-filter="channel"]').selectOption('whatsapp');
    await expect
      .poll(async () => new Set(await rows.locator('[data-conversation-channel]').allTextContents()), {
        timeout: 15_000,
      })
      .toEqual(new Set(['WhatsApp']));
    await page.locator('[data-conversation-filter="channel"]').selectOption('chat');
    await expect.poll(() => rows.filter({ hasText: '+34611222333' }).count(), { timeout: 15_000 }).toBe(0);
    await page.locator('[data-conversation-filter="channel"]').selectOption('');

    await row.getByRole('button', { name: 'View' }).click();
    const dialog = page.getByRole('dialog', { name: 'Conversation' });
    await dialog.locator('[data-whatsapp-transcript]').waitFor();
    expect(await dialog.locator('[data-whatsapp-window]').getAttribute('data-whatsapp-window')).toBe('closed');
    expect(await dialog.locator('[data-whatsapp-not-sent="window"]').textContent()).toContain(
      'Not sent: more than 24 hours had passed since their last message',
    );
    expect(await dialog.locator('[data-whatsapp-status="read"]').textContent()).toContain('Read');
    await page.close();
  });

  it('finds the conversation by phone in a privacy request', async () => {
    const run = `p${Date.now().toString(36)}`;
    await seedConversation(run);
    const page = await browser.page();
    await signInAsAdmin(page);
    await page.getByRole('tab', { name: 'Privacy requests' }).click();
    await page.getByLabel('or phone (WhatsApp)').fill('611 222 333');
    await page.getByRole('button', { name: 'Find' }).click();
    const results = page.locator('[data-privacy-results]');
    await expect
      .poll(() => results.textContent(), { timeout: 15_000 })
      .toContain('What the site holds about 611 222 333');
    expect(await results.locator('[data-privacy-whatsapp]').count()).toBeGreaterThanOrEqual(1);
    expect(await results.textContent()).toContain('+34611222333');
    await page.close();
  });
});
