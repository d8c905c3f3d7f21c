import { slugify } from '../../src/features/content/publishing-schema';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './global-setup';
import {
  adminApi,
  axeViolations,
  baseUrl,
  createEnglishOnlyCaseStudy,
  signInCookie,
  useBrowser,
  useSiteDatabase,
} from './helpers';

const browser = useBrowser();

/** Signs in through the API (tests/e2e/admin.test.ts covers the sign-in dialog) and opens the dashboard. */
async function signIn(page: Page, cookie: string) {
  await page.context().addCookies(
    cookie.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name: name!, value: value.join('='), url: baseUrl() };
    }),
  );
  await page.goto('/admin');
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor({ timeout: 60_000 });
}

let cookie = '';
/** The case study this file writes, deleted at the end: other files read the same e2e store's newest case study. */
let createdId = '';
afterAll(async () => {
  if (!createdId) return;
  const response = await fetch(`${baseUrl()}/api/portfolio/${createdId}`, {
    method: 'DELETE',
    headers: { origin: baseUrl(), cookie },
  });
  expect(response.status).toBe(200);
});

/** The open tab's content has arrived (no loading state left). */
async function settled(page: Page) {
  await expect
    .poll(() => page.locator('#admin-panel').textContent(), { timeout: 15_000 })
    .not.toMatch(/Loading\.\.\.|Cargando/);
}

/** axe finds nothing on the page as it is now (`scope` names the state in a failure). */
async function noViolations(page: Page, scope: string) {
  expect.soft(await axeViolations(page), scope).toEqual([]);
}

/** The error message a field is described by. */
async function describedBy(field: Locator): Promise<string> {
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  const ids = (await field.getAttribute('aria-describedby')) ?? '';
  const page = field.page();
  const texts = await Promise.all(ids.split(' ').map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join(' ');
}

/** Nothing scrolls sideways: neither the page nor the dashboard nor an open dialog (a failure names the widest parts). */
async function fits(page: Page, scope: string) {
  const overflow = await page.evaluate(() => {
    const boxes = [
      document.documentElement,
      ...document.querySelectorAll<HTMLElement>('[data-admin-dashboard], dialog[open]'),
    ];
    const widest = [...document.querySelectorAll<HTMLElement>('[data-admin-dashboard] *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      // The tab list may scroll inside itself (inView checks the chosen tab); text for screen readers is clipped.
      .filter((element) => !element.closest('[role=tablist], .sr-only'))
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120));
    return { widths: boxes.map((box) => box.scrollWidth - box.clientWidth), widest };
  });
  expect(overflow, scope).toEqual({ widths: overflow.widths.map(() => 0), widest: [] });
}

/** The element is on screen from left to right. */
async function inView(element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  return !!box && box.x >= 0 && box.x + box.width <= element.page().viewportSize()!.width + 0.5;
}

/**
 * With E2E_SCREENSHOTS=dir, a picture of the dashboard (or the open dialog) whole, to look at: a test cannot judge
 * what is pleasant. The dashboard scrolls inside a fixed box, so the window is made as tall as its content.
 */
async function shoot(page: Page, name: string) {
  const dir = process.env['E2E_SCREENSHOTS'];
  if (!dir) return;
  const viewport = page.viewportSize()!;
  const height = await page.evaluate(() =>
    Math.max(...[...document.querySelectorAll('[data-admin-dashboard], dialog[open]')].map((box) => box.scrollHeight)),
  );
  await page.setViewportSize({ width: viewport.width, height: Math.min(height + 40, 6000) });
  await page.screenshot({ path: `${dir}/${name.replace(/\W+/g, '-')}.png` });
  await page.setViewportSize(viewport);
}

const ONLY_ENGLISH = 'Only in English, for the badge';

useSiteDatabase();

describe('the dashboard: accessible, keyboard-friendly, usable at 390 px', () => {
  it('has no axe violation on any tab or dialog, asks before discarding edits, and checks fields in place', async () => {
    // A case study written in English only: its row says Spanish is missing.
    cookie = await signInCookie(E2E_ADMIN.username, E2E_ADMIN.password);
    const id = await createEnglishOnlyCaseStudy(cookie, {
      title: ONLY_ENGLISH,
      description: 'English description',
      content: '<p>English text</p>',
    });
    createdId = id;

    const page = await browser.page();
    page.setDefaultTimeout(15_000);
    page.on('dialog', () => expect.fail('no browser popup (alert, confirm) is used'));
    await signIn(page, cookie);
    expect(await page.title()).toBe('Admin Dashboard | Vantia Partners');
    await settled(page);

    // Every tab, by keyboard: arrow keys move between tabs; axe finds nothing on each.
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs.length).toBeGreaterThanOrEqual(6);
    await page.getByRole('tab', { name: tabs[0]!, exact: true }).focus();
    for (const [index, name] of tabs.entries()) {
      if (index > 0) await page.keyboard.press('ArrowRight');
      expect(await page.getByRole('tab', { name, exact: true }).getAttribute('aria-selected')).toBe('true');
      await settled(page);
      await noViolations(page, `tab ${name}`);
    }

    // Portfolio: sorting by a column, the missing-language badge and View on site in the dashboard's language.
    await page.getByRole('tab', { name: 'Portfolio' }).click();
    const table = page.getByRole('table', { name: 'Portfolio' });
    await expect.poll(() => table.locator('tbody tr').count()).toBeGreaterThanOrEqual(2);
    const titleHeader = table.getByRole('columnheader', { name: 'Title' });
    await titleHeader.getByRole('button').click();
    expect(await titleHeader.getAttribute('aria-sort')).toBe('ascending');
    const titles = () => table.locator('tbody tr td:first-child').allTextContents();
    const ascending = await titles();
    expect(ascending).toEqual([...ascending].sort((a, b) => a.localeCompare(b, 'en-GB', { sensitivity: 'base' })));
    await titleHeader.getByRole('button').press('Enter');
    expect(await titleHeader.getAttribute('aria-sort')).toBe('descending');
    expect(await titles()).toEqual([...ascending].reverse());
    const row = table.getByRole('row', { name: new RegExp(ONLY_ENGLISH) });
    expect(await row.locator('[data-missing-language]').allTextContents()).toEqual(['Spanish missing']);
    expect(await row.getByRole('link', { name: /^View on site/ }).getAttribute('href')).toBe(
      `/portfolio/${slugify(ONLY_ENGLISH)}`,
    );

    // The editor dialog: toolbar buttons named, fields checked in the dialog, focus to the first message.
    await page.getByRole('button', { name: 'Add Item' }).click();
    const editor = page.getByRole('dialog', { name: 'Add Portfolio Item' });
    const toolbar = editor.locator('.ql-toolbar');
    await toolbar.waitFor();
    for (const button of await toolbar.locator('button, .ql-picker-label').all()) {
      expect(await button.getAttribute('aria-label')).toBeTruthy();
    }
    expect(await toolbar.getByRole('button', { name: 'Bold' }).count()).toBe(1);
    // Styled by the dashboard's own stylesheet (Quill's theme is in it, not inlined into the page).
    expect(await page.locator('link[data-admin-styles]').count()).toBe(1);
    expect(await toolbar.evaluate((element) => getComputedStyle(element).borderTopStyle)).toBe('solid');
    await noViolations(page, 'editor dialog');
    await editor.getByRole('button', { name: 'Create' }).click();
    const imageUrl = editor.getByLabel(/or an image address/);
    const title = editor.getByLabel('Title (English)');
    expect(await describedBy(imageUrl)).toBe('Image is required');
    expect(await describedBy(title)).toBe('Enter the title in English or in Spanish.');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('portfolio-image-url');
    await noViolations(page, 'editor dialog with field messages');
    // Typing clears that field's message.
    await title.fill('Draft title');
    expect(await title.getAttribute('aria-invalid')).toBeNull();

    // Unsaved edits: Escape asks (in the page); Escape again keeps editing; × asks; Discard closes.
    await page.keyboard.press('Escape');
    const question = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await question.waitFor();
    expect(
      await question.getByRole('button', { name: 'Keep editing' }).evaluate((b) => b === document.activeElement),
    ).toBe(true);
    await noViolations(page, 'unsaved-changes question');
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    expect(await title.inputValue()).toBe('Draft title');
    await editor.getByRole('button', { name: 'Close' }).first().click();
    await question.getByRole('button', { name: 'Discard changes' }).click();
    await editor.waitFor({ state: 'hidden' });
    // Without edits, Escape closes at once.
    await page.getByRole('button', { name: `Edit: ${ONLY_ENGLISH}` }).click();
    await page.getByRole('dialog', { name: 'Edit Portfolio Item' }).locator('.ql-toolbar').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Edit Portfolio Item' }).waitFor({ state: 'hidden' });
    expect(await question.count()).toBe(0);

    // The delete confirmation names the item; Cancel keeps it.
    await page.getByRole('button', { name: `Delete: ${ONLY_ENGLISH}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete for good' });
    expect(await confirm.textContent()).toContain(`Delete "${ONLY_ENGLISH}"? This cannot be undone.`);
    await noViolations(page, 'delete confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });

    // Users: the new-user dialog checks its field in place; the reset confirmation is in the page.
    await page.getByRole('tab', { name: 'Users' }).click();
    await settled(page);
    await page.getByRole('button', { name: 'Add user' }).click();
    const userDialog = page.getByRole('dialog', { name: 'Add user' });
    await noViolations(page, 'user dialog');
    await userDialog.getByRole('button', { name: 'Create' }).click();
    const username = userDialog.getByLabel('Username');
    expect(await describedBy(username)).toBe('This field is required.');
    expect(await username.evaluate((input) => input === document.activeElement)).toBe(true);
    await noViolations(page, 'user dialog with a field message');
    await userDialog.getByRole('button', { name: 'Cancel' }).click();
    await userDialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: `Reset password: ${E2E_ADMIN.username}` }).click();
    const reset = page.getByRole('dialog', { name: 'Please confirm' });
    expect(await reset.textContent()).toContain(E2E_ADMIN.username);
    await noViolations(page, 'reset confirmation');
    await reset.getByRole('button', { name: 'Cancel' }).click();
    await reset.waitFor({ state: 'hidden' });

    // Investor documents: the upload dialog.
    await page.getByRole('tab', { name: 'Investor Documents' }).click();
    await settled(page);
    await page.getByRole('button', { name: 'Upload document' }).click();
    const documentDialog = page.locator('[data-document-form]');
    await documentDialog.waitFor();
    await noViolations(page, 'document dialog');
    await documentDialog.getByRole('button', { name: 'Cancel' }).click();
    await documentDialog.waitFor({ state: 'hidden' });

    // The own-password dialog.
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.locator('[data-password-form]').waitFor();
    await noViolations(page, 'password dialog');
    await page.keyboard.press('Escape');
    await page.locator('[data-password-form]').waitFor({ state: 'hidden' });

    // In Spanish: the page title, the row's link to the Spanish page, the toolbar's names.
    await page.getByRole('button', { name: 'Español' }).click();
    await expect.poll(() => page.title()).toBe('Panel de administración | Vantia Partners');
    await page.getByRole('tab', { name: 'Casos de éxito' }).click();
    const spanishRow = page.getByRole('row', { name: new RegExp(ONLY_ENGLISH) });
    expect(await spanishRow.getByRole('link', { name: /^Ver en la web/ }).getAttribute('href')).toBe(
      // Written in English only: its Spanish slug is made from the English title it shows.
      `/es/portfolio/${slugify(ONLY_ENGLISH)}`,
    );
    expect(await spanishRow.locator('[data-missing-language]').allTextContents()).toEqual(['Falta el español']);
    await page.getByRole('button', { name: `Editar: ${ONLY_ENGLISH}` }).click();
    await page.locator('.ql-toolbar').getByRole('button', { name: 'Negrita' }).waitFor();
    await page.keyboard.press('Escape');
    // Back to English for the next test (the choice is remembered): the header's language switch.
    await page.locator('[data-admin-language]').click();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.close();
    // About 20 axe scans against a served build: ~50 s on an idle 2-core machine, more under load.
  }, 150_000);

  it('fits a 390 px wide screen on every tab and in the editor: no sideways scrolling, nothing cut off', async () => {
    // Rows for the visitor tabs too, with a long unbroken address that must wrap inside its card.
    const run = Date.now().toString(36);
    const email = `a.very.long.address.that.does.not.break.${run}@subdomain.example-consultancy.com`;
    for (const [path, body] of [
      ['/api/contact', { name: `Narrow ${run}`, email, company: 'A company', message: 'Hello from a phone.' }],
      ['/api/newsletter', { name: `Narrow ${run}`, email }],
    ] as const) {
      const response = await fetch(`${baseUrl()}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, path).toBe(201);
    }
    // And a meeting, booked as the booking page books it (from an address of its own, so no browser file's visitor
    // quota is spent), with the same long address and a long topic: the Meetings tab has rows too.
    // The e2e admin offers hours only for this booking (the chat tests of other files meet the lead flow, not the offer).
    const api = adminApi(cookie || (await signInCookie(E2E_ADMIN.username, E2E_ADMIN.password)));
    const settings = (hours: Array<{ weekday: number; startMinute: number; endMinute: number }>) =>
      api('/api/meetings/settings', {
        method: 'PUT',
        body: JSON.stringify({ hours, daysOff: [], noticeMinutes: 60, bufferMinutes: 0, meetingLink: null }),
      });
    expect(
      (await settings([1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute: 0, endMinute: 1440 })))).status,
    ).toBe(200);
    const { book } = await import('../../src/features/meetings/booking');
    const { slots } = (await (await fetch(`${baseUrl()}/api/meetings/slots?days=14`)).json()) as {
      slots: Array<{ start: string; partnerId: string }>;
    };
    const slot = slots[slots.length - 1]!;
    await book(
      {
        start: slot.start,
        partnerId: slot.partnerId,
        name: `Narrow ${run}`,
        email,
        company: 'A company with a rather long name, S.L.',
        topic: 'A topic long enough to need several lines on a phone, about a cross-border minority investment.',
      },
      'en',
      '203.0.113.90',
      new Date(),
    );
    expect((await settings([])).status).toBe(200);
    const page = await browser.page({ width: 390 });
    await signIn(page, cookie || (await signInCookie(E2E_ADMIN.username, E2E_ADMIN.password)));
    await page.locator('[data-admin-overview]').waitFor();
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs).toEqual(
      expect.arrayContaining(['Portfolio', 'Insights', 'Messages', 'Users', 'Audit Log', 'Privacy requests']),
    );
    // The tabs are one row that scrolls inside itself; a link to a tab out of view (/admin#…) brings it into view.
    const last = page.getByRole('tab').last();
    expect(await inView(page.getByRole('tab').first())).toBe(true);
    expect(await inView(last)).toBe(false);
    await page.goto(`/admin#${(await last.getAttribute('id'))!.replace(/^tab-/, '')}`);
    await expect.poll(() => last.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => inView(last)).toBe(true);

    for (const tab of tabs) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await settled(page);
      await fits(page, `tab ${tab}`);
      // Every action of every row (each row a card) is on screen.
      const actions = page.locator('[data-row-actions] :is(button, a)');
      if (['Portfolio', 'Messages', 'Newsletter', 'Users'].includes(tab))
        expect(await actions.count()).toBeGreaterThan(0);
      for (const action of (await actions.all()).slice(0, 40)) {
        expect(await inView(action), `${tab}: ${await action.getAttribute('aria-label')}`).toBe(true);
      }
      await shoot(page, `tab-${tab}`);
    }

    await page.getByRole('tab', { name: 'Portfolio', exact: true }).click();
    await settled(page);
    const actions = page.locator('[data-row-actions] :is(button, a)');

    // The editor dialog fits, its toolbar included.
    await actions
      .filter({ hasText: /^Edit$/ })
      .first()
      .click();
    const editor = page.getByRole('dialog', { name: 'Edit Portfolio Item' });
    await editor.locator('.ql-toolbar').waitFor();
    await fits(page, 'editor dialog');
    const box = (await editor.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    for (const control of await editor.locator('button:visible, input:visible, .ql-picker-label').all()) {
      expect(await inView(control), (await control.getAttribute('aria-label')) ?? '').toBe(true);
    }
    await shoot(page, 'editor-dialog');
    // The link field fits too.
    await editor.locator('.ql-editor').click();
    await editor.getByRole('button', { name: 'Link', exact: true }).click();
    const linkField = editor.getByLabel('Link address');
    await linkField.fill('javascript:void(0)');
    await linkField.press('Enter');
    expect(await linkField.getAttribute('aria-invalid')).toBe('true');
    await fits(page, 'link field');
    for (const control of await editor.locator('[data-link-field] :is(input, button)').all()) {
      expect(await inView(control)).toBe(true);
    }
    await noViolations(page, 'link field with a message');
    await shoot(page, 'link-field');
    await linkField.press('Escape');
    await linkField.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'hidden' });
    await page.close();
  }, 150_000);
});
