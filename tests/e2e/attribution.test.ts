import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsReport } from '../../src/features/analytics/schema';
import type { LeadRow } from '../../src/features/leads/schema';
import { ADMIN_TEXTS } from '../../src/i18n/admin';
import type { Language } from '../../src/i18n/languages';
import { en } from '../../src/i18n/en';
import { firmDay } from '../../src/platform/time-zone';
import { launchBrowser } from '../helpers/browser';
import { E2E_ADMIN } from './global-setup';
import { adminApi, axeViolations, baseUrl, fits, hydrated, signInAsAdmin, signInCookie } from './helpers';

/**
 * Lead attribution (docs/product.md, "Analytics"): a visitor's same-day visit, counted by the beacon without writing
 * anything to the browser, is what their lead says it came from, in the API and in the dashboard's message and
 * contact views; a bot's visit is counted by nobody.
 */

const run = Date.now().toString(36);
/**
 * A person's browser (HeadlessChrome's own User-Agent is a bot's). A visitor is the day's hash of IP, User-Agent and
 * site, and every test here comes from the same IP: each test's visitor gets a User-Agent of its own (another build
 * number), so one test's pages are never another's visit, nor the Analytics tab test's.
 */
const desktop = (build: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${build}.${Date.now() % 1000} Safari/537.36`;
const GOOGLEBOT = 'Googlebot/2.1 (+http://www.google.com/bot.html)';

let browser: Browser;
const errors: string[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  expect(errors, 'console errors on the pages').toEqual([]);
});

/** A context of its own (a visitor, or the admin), whose pages fail the file on a console error or an exception. */
async function open(
  options: {
    userAgent?: string;
    width?: number;
    /** The test is refused on purpose (a 400): the browser's "Failed to load resource" for it is expected. */
    allowFailedRequests?: boolean;
  } = {},
): Promise<{
  context: BrowserContext;
  page: Page;
}> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1280, height: 900 },
    ...(options.userAgent && { userAgent: options.userAgent }),
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    const expected = options.allowFailedRequests && /^Failed to load resource: .* 400 /.test(message.text());
    if (message.type() === 'error' && !expected) errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return { context, page };
}

/** Goes to `path` and waits for the page's beacon (POST /api/event) to be answered; answers its status. */
async function visit(page: Page, path: string): Promise<number> {
  const beacon = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/event' && response.request().method() === 'POST',
    { timeout: 30_000 },
  );
  await page.goto(path);
  return (await beacon).status();
}

/** Clicks a link and waits for the next page's beacon; answers its status. */
async function follow(page: Page, link: ReturnType<Page['locator']>): Promise<number> {
  const beacon = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/event' && response.request().method() === 'POST',
    { timeout: 30_000 },
  );
  await link.click();
  return (await beacon).status();
}

/** Sends the home page's contact form (the page must be open on it), as a visitor types it. */
async function sendContactForm(page: Page, name: string, email: string): Promise<void> {
  await hydrated(page, '[data-contact-form]');
  const form = page.locator('[data-contact-form]');
  await form.getByLabel(en['form.name']).fill(name);
  await form.getByLabel(en['form.email'], { exact: true }).fill(email);
  await form.getByLabel(en['form.message']).fill(`Attribution test ${run}: tell me more.`);
  await form.getByRole('button', { name: en['form.send'] }).click();
  await page.locator('[data-contact-sent]').waitFor({ timeout: 30_000 });
}

let cookie: string;
async function leadOf(email: string): Promise<LeadRow> {
  cookie ??= await signInCookie(E2E_ADMIN.username, E2E_ADMIN.password);
  const response = await adminApi(cookie)(`/api/contact-messages?q=${encodeURIComponent(email)}`);
  expect(response.status).toBe(200);
  const leads = (await response.json()) as LeadRow[];
  expect(leads.map((lead) => lead.email)).toEqual([email]);
  return leads[0]!;
}

/** The dashboard in a language (the header's switch). */
async function useLanguage(page: Page, language: Language): Promise<void> {
  if ((await page.locator('[data-admin-dashboard]').getAttribute('lang')) !== language) {
    await page.locator('[data-admin-language]').click();
  }
  await expect.poll(() => page.locator('[data-admin-dashboard]').getAttribute('lang')).toBe(language);
}

/** Opens a lead's message view from the Messages tab. */
async function openMessage(page: Page, language: Language, name: string): Promise<ReturnType<Page['locator']>> {
  const t = ADMIN_TEXTS[language];
  await page.getByRole('tab', { name: t.tabs.messages, exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: name }).first();
  await row.waitFor({ timeout: 45_000 });
  await row.getByRole('button', { name: `${t.view}: ${name}` }).click();
  const view = page.getByRole('dialog', { name: t.messages.viewTitle(name) });
  await view.locator('[data-attribution]').waitFor({ timeout: 15_000 });
  return view;
}

const visitor = { name: `Lina LinkedIn ${run}`, email: `lina.${run}@attribution.example` };
let insightPath = '';
let insightTitle = '';

describe('a lead says where its visitor came from', () => {
  it('a LinkedIn campaign visit, an insight, then the contact form: the API and the message and contact views', async () => {
    const { context, page } = await open({ userAgent: desktop(1) });
    expect(await visit(page, '/?utm_source=linkedin&utm_medium=social&utm_campaign=dec-webinar')).toBe(202);
    // An insight from the home page's own list.
    const card = page.locator('a[href^="/insights/"]').first();
    insightPath = (await card.getAttribute('href'))!;
    insightTitle = ((await card.textContent()) ?? '').trim();
    expect(insightPath).toMatch(/^\/insights\/[^/]+$/);
    expect(await follow(page, card)).toBe(202);
    expect(new URL(page.url()).pathname).toBe(insightPath);
    expect(await visit(page, '/#contact')).toBe(202);
    await sendContactForm(page, visitor.name, visitor.email);
    await context.close();

    const lead = await leadOf(visitor.email);
    expect(lead.attribution).toMatchObject({
      channel: 'social',
      source: 'LinkedIn',
      medium: 'social',
      campaign: 'dec-webinar',
      landingPage: '/',
      device: 'desktop',
    });
    // In order of first view: the home page, then the insight.
    expect(lead.attribution?.pagesViewed).toEqual(['/', insightPath]);

    // The dashboard: the Insights tab's list loaded first, so the view names the insight by its title.
    const admin = await open();
    await signInAsAdmin(admin.page, 60_000);
    const t = ADMIN_TEXTS.en;
    await admin.page.getByRole('tab', { name: t.tabs.insights, exact: true }).click();
    await admin.page.getByRole('row').filter({ hasText: insightTitle }).first().waitFor({ timeout: 45_000 });
    const view = await openMessage(admin.page, 'en', visitor.name);
    const sentence = view.locator('[data-attribution]');
    const text = (await sentence.textContent()) ?? '';
    expect(text).toContain(t.attribution.cameFrom('LinkedIn', t.attribution.channels.social));
    expect(text).toContain(t.attribution.campaign('dec-webinar'));
    expect(text).toContain(`${t.attribution.landedOn} /`);
    expect(text).toContain(insightTitle);
    const pages = await sentence
      .locator('[data-attribution-page]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    // The landing page, then the pages read: the home page and the insight, each a link to itself.
    expect(pages).toEqual(['/', '/', insightPath]);

    await sentence.screenshot({ path: '/tmp/attribution-sentence-en.png' });

    // The contact view's timeline says the same of the message.
    await view.getByRole('link', { name: visitor.email }).first().click();
    const contact = admin.page.getByRole('dialog', { name: t.desk.contact.title(visitor.email) });
    const item = contact.locator('[data-contact-item="message"] [data-contact-item-attribution]');
    await item.waitFor({ timeout: 45_000 });
    expect(await item.textContent()).toContain(t.attribution.cameFrom('LinkedIn', t.attribution.channels.social));
    expect(await item.textContent()).toContain(t.attribution.campaign('dec-webinar'));
    expect(await item.locator(`[data-attribution-page="${insightPath}"]`).count()).toBe(1);
    await admin.context.close();
  }, 240_000);

  it('public pages write nothing to the browser: no cookie, no storage, no database', async () => {
    const { context, page } = await open({ userAgent: desktop(2) });
    for (const path of ['/', insightPath || '/insights', '/privacy-policy']) {
      expect(await visit(page, path), path).toBe(202);
      expect(await context.cookies(), path).toEqual([]);
      const stored = await page.evaluate(async () => ({
        cookie: document.cookie,
        local: localStorage.length,
        session: sessionStorage.length,
        databases: (await indexedDB.databases()).map((database) => database.name),
      }));
      expect(stored, path).toEqual({ cookie: '', local: 0, session: 0, databases: [] });
    }
    await context.close();
  }, 120_000);

  it("a bot's beacon is answered and not counted; its lead has no attribution", async () => {
    // HeadlessChrome's own User-Agent: a bot's.
    const { context, page } = await open();
    expect(await page.evaluate(() => navigator.userAgent)).toContain('HeadlessChrome');
    expect(await visit(page, '/#contact')).toBe(202);
    const bot = { name: `Bea Bot ${run}`, email: `bea.${run}@attribution.example` };
    await sendContactForm(page, bot.name, bot.email);
    await context.close();
    expect((await leadOf(bot.email)).attribution).toBeNull();

    // Straight to the API: a crawler's pageview is answered 202 and counted by nobody; a person's, the same way, is.
    cookie ??= await signInCookie(E2E_ADMIN.username, E2E_ADMIN.password);
    const today = firmDay(new Date());
    const pageviews = async () => {
      const response = await adminApi(cookie)(`/api/analytics?from=${today}&to=${today}`);
      expect(response.status).toBe(200);
      return ((await response.json()) as AnalyticsReport).pageviews;
    };
    const send = (userAgent: string) =>
      fetch(`${baseUrl()}/api/event`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': userAgent },
        body: JSON.stringify({ name: 'pageview', url: `${baseUrl()}/insights`, referrer: null, width: 1280 }),
      });
    const before = await pageviews();
    const fromBot = await send(GOOGLEBOT);
    expect(fromBot.status).toBe(202);
    expect(await fromBot.text()).toBe('');
    expect(fromBot.headers.get('set-cookie')).toBeNull();
    expect(await pageviews()).toBe(before);
    expect((await send(desktop(3))).status).toBe(202);
    expect(await pageviews()).toBe(before + 1);
  }, 120_000);

  it('at 390 px in Spanish: the message view with its attribution fits, records how the lead ended, and passes axe', async () => {
    const width = 390;
    const t = ADMIN_TEXTS.es;
    const a = t.attribution;
    const admin = await open({ width, allowFailedRequests: true });
    await signInAsAdmin(admin.page, 60_000);
    await useLanguage(admin.page, 'es');
    const view = await openMessage(admin.page, 'es', visitor.name);
    const text = (await view.locator('[data-attribution]').textContent()) ?? '';
    expect(text).toContain(a.cameFrom('LinkedIn', a.channels.social));
    expect(text).toContain(a.campaign('dec-webinar'));
    // The lead as just read (its thread loaded): the controls the partner edits from here on.
    await expect
      .poll(() => view.locator('[data-lead-state]').textContent(), { timeout: 45_000 })
      .toContain(t.leads.noReplies);
    await fits(admin.page, 'message view');
    await view.screenshot({ path: `/tmp/attribution-${width}-es-top.png` });

    // Closed: the outcome and value fields appear; a value that is not whole euros is named next to the field.
    const controls = view.locator('[data-lead-controls]');
    await controls.getByLabel(t.leads.status).selectOption('closed');
    const toast = admin.page.locator('[data-toast]');
    await expect.poll(() => toast.textContent(), { timeout: 45_000 }).toContain(t.leads.saved);
    await controls.getByLabel(a.outcome).selectOption('won');
    const valueField = controls.getByRole('textbox', { name: a.value });
    expect(await valueField.getAttribute('data-lead-value')).not.toBeNull();
    await valueField.fill('12.5');
    await controls.getByRole('button', { name: a.saveValue }).click();
    const described = controls.locator(`#${await valueField.getAttribute('id')}-error`);
    await described.waitFor({ timeout: 45_000 });
    expect(await described.textContent()).toBe('The value is a whole number of euros');
    expect(await valueField.getAttribute('aria-invalid')).toBe('true');
    await valueField.fill('48000');
    await controls.getByRole('button', { name: a.saveValue }).click();
    await expect.poll(() => described.count(), { timeout: 45_000 }).toBe(0);
    await expect.poll(async () => (await leadOf(visitor.email)).value, { timeout: 15_000 }).toBe(48000);
    expect((await leadOf(visitor.email)).outcome).toBe('won');

    await fits(admin.page, 'message view, closed');
    await view.screenshot({ path: `/tmp/attribution-${width}-es.png` });
    expect(await axeViolations(admin.page)).toEqual([]);
    await admin.context.close();
  }, 240_000);
});
