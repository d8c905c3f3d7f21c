import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser } from './helpers';

/**
 * The brand typeface (issue 23): Manrope, self-hosted, woff2, on the site's pages and the policies'; on a visitor's
 * first page fetched after the largest paint (docs/decisions/0054-the-brand-font-after-the-first-paint.md).
 */
const browser = useBrowser();
const FAMILY = 'Manrope';
/** A computed font-family whose first family is Manrope itself (not "Manrope fallback"). */
const MANROPE_FIRST = new RegExp(`^"?${FAMILY}"?,`);

describe('the brand typeface', () => {
  /** Every font the page fetched (Resource Timing: from the cache too) and the bytes that crossed the network for it,
   * and when the page's largest paint was. */
  const timings = (page: Page) =>
    page.evaluate(async () => {
      const largest = await new Promise<number>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        });
      });
      const fonts = performance
        .getEntriesByType('resource')
        .filter((entry) => /\.woff2$/.test(new URL(entry.name).pathname))
        .map((entry) => ({
          url: entry.name,
          start: entry.startTime,
          transferred: (entry as PerformanceResourceTiming).transferSize,
        }));
      return { largest, fonts };
    });
  const familyOf = (page: Page, selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => getComputedStyle(element).fontFamily);

  for (const path of ['/', '/es/privacy-policy']) {
    it(`${path} renders its headings and text in ${FAMILY}, served as woff2 from the site itself, fetched after the largest paint on a first page`, async () => {
      const page = await browser.page({ width: 390, firstVisit: true });
      const requests: Array<{ url: string; type: string }> = [];
      page.on('request', (request) => requests.push({ url: request.url(), type: request.resourceType() }));
      const fontTypes: string[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'font') fontTypes.push(response.headers()['content-type'] ?? '');
      });
      await page.goto(path, { waitUntil: 'load' });

      // The visitor's first page: Manrope comes once the page is on screen, then every heading and text is in it.
      await expect.poll(() => familyOf(page, 'h1')).toMatch(MANROPE_FIRST);
      expect(await familyOf(page, 'body')).toMatch(MANROPE_FIRST);
      await page.evaluate(() => document.fonts.ready);
      expect(await page.evaluate((family) => document.fonts.check(`16px "${family}"`), FAMILY)).toBe(true);
      // check() is true of a family no @font-face declares too: the face itself is there, and loaded.
      expect(await page.evaluate(() => [...document.fonts].map((face) => `${face.family} ${face.status}`))).toContain(
        `${FAMILY} loaded`,
      );
      expect(await page.evaluate((family) => document.fonts.check(`bold 48px "${family}"`), FAMILY)).toBe(true);
      // It did not share the link with what the largest paint needed: no preload, fetched after that paint.
      expect(await page.locator('head link[rel="preload"][as="font"]').count()).toBe(0);
      const { largest, fonts: fetched } = await timings(page);
      expect(fetched).toHaveLength(1);
      expect(fetched[0]!.start).toBeGreaterThan(largest);

      const origin = new URL(baseUrl()).origin;
      const fonts = requests.filter((request) => request.type === 'font');
      expect(fonts.length).toBeLessThanOrEqual(1);
      for (const font of fonts) {
        expect(new URL(font.url).origin).toBe(origin);
        expect(new URL(font.url).pathname).toMatch(/\.woff2$/);
      }
      for (const type of fontTypes) expect(type).toBe('font/woff2');
      const elsewhere = requests.filter((request) => !/^(data|blob):/.test(request.url)).map((request) => request.url);
      expect(elsewhere.filter((url) => new URL(url).origin !== origin)).toEqual([]);
      await page.close();
    });
  }

  it('on a first page, the swap to Manrope after the paint moves the text less than a “good” layout shift (0.1)', async () => {
    const page = await browser.page({ width: 390, firstVisit: true });
    await page.goto('/es/', { waitUntil: 'load' });
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('font-later'))).toBe(false);
    const shift = await page.evaluate(async () => {
      await document.fonts.ready;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return new Promise<number>((resolve) => {
        new PerformanceObserver((list) =>
          resolve(
            list
              .getEntries()
              .map((entry) => entry as PerformanceEntry & { value: number; hadRecentInput: boolean })
              .filter((entry) => !entry.hadRecentInput)
              .reduce((sum, entry) => sum + entry.value, 0),
          ),
        ).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(0), 1000);
      });
    });
    expect(shift).toBeLessThan(0.1);
    expect(await familyOf(page, 'h1')).toMatch(MANROPE_FIRST);
    await page.close();
  });

  it('a page reached from another page of the site is painted in Manrope from the start, from the cache', async () => {
    const page = await browser.page({ width: 390, firstVisit: true });
    await page.goto('/', { waitUntil: 'load' });
    await expect.poll(() => familyOf(page, 'h1')).toMatch(MANROPE_FIRST);
    await page.locator('footer a[href="/privacy-policy"]').first().click();
    await page.waitForURL('**/privacy-policy', { waitUntil: 'commit' });
    await page.waitForSelector('h1', { state: 'attached' });
    expect(await page.evaluate(() => document.documentElement.classList.contains('font-later'))).toBe(false);
    expect(await familyOf(page, 'h1')).toMatch(MANROPE_FIRST);
    // Preloaded from the head (by its script), the file the stylesheet asks for: ready for the first paint.
    const preload = page.locator('head link[rel="preload"][as="font"]');
    expect(await preload.count()).toBe(1);
    expect(await preload.getAttribute('crossorigin')).not.toBeNull();
    await page.evaluate(() => document.fonts.ready);
    const { fonts } = await timings(page);
    expect(fonts.map((font) => new URL(font.url).pathname)).toEqual([await preload.getAttribute('href')]);
    // From the browser's cache: its 25 KB did not cross the network again (at most a revalidation: headers, no body;
    // `netlify serve` answered one here).
    expect(fonts[0]!.transferred).toBeLessThan(1024);
    await page.close();
  });

  it('without JavaScript, the stylesheet’s Manrope all the same', async () => {
    const page = await browser.page({ width: 390, javaScript: false, firstVisit: true });
    await page.goto('/es/privacy-policy', { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    expect(await familyOf(page, 'h1')).toMatch(MANROPE_FIRST);
    expect(await page.evaluate(() => [...document.fonts].map((face) => `${face.family} ${face.status}`))).toContain(
      `${FAMILY} loaded`,
    );
    await page.close();
  });

  it('the Spanish letters are in the font file, and the fallback takes the space Manrope does (no shift on swap)', async () => {
    const page = await browser.page({ width: 390 });
    await page.goto('/es/privacy-policy', { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    const text = '¿Cómo protegemos sus datos? Año, señal, pingüino: ¡información útil! — «Política» 1.250 €';
    const measured = await page.evaluate((sample) => {
      /** The box of `content` in `family` at `weight`, 32 px, on one line. */
      const box = (family: string, weight = 400, content = sample) => {
        const span = document.createElement('span');
        span.textContent = content;
        span.style.cssText = `font: ${weight} 32px/normal ${family}; white-space: nowrap; position: absolute; top: 0`;
        document.body.append(span);
        const { width, height } = span.getBoundingClientRect();
        span.remove();
        return { width, height };
      };
      return {
        // Regular text and bold headings: each has its own fallback face.
        weights: [400, 700].map((weight) => ({
          weight,
          manrope: box('"Manrope"', weight),
          fallback: box('"Manrope fallback DejaVu"', weight),
        })),
        // A character Manrope lacks is drawn by the next font: then its width depends on which one that is.
        missing: [...new Set(sample)].filter(
          (character) =>
            box('"Manrope", monospace', 400, character).width !== box('"Manrope", serif', 400, character).width,
        ),
      };
    }, text);
    expect(measured.missing).toEqual([]);
    // Within 3 % in width and the same line height: the text reflows by at most a word, and nothing below it moves.
    for (const { weight, manrope, fallback } of measured.weights) {
      expect(Math.abs(fallback.width / manrope.width - 1), `width at ${weight}`).toBeLessThan(0.03);
      expect(Math.abs(fallback.height - manrope.height), `line height at ${weight}`).toBeLessThanOrEqual(1);
    }
  });
});
