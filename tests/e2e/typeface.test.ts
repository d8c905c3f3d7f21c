import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser } from './helpers';

/** The brand typeface (issue 23): Manrope, self-hosted, woff2, preloaded, on the site's pages and the policies'. */
const browser = useBrowser();
const FAMILY = 'Manrope';

describe('the brand typeface', () => {
  for (const path of ['/', '/es/privacy-policy']) {
    it(`${path} renders its headings and text in ${FAMILY}, served as woff2 from the site itself`, async () => {
      const page = await browser.page({ width: 390 });
      const requests: Array<{ url: string; type: string }> = [];
      page.on('request', (request) => requests.push({ url: request.url(), type: request.resourceType() }));
      const fontTypes: string[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'font') fontTypes.push(response.headers()['content-type'] ?? '');
      });
      await page.goto(path, { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready);

      expect(await page.evaluate((family) => document.fonts.check(`16px "${family}"`), FAMILY)).toBe(true);
      // check() is true of a family no @font-face declares too: the face itself is there, and loaded.
      expect(await page.evaluate(() => [...document.fonts].map((face) => `${face.family} ${face.status}`))).toContain(
        `${FAMILY} loaded`,
      );
      expect(await page.evaluate((family) => document.fonts.check(`bold 48px "${family}"`), FAMILY)).toBe(true);
      for (const selector of ['h1', 'body'])
        expect(
          await page
            .locator(selector)
            .first()
            .evaluate((element) => getComputedStyle(element).fontFamily),
        ).toMatch(new RegExp(`^"?${FAMILY}\\b`));

      // Preloaded from the head, the same file the stylesheet asks for (no second download).
      const preload = page.locator('head link[rel="preload"][as="font"]');
      await expect.poll(() => preload.count()).toBe(1);
      expect(await preload.getAttribute('type')).toBe('font/woff2');
      expect(await preload.getAttribute('crossorigin')).not.toBeNull();

      const origin = new URL(baseUrl()).origin;
      const fonts = requests.filter((request) => request.type === 'font');
      expect(fonts).toHaveLength(1);
      expect(new URL(fonts[0]!.url).origin).toBe(origin);
      expect(new URL(fonts[0]!.url).pathname).toMatch(/\.woff2$/);
      expect(new URL(fonts[0]!.url).pathname).toBe(await preload.getAttribute('href'));
      expect(fontTypes).toEqual(['font/woff2']);
      const elsewhere = requests.filter((request) => !/^(data|blob):/.test(request.url)).map((request) => request.url);
      expect(elsewhere.filter((url) => new URL(url).origin !== origin)).toEqual([]);
    });
  }

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
