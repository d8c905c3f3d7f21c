import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { launchBrowser } from '../helpers/browser';
import { E2E_ADMIN } from './global-setup';

export const baseUrl = (): string => inject('baseUrl');

/**
 * Points this test file at the served site's database (NETLIFY_DB_URL), so it can write records straight into it as
 * `npm run admin:create` would, and closes its connection after the file.
 */
export function useSiteDatabase(): void {
  beforeAll(() => {
    process.env['NETLIFY_DB_URL'] = inject('databaseUrl');
  });
  afterAll(async () => {
    const { closeDatabase } = await import('../../src/platform/db/client');
    await closeDatabase();
    delete process.env['NETLIFY_DB_URL'];
  });
}

/** Signs in through the API of the served site; answers the session cookie to send with admin requests. */
export async function signInCookie(username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl() },
    body: JSON.stringify({ username, password }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** A fetch of the served site as a signed-in admin (JSON body, same-origin `Origin`, the session cookie). */
export function adminApi(cookie: string): (path: string, init?: RequestInit) => Promise<Response> {
  return (path, init = {}) =>
    fetch(`${baseUrl()}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', origin: baseUrl(), cookie },
    });
}

/** Creates a case study written in English only (empty Spanish texts) through the API; answers its id. */
export async function createEnglishOnlyCaseStudy(
  cookie: string,
  texts: { title: string; description: string; content: string },
): Promise<string> {
  const created = await adminApi(cookie)('/api/portfolio', {
    method: 'POST',
    body: JSON.stringify({
      title: { en: texts.title, es: '' },
      description: { en: texts.description, es: '' },
      content: { en: texts.content, es: '' },
      imageUrl: '/images/demo/case-retail-strategic-plan.jpg',
    }),
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/**
 * Signs the e2e admin in through the dashboard's sign-in dialog at /admin (or finds the dashboard already open), in
 * English. The first sign-in of a run meets a cold function and a deliberately slow password check.
 */
export async function signInAsAdmin(page: Page, timeout = 45_000): Promise<void> {
  await page.goto('/admin');
  const dialog = page.getByRole('dialog', { name: 'Investor Login' });
  const heading = page.getByRole('heading', { name: 'Admin Dashboard' });
  await dialog.or(heading).waitFor({ timeout });
  if (await heading.isVisible()) return;
  await dialog.getByLabel('Username').fill(E2E_ADMIN.username);
  await dialog.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await heading.waitFor({ timeout });
}

/**
 * One Chromium for a test file. Every page it opens fails the test on a
 * console error or an uncaught exception (CSP violations included).
 */
interface PageOptions {
  width?: number;
  javaScript?: boolean;
  /** The test makes requests fail on purpose (an aborted call, a 409): the browser's "Failed to load resource" is expected. */
  allowFailedRequests?: boolean;
  /** The browser's time zone (IANA), in a context of its own; the machine's otherwise. */
  timeZone?: string;
  /**
   * Load pages as a visitor's first page of the site (no referrer): painted in the fallback font, Manrope after the
   * largest paint (docs/decisions/0054). Otherwise `goto` sends the site's home as the referrer, as a visitor coming
   * from another page would, and the page has its final font from the first layout, for tests that measure text.
   */
  firstVisit?: boolean;
}

export function useBrowser(): { page: (options?: PageOptions) => Promise<Page>; context: () => BrowserContext } {
  let browser: Browser;
  let context: BrowserContext;
  const errors: string[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => {
    await browser?.close();
    expect(errors, 'console errors on the pages').toEqual([]);
  });
  return {
    context: () => context,
    page: async ({
      width = 1280,
      javaScript = true,
      allowFailedRequests = false,
      timeZone,
      firstVisit = false,
    } = {}) => {
      const target =
        javaScript && !timeZone
          ? context
          : await browser.newContext({
              baseURL: baseUrl(),
              javaScriptEnabled: javaScript,
              ...(timeZone && { timezoneId: timeZone }),
            });
      const page = await target.newPage();
      await page.setViewportSize({ width, height: 900 });
      if (!firstVisit) {
        const goto = page.goto.bind(page);
        page.goto = (url, options) => goto(url, { referer: new URL('/', baseUrl()).href, ...options });
      }
      page.on('console', (message) => {
        // A 404 page's own status is expected where a test asks for one.
        const expected =
          /status of 404/.test(message.text()) ||
          (allowFailedRequests && /^Failed to load resource/.test(message.text()));
        if (message.type() === 'error' && !expected) errors.push(`${page.url()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
      return page;
    },
  };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's WCAG 2.x A and AA rules over the whole page. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's CSP (rightly) refuses injected <script> tags.
  await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> }>;
        };
      }
    ).axe;
    return axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
  });
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes
        .map((node) => node.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
}

/** Waits until the island holding `selector` has hydrated (src/components/islands/hydrate-island.tsx marks it). */
export async function hydrated(page: Page, selector: string): Promise<void> {
  const island = page.locator('[data-island]').filter({ has: page.locator(selector) });
  await expect
    .poll(() => island.evaluate((element) => element.hasAttribute('data-hydrated')), { timeout: 15_000 })
    .toBe(true);
}

/** Nothing scrolls sideways: neither the page nor the dashboard nor an open dialog (a failure names the widest parts). */
export async function fits(page: Page, scope: string): Promise<void> {
  const overflow = await page.evaluate(() => {
    const boxes = [
      document.documentElement,
      ...document.querySelectorAll<HTMLElement>('[data-admin-dashboard], dialog[open]'),
    ];
    const widest = [...document.querySelectorAll<HTMLElement>('[data-admin-dashboard] *, dialog[open] *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .filter((element) => !element.closest('[role=tablist], .sr-only'))
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120));
    return {
      page: document.documentElement.scrollWidth <= window.innerWidth,
      widths: boxes.map((box) => box.scrollWidth - box.clientWidth),
      widest,
    };
  });
  expect(overflow, scope).toEqual({ page: true, widths: overflow.widths.map(() => 0), widest: [] });
}
