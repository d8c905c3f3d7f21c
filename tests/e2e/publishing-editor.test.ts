import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './global-setup';
import { adminApi, baseUrl, signInAsAdmin, signInCookie, useBrowser } from './helpers';

const browser = useBrowser();

interface Saved {
  id: string;
  version: number;
  title: { en: string; es: string };
  description: { en: string; es: string };
  focus: { x: number; y: number } | null;
}

let api: ReturnType<typeof adminApi>;
const created: string[] = [];

/** An insight made through the API (a draft unless told), removed after the file. */
async function insight(title: string, extra: Record<string, unknown> = {}): Promise<Saved> {
  const answer = await api('/api/insights', {
    method: 'POST',
    body: JSON.stringify({
      title: { en: title, es: `${title} (es)` },
      description: { en: 'What the board should settle first.', es: 'Lo que el consejo debe decidir primero.' },
      content: { en: '<p>Start with the metric.</p>', es: '<p>Empiece por la métrica.</p>' },
      imageUrl: '/images/demo/insight-ai-governance.jpg',
      category: 'AI Innovation',
      published: false,
      ...extra,
    }),
  });
  expect(answer.status).toBe(201);
  const record = (await answer.json()) as Saved;
  created.push(record.id);
  return record;
}

const stored = async (id: string) => {
  const answer = await api('/api/insights/admin?limit=200');
  return ((await answer.json()) as Saved[]).find((record) => record.id === id)!;
};

/** What is wider than the window: the page, or an element of the open dialogs reaching past its right edge. */
async function tooWide(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const wide = document.documentElement.scrollWidth > window.innerWidth ? ['the page'] : [];
    for (const element of document.querySelectorAll('dialog[open] *')) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.right > window.innerWidth + 0.5 && !element.closest('.sr-only'))
        wide.push(
          `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)} ${Math.round(box.right)}`,
        );
    }
    return wide.slice(0, 10);
  });
}

/** Whether a control lies wholly inside the window's width. */
async function reachable(page: Page, selector: string): Promise<boolean> {
  const box = await page.locator(selector).first().boundingBox();
  return !!box && box.x >= 0 && box.x + box.width <= page.viewportSize()!.width + 0.5;
}

beforeAll(async () => {
  api = adminApi(await signInCookie(E2E_ADMIN.username, E2E_ADMIN.password));
});
afterAll(async () => {
  for (const id of created) await api(`/api/insights/${id}`, { method: 'DELETE' });
});

describe('the publishing editor', () => {
  it('autosaves a draft, compares and restores a revision, previews it and sets its focal point (1440 px, English)', async () => {
    const draft = await insight('Autosave check draft');
    const scheduledAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    await insight('Autosave check scheduled', { published: true, publishedAt: scheduledAt });

    const page = await browser.page({ width: 1440 });
    await signInAsAdmin(page);
    await page.getByRole('tab', { name: 'Insights' }).click();
    const table = page.getByRole('table', { name: 'Insights' });
    // A published insight dated in the future says so in the list, in the dashboard's language.
    // The first read of the list may meet a cold function.
    const scheduledRow = table.locator('tr', { hasText: 'Autosave check scheduled' });
    await scheduledRow.waitFor({ timeout: 30_000 });
    await expect.poll(() => scheduledRow.textContent()).toMatch(/Scheduled for \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);

    // Autosave: typing in a draft saves it a moment later; closing then asks nothing; a reload shows it.
    await page.getByRole('button', { name: 'Edit: Autosave check draft', exact: true }).click();
    const form = page.locator('[data-insight-form]');
    const status = page.locator('[data-autosave-status]');
    expect(await status.textContent()).toBe('Draft: changes are saved automatically.');
    expect(await status.getAttribute('aria-live')).toBe('polite');
    expect(await form.getByLabel(/^Publication date and time \(.+ time; a future one schedules it\)$/).count()).toBe(1);
    await form.getByLabel('Title (English)').fill('Autosave check draft, edited');
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toMatch(/^Saved \d{2}:\d{2}/);
    expect((await stored(draft.id)).title.en).toBe('Autosave check draft, edited');
    await page.locator('dialog[open]').getByRole('button', { name: 'Close', exact: true }).last().click();
    expect(await page.locator('[data-unsaved-question]').count()).toBe(0);
    await page.reload();
    await page.getByRole('tab', { name: 'Insights' }).click();
    await page.getByRole('button', { name: 'Edit: Autosave check draft, edited' }).click();
    expect(await form.getByLabel('Title (English)').inputValue()).toBe('Autosave check draft, edited');

    // Revisions: newest first with what changed; the older one compared word by word, then restored.
    await page.getByRole('button', { name: 'Revisions' }).click();
    const revisions = page.locator('[data-revisions-dialog]');
    const items = revisions.locator('[data-revisions-list] li');
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.nth(0).textContent()).toContain('Changed: Title (EN)');
    expect(await items.nth(0).textContent()).toContain(`by ${E2E_ADMIN.username}`);
    expect(await items.nth(1).textContent()).toContain('Created');
    await items.nth(1).getByRole('button').click();
    const title = revisions.locator('[data-diff="title.en"]');
    await title.waitFor();
    expect(await title.locator('ins').textContent()).toContain('edited');
    expect(await revisions.locator('[data-diff="title.es"]').count()).toBe(0);
    await revisions.getByRole('button', { name: 'Restore this version' }).click();
    const confirm = page.locator('[data-confirm-dialog]');
    expect(await confirm.textContent()).toContain('Unsaved changes in the form are lost');
    await confirm.getByRole('button', { name: 'Restore this version' }).click();
    await expect.poll(() => page.locator('[data-toast]').textContent()).toContain('Version restored.');
    expect(await form.getByLabel('Title (English)').inputValue()).toBe('Autosave check draft');
    expect((await stored(draft.id)).title.en).toBe('Autosave check draft');

    // Preview: a link to the draft's page, with Copy and Open and when it expires; the page shows the draft.
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = page.locator('[data-preview-link]');
    await preview.waitFor();
    expect(await preview.textContent()).toMatch(/The link works until \d{1,2} \w{3} \d{4}/);
    expect(await preview.getByRole('button', { name: 'Copy link' }).count()).toBe(1);
    const open = preview.getByRole('link', { name: 'Open preview (opens in a new tab)' });
    expect(await open.getAttribute('target')).toBe('_blank');
    const href = (await open.getAttribute('href'))!;
    expect(href).toMatch(new RegExp(`^${baseUrl()}/insights/autosave-check-draft\\?preview=`));
    const shown = await browser.page();
    expect((await shown.goto(href))?.status()).toBe(200);
    expect(await shown.locator('h1').textContent()).toBe('Autosave check draft');
    expect(await shown.locator('[data-preview-banner]').count()).toBe(1);
    await shown.close();

    // Focal point: a click on the picture sets it, an arrow key moves it, the social crop follows; autosaved.
    const picker = form.locator('[data-focus-area]');
    const box = (await picker.boundingBox())!;
    await picker.click({ position: { x: box.width * 0.2, y: box.height * 0.8 } });
    expect(await form.locator('[data-focus-marker]').count()).toBe(1);
    await picker.press('ArrowRight');
    expect(await form.locator('[data-focus-position]').textContent()).toMatch(
      /25% from the left, (79|80|81)% from the top/,
    );
    expect(await form.locator('[data-social-preview]').getAttribute('src')).toContain('position=bottom');
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toMatch(/^Saved \d{2}:\d{2}/);
    const focus = (await stored(draft.id)).focus!;
    expect(focus.x).toBeCloseTo(0.25, 2);
    expect(focus.y).toBeCloseTo(0.8, 1);
    await page.locator('dialog[open]').getByRole('button', { name: 'Close', exact: true }).last().click();

    // A published case study is not autosaved: its status says Update saves it; it has revisions and preview too.
    await page.getByRole('tab', { name: 'Portfolio' }).click();
    await page
      .getByRole('button', { name: /^Edit: / })
      .first()
      .click();
    expect(await page.locator('[data-autosave-status]').textContent()).toBe(
      'Published: changes are saved with Update.',
    );
    expect(await page.locator('[data-portfolio-form] [data-focus-area]').count()).toBe(1);
    await page.locator('dialog[open]').getByRole('button', { name: 'Close', exact: true }).last().click();
    await page.close();
  }, 180_000);

  it('does the same at 390 px in Spanish, with nothing wider than the screen and every button in reach', async () => {
    const draft = await insight('Borrador de prueba móvil');
    const page = await browser.page({ width: 390 });
    await signInAsAdmin(page);
    await page.getByRole('button', { name: 'Español' }).click();
    await page.getByRole('heading', { name: 'Panel de administración' }).waitFor();
    await page.getByRole('tab', { name: 'Análisis' }).click();
    await page.getByRole('button', { name: 'Editar: Borrador de prueba móvil' }).click();
    const form = page.locator('[data-insight-form]');
    const status = page.locator('[data-autosave-status]');
    expect(await status.textContent()).toBe('Borrador: los cambios se guardan automáticamente.');
    for (const selector of ['[data-open-revisions]', '[data-create-preview]'])
      expect(await reachable(page, selector), selector).toBe(true);
    expect(await tooWide(page)).toEqual([]);

    await form.getByLabel('Descripción (Español)').fill('Lo que el consejo debe decidir antes que nada.');
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toMatch(/^Guardado a las \d{2}:\d{2}/);
    expect((await stored(draft.id)).description.es).toBe('Lo que el consejo debe decidir antes que nada.');

    // Revisions with the keyboard: the list, the comparison, Restore and its confirmation.
    await page.locator('[data-open-revisions]').focus();
    await page.keyboard.press('Enter');
    const revisions = page.locator('[data-revisions-dialog]');
    await expect.poll(() => revisions.locator('[data-revisions-list] li').count()).toBe(2);
    expect(await revisions.locator('li').first().textContent()).toContain('Cambios: Descripción (ES)');
    await revisions.locator('li').nth(1).getByRole('button').focus();
    await page.keyboard.press('Enter');
    const diff = revisions.locator('[data-diff="description.es"]');
    await diff.waitFor();
    expect(await diff.locator('del').textContent()).toContain('primero');
    expect(await tooWide(page)).toEqual([]);
    const restore = revisions.getByRole('button', { name: 'Restaurar esta versión' });
    expect(await reachable(page, '[data-revision-comparison] button:last-child')).toBe(true);
    await restore.focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-confirm-dialog]').getByRole('button', { name: 'Restaurar esta versión' }).click();
    await expect.poll(() => page.locator('[data-toast]').textContent()).toContain('Versión restaurada.');
    expect(await form.getByLabel('Descripción (Español)').inputValue()).toBe('Lo que el consejo debe decidir primero.');

    // Preview, in Spanish.
    await page.locator('[data-create-preview]').click();
    const preview = page.locator('[data-preview-link]');
    await preview.waitFor();
    expect(await preview.textContent()).toContain('El enlace funciona hasta el');
    expect(await reachable(page, '[data-open-preview]')).toBe(true);
    const shown = await browser.page({ width: 390 });
    expect((await shown.goto((await preview.getByRole('link').getAttribute('href'))!))?.status()).toBe(200);
    await shown.close();

    // The focal point with the keyboard alone.
    const picker = form.locator('[data-focus-area]');
    await picker.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowUp');
    expect(await form.locator('[data-focus-position]').textContent()).toContain(
      '45 % desde la izquierda, 45 % desde arriba',
    );
    expect(await picker.getAttribute('aria-label')).toContain('Las flechas lo mueven');
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toMatch(/^Guardado a las/);
    expect((await stored(draft.id)).focus).toEqual({ x: 0.45, y: 0.45 });
    await form.getByRole('button', { name: 'Restablecer el punto focal' }).click();
    expect(await form.locator('[data-focus-marker]').count()).toBe(0);
    expect(await tooWide(page)).toEqual([]);
    await expect.poll(async () => (await stored(draft.id)).focus, { timeout: 15_000 }).toBeNull();

    // Back to English for the files after this one.
    await page.locator('dialog[open]').getByRole('button', { name: 'Cerrar', exact: true }).last().click();
    await page.getByRole('button', { name: 'English' }).click();
    await page.close();
  }, 180_000);
});
