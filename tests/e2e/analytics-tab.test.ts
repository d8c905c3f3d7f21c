import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AnalyticsReport } from '../../src/features/analytics/schema';
import { adminEn } from '../../src/i18n/admin/en';
import { adminEs } from '../../src/i18n/admin/es';
import type { AdminTexts } from '../../src/i18n/admin';
import { E2E_ADMIN } from './global-setup';
import { adminApi, axeViolations, baseUrl, fits, signInAsAdmin, signInCookie, useBrowser } from './helpers';

const browser = useBrowser();

/** A person's browser: HeadlessChrome's own User-Agent is a bot's, and the site counts no bot. */
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const run = Date.now().toString(36);
const SOURCE = `e2e-source-${run}`;
const CAMPAIGN = `e2e-campaign-${run}`;
const LEAD = `Analytics ${run}`;

const TEXTS: Record<'en' | 'es', AdminTexts> = { en: adminEn, es: adminEs };

/** The open tab's content has arrived (no loading state left). */
async function settled(page: Page) {
  await expect
    .poll(() => page.locator('#admin-panel').textContent(), { timeout: 15_000 })
    .not.toMatch(/Loading\.\.\.|Cargando/);
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
  await page.setViewportSize({ width: viewport.width, height: Math.min(height + 40, 8000) });
  await page.screenshot({ path: `${dir}/${name.replace(/\W+/g, '-')}.png` });
  await page.setViewportSize(viewport);
}

/** A figure's number as the tab shows it (digits only: "1.234" in Spanish is 1234). */
async function figure(page: Page, name: string): Promise<number> {
  const text = (await page.locator(`[data-analytics-figure="${name}"] [data-value]`).textContent()) ?? '';
  return Number(text.replace(/\D/g, ''));
}

/** The rows' header cells of one of the tab's tables. */
function rowNames(page: Page, table: string): Promise<string[]> {
  return page.locator(`[data-analytics-table="${table}"] tbody th`).allTextContents();
}

/**
 * The Analytics tab as it is shown now, in `language`, at the page's width: the visits this file made, the chart and
 * its table of every day, the tables' translated names, nothing wider than the screen, no axe violation, and the
 * Pages table's row for /insights opening the lead it brought.
 */
async function checkTab(page: Page, language: 'en' | 'es', days: number) {
  const t = TEXTS[language].analytics;
  const scope = `${language} at ${page.viewportSize()!.width} px`;
  await page.getByRole('tab', { name: t.tab, exact: true }).click();
  await page.locator('[data-analytics-figure="visitors"]').waitFor();
  // The overview above the tabs holds the h2 the tab's h3 headings follow.
  await page.locator('[data-admin-overview]').waitFor();
  await settled(page);
  expect(await figure(page, 'visitors'), scope).toBeGreaterThanOrEqual(1);
  expect(await figure(page, 'pageviews'), scope).toBeGreaterThanOrEqual(2);
  expect(await figure(page, 'leads'), scope).toBeGreaterThanOrEqual(1);
  // Each change has a text alternative (the previous period had none of this file's visits: "—" or a percentage).
  for (const change of await page.locator('[data-analytics-figure] [data-change] .sr-only').allTextContents())
    expect(change, scope).not.toBe('');
  const labels = page.locator('[data-analytics-figure] > p:first-child');
  expect(await labels.first().textContent(), scope).toBe(t.figures.visitors);

  // The chart: drawn by uPlot (loaded with this tab), with a summary, inside its box; every day in its table.
  const chart = page.getByRole('img', { name: new RegExp(`^${t.chart.label('.+', '.+', '\\d+', '\\d+')}`) });
  await chart.locator('canvas').first().waitFor();
  const [chartBox, canvasBox] = await Promise.all([chart.boundingBox(), chart.locator('canvas').first().boundingBox()]);
  expect(canvasBox!.x + canvasBox!.width, scope).toBeLessThanOrEqual(chartBox!.x + chartBox!.width + 0.5);
  const dayTable = page.locator('[data-analytics-chart-table]');
  if (!(await dayTable.evaluate((details) => (details as HTMLDetailsElement).open)))
    await dayTable.getByText(t.chart.showTable).click();
  await expect.poll(() => dayTable.locator('tbody tr').count(), { timeout: 10_000 }).toBe(days);
  expect(await dayTable.locator('thead th').allTextContents()).toEqual([
    t.chart.day,
    t.columns.visitors,
    t.columns.pageviews,
    t.columns.leads,
  ]);

  // The tables: this file's source and campaign, channel and device names in the dashboard's language.
  expect(
    (await rowNames(page, 'sources')).map((name) => name.toLowerCase()),
    scope,
  ).toContain(SOURCE);
  expect(await rowNames(page, 'campaigns'), scope).toContain(CAMPAIGN);
  const channels = await rowNames(page, 'channels');
  expect(channels.length, scope).toBeGreaterThan(0);
  for (const channel of channels) expect(Object.values(t.channels), scope).toContain(channel);
  expect(await rowNames(page, 'devices'), scope).toContain(t.devices.desktop);
  expect(await page.locator('[data-analytics-goals] [data-bar]').count()).toBe(8);
  expect(await page.locator('[data-analytics-funnel] [data-bar]').count()).toBe(5);

  await fits(page, scope);
  expect.soft(await axeViolations(page), scope).toEqual([]);
  await shoot(page, `analytics-${scope}`);

  // What /insights brought: this file's lead, a link to it in the Messages tab.
  const opener = page
    .locator('[data-analytics-table="pages"]')
    .getByRole('button', { name: /^\/insights\b/ })
    .first();
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: t.pageLeads.title('/insights') });
  await dialog.waitFor();
  const lead = dialog.getByRole('link', { name: LEAD });
  await lead.waitFor({ timeout: 15_000 });
  expect(await lead.getAttribute('href')).toMatch(/^\/admin#messages\/[0-9a-z]{26}$/);
  expect(await dialog.locator('[data-page-lead]').first().textContent()).toContain(TEXTS[language].leads.sources.form);
  await fits(page, `${scope}, leads dialog`);
  await shoot(page, `analytics-${scope}-leads`);
  expect.soft(await axeViolations(page), `${scope}, leads dialog`).toEqual([]);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);
}

describe('the Analytics tab', () => {
  it('shows the visits and the lead they brought, in English and Spanish, at 1440 and 390 px', async () => {
    // A visitor who is not signed in, with a person's browser: two pages (the site's beacon counts each), then the
    // contact form's request from the same browser, so the lead's attribution is that visit.
    const cookie = await signInCookie(E2E_ADMIN.username, E2E_ADMIN.password);
    const visitorContext = await browser
      .context()
      .browser()!
      .newContext({ baseURL: baseUrl(), userAgent: DESKTOP, viewport: { width: 1280, height: 900 } });
    const visitor = await visitorContext.newPage();
    const report = async () => (await (await adminApi(cookie)('/api/analytics')).json()) as AnalyticsReport;
    await visitor.goto(`/insights?utm_source=${SOURCE}&utm_medium=e2e&utm_campaign=${CAMPAIGN}`);
    await expect
      .poll(async () => (await report()).sources.some((row) => row.source.toLowerCase() === SOURCE), {
        timeout: 15_000,
      })
      .toBe(true);
    const before = (await report()).pages.find((row) => row.path === '/portfolio')?.visitors ?? 0;
    await visitor.goto('/portfolio');
    await expect
      .poll(async () => (await report()).pages.find((row) => row.path === '/portfolio')?.visitors ?? 0, {
        timeout: 15_000,
      })
      .toBeGreaterThan(before);
    const sent = await visitor.evaluate(
      async (body) =>
        (
          await fetch('/api/contact', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).status,
      { name: LEAD, email: `analytics.${run}@cliente.example`, company: 'Analytics S.L.', message: 'From an insight.' },
    );
    expect(sent).toBe(201);
    await visitorContext.close();

    // 1440 px, in English: the figures, chart, tables and a page's leads; then the period picker and the CSV.
    const page = await browser.page({ width: 1440 });
    page.setDefaultTimeout(15_000);
    await page.addInitScript(() => localStorage.setItem('admin-language', 'en'));
    await signInAsAdmin(page);
    // Right after Meetings.
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs.indexOf('Analytics')).toBe(tabs.indexOf('Meetings') + 1);
    await checkTab(page, 'en', 30);

    // The period picker is a group of radio buttons: arrow keys move between them.
    const t = adminEn.analytics;
    const shown = page.locator('[data-analytics-shown]');
    const days = page.locator('[data-analytics-chart-table] tbody tr');
    await page.getByRole('radio', { name: t.range.days30 }).focus();
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByRole('radio', { name: t.range.days7 }).isChecked()).toBe(true);
    await expect.poll(() => days.count()).toBe(7);
    await page.locator('[data-analytics-range]').getByText(t.range.today, { exact: true }).click();
    await expect.poll(() => days.count()).toBe(1);
    expect(await figure(page, 'visitors')).toBeGreaterThanOrEqual(1);
    // The CSV of the tables, for the period shown.
    const csv = page.locator('[data-analytics-tab] [data-export-csv]');
    const href = (await csv.getAttribute('href'))!;
    expect(href).toMatch(/^\/api\/analytics\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&format=csv$/);
    const download = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return { status: response.status, type: response.headers.get('content-type') };
    }, href);
    expect(download.status).toBe(200);
    expect(download.type).toMatch(/^text\/csv/);

    // A custom period: two labelled days; a period before the first visit is empty; the wrong way round is said.
    await page.locator('[data-analytics-range]').getByText(t.range.custom, { exact: true }).click();
    await page.getByLabel(t.range.from, { exact: true }).fill('2020-01-01');
    await page.getByLabel(t.range.to, { exact: true }).fill('2020-01-31');
    await page.locator('[data-analytics-empty]').waitFor();
    expect(await page.locator('[data-analytics-empty]').textContent()).toBe(t.empty);
    expect(await shown.textContent()).toMatch(/^1 Jan 2020 – 31 Jan 2020/);
    await page.getByLabel(t.range.from, { exact: true }).fill('2020-02-10');
    await page.getByText(t.range.order).waitFor();
    expect(await page.getByLabel(t.range.to, { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect.soft(await axeViolations(page), 'custom period').toEqual([]);

    // In Spanish, the same tab (back to its default period).
    await page.getByRole('button', { name: 'Español' }).click();
    await page.getByRole('tab', { name: 'Mensajes', exact: true }).click();
    await checkTab(page, 'es', 30);

    // A lead of a page opens in the Messages tab.
    await page
      .locator('[data-analytics-table="pages"]')
      .getByRole('button', { name: /^\/insights\b/ })
      .first()
      .click();
    await page
      .getByRole('dialog', { name: adminEs.analytics.pageLeads.title('/insights') })
      .getByRole('link', { name: LEAD })
      .click();
    await expect
      .poll(() => page.getByRole('tab', { name: 'Mensajes', exact: true }).getAttribute('aria-selected'))
      .toBe('true');
    await page.close();

    // 390 px: nothing scrolls sideways, in both languages.
    const phone = await browser.page({ width: 390 });
    phone.setDefaultTimeout(15_000);
    await phone.addInitScript(() => localStorage.setItem('admin-language', 'en'));
    await signInAsAdmin(phone);
    await checkTab(phone, 'en', 30);
    await phone.getByRole('button', { name: 'Español' }).click();
    await phone.getByRole('tab', { name: 'Mensajes', exact: true }).click();
    await checkTab(phone, 'es', 30);
    await phone.close();
  }, 240_000);
});
