import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { es } from '../../src/i18n/es';
import { useBrowser } from './helpers';

/** Issue 23: calls to action by weight, one newsletter form, the chat's loading note, small images. */
const browser = useBrowser();
const LANGS = [
  ['en', '/', en],
  ['es', '/es/', es],
] as const;

interface Cta {
  kind: string;
  background: string;
  borderWidth: number;
  height: number;
  text: string;
}

/** Each <section>'s visible calls to action: their `data-cta` weight and how they look. */
function sectionCtas(page: Page): Promise<Array<{ section: string; ctas: Cta[] }>> {
  return page.locator('main section').evaluateAll((sections: HTMLElement[]) =>
    sections.map((section) => ({
      section: section.id || (section.getAttribute('aria-labelledby') ?? ''),
      ctas: [...section.querySelectorAll<HTMLElement>('[data-cta]')]
        .filter((element) => element.closest('section') === section && element.offsetParent !== null)
        .map((element) => {
          const style = getComputedStyle(element);
          return {
            kind: element.dataset['cta'] ?? '',
            background: style.backgroundColor,
            borderWidth: parseFloat(style.borderTopWidth),
            height: element.getBoundingClientRect().height,
            text: element.innerText.trim(),
          };
        }),
    })),
  );
}

const TRANSPARENT = /^(transparent|rgba\(\d+, \d+, \d+, 0\))$/;

describe('calls to action', () => {
  it.each(LANGS)('have one primary per section, the rest visibly secondary (%s)', async (_lang, path, texts) => {
    for (const width of [390, 1440]) {
      const page = await browser.page({ width });
      await page.goto(path);
      // The islands' buttons are marked too: wait for the forms to hydrate (they render the same marks).
      await page.locator('#contact').scrollIntoViewIfNeeded();
      const sections = await sectionCtas(page);
      const all = sections.flatMap((section) => section.ctas);
      // The ones the issue named are all marked, with their contractual words.
      for (const label of [texts['hero.ctaServices'], texts['hero.ctaContact'], texts['investment.cta.explore']]) {
        expect(all.map((cta) => cta.text)).toContain(label);
      }
      for (const { section, ctas } of sections) {
        const primaries = ctas.filter((cta) => cta.kind === 'primary');
        expect(primaries.length, `${section} at ${width}px: ${JSON.stringify(ctas)}`).toBeLessThanOrEqual(1);
        for (const cta of ctas) {
          expect(['primary', 'secondary', 'link'], section).toContain(cta.kind);
          // Touch targets: at least 44 px high on a phone.
          if (width === 390) expect(cta.height, `${section}: ${cta.text}`).toBeGreaterThanOrEqual(44);
          if (cta.kind === 'primary') expect(cta.background).not.toMatch(TRANSPARENT);
          else {
            expect(primaries.every((primary) => primary.background !== cta.background)).toBe(true);
            expect(TRANSPARENT.test(cta.background) || cta.borderWidth > 0, `${section}: ${cta.text}`).toBe(true);
          }
        }
      }
      await page.close();
    }
  });

  it('shows a visible focus ring on a secondary call to action', async () => {
    const page = await browser.page();
    await page.goto('/');
    const contact = page.locator('section[data-hero] [data-cta="secondary"]').first();
    await contact.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const outline = await contact.evaluate((element) => {
      const style = getComputedStyle(element);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(outline.style).not.toBe('none');
    expect(outline.width).toBeGreaterThanOrEqual(2);
    await page.close();
  });
});

describe('the newsletter on the home page', () => {
  it.each(LANGS)('is one form, in the contact section, where /#newsletter lands (%s)', async (_lang, path) => {
    const page = await browser.page({ width: 1440 });
    await page.goto(`${path}#newsletter`);
    expect(await page.locator('form[data-newsletter-form]').count()).toBe(1);
    const card = page.locator('#newsletter');
    expect(await card.evaluate((element) => element.closest('section')?.id)).toBe('contact');
    await expect.poll(() => card.evaluate((element) => element.getBoundingClientRect().top)).toBeLessThan(200);
    await page.close();
  });

  it('leaves no large empty area in the newsletter card at 1440 px', async () => {
    const page = await browser.page({ width: 1440 });
    await page.goto('/#contact');
    // The card's height not taken by its contents (its padding aside): the blank space between and below them.
    // Before issue 23 the card was stretched to the contact form's height: 291 px blank.
    const blank = await page.locator('#contact article:has(form[data-newsletter-form])').evaluate((card) => {
      const content = [...card.children].reduce((sum, child) => sum + child.getBoundingClientRect().height, 0);
      const style = getComputedStyle(card);
      return card.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom) - content;
    });
    expect(blank).toBeLessThan(64);
    await page.close();
  });
});

describe('the chat launcher', () => {
  it.each([390, 1440])('says "Opening the chat…" beside its button while the chat loads, at %i px', async (width) => {
    const page = await browser.page({ width });
    await page.goto('/');
    // The chat's texts come slowly: the panel cannot open for a while.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/chat-texts.json', async (route) => {
      await held;
      await route.continue();
    });
    const launcher = page.getByRole('button', { name: en['chat.open'] });
    await launcher.click();
    const note = page.getByText(en['launcher.chatLoading']);
    await expect.poll(() => note.isVisible()).toBe(true);
    const box = (await note.boundingBox())!;
    const button = (await launcher.boundingBox())!;
    const header = (await page.locator('header').first().boundingBox())!;
    expect(box.x + box.width / 2).toBeGreaterThan(width / 2);
    expect(box.y + box.height / 2).toBeGreaterThan(900 / 2);
    expect(box.y).toBeGreaterThan(header.y + header.height);
    // Near the button: within 120 px of it.
    expect(button.y - (box.y + box.height)).toBeLessThan(120);
    expect(await note.evaluate((element) => element.closest('[aria-live]')?.getAttribute('aria-live'))).toBe('polite');
    // Off the layout flow: the page's height is what it was.
    expect(
      await note.evaluate((element) => getComputedStyle(element.closest('[data-chat-early-note]')!).position),
    ).toBe('fixed');
    release();
    await page.getByRole('dialog').first().waitFor();
    await page.close();
  });
});
