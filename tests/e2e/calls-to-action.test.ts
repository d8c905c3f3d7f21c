import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { es } from '../../src/i18n/es';
import { E2E_ADMIN } from './global-setup';
import { adminApi, baseUrl, signInAsAdmin, signInCookie, useBrowser } from './helpers';

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

describe('small images', () => {
  it('come back from the upload with their size, are warned of in the editor, and are never upscaled', async () => {
    const png = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#0b1f3a' } })
      .png()
      .toBuffer();
    const cookie = await signInCookie(E2E_ADMIN.username, E2E_ADMIN.password);
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'tiny.png');
    const uploaded = await fetch(`${baseUrl()}/api/upload`, {
      method: 'POST',
      body: form,
      headers: { origin: baseUrl(), cookie },
    });
    const upload = (await uploaded.json()) as { url: string; width: number; height: number };
    expect(upload).toMatchObject({ width: 64, height: 40 });
    const [existing] = (await fetch(`${baseUrl()}/api/insights`).then((r) => r.json())) as Array<{ category: string }>;
    const created = await adminApi(cookie)('/api/insights', {
      method: 'POST',
      body: JSON.stringify({
        title: { en: 'A tiny picture', es: 'Una imagen diminuta' },
        description: { en: 'Small images stay small.', es: 'Las imágenes pequeñas siguen pequeñas.' },
        content: {
          en: `<p>Before</p><p><img src="${upload.url}" alt="tiny"></p>`,
          es: `<p>Antes</p><p><img src="${upload.url}" alt="diminuta"></p>`,
        },
        imageUrl: upload.url,
        category: existing!.category,
        slug: 'a-tiny-picture',
        published: true,
      }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const page = await browser.page({ width: 1440 });
    await page.goto(`/insights/${id}`);
    const hero = page.locator('article img').first();
    await expect.poll(() => hero.evaluate((image: HTMLImageElement) => image.complete)).toBe(true);
    const heroBox = (await hero.boundingBox())!;
    expect(heroBox.width).toBeLessThanOrEqual(64);
    // Centred, not stuck to the left of the column.
    // Its column: the wrapper around the image's <picture> (which draws no box of its own).
    const column = (await hero.locator('xpath=ancestor::div[1]').boundingBox())!;
    expect(Math.abs(heroBox.x + heroBox.width / 2 - (column.x + column.width / 2))).toBeLessThan(2);
    const inline = page.locator('.rich-text img');
    expect((await inline.boundingBox())!.width).toBeLessThanOrEqual(64);

    // The dashboard warns (it does not refuse) when the picture chosen is small.
    const admin = await browser.page({ allowFailedRequests: true });
    await signInAsAdmin(admin);
    await admin.getByRole('tab', { name: 'Insights' }).click();
    await admin.getByRole('button', { name: 'Add Insight' }).click();
    const editor = admin.locator('[data-insight-form]');
    await editor.locator('[data-image-input]').setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: png });
    await expect
      .poll(() => editor.getByLabel(/or an image address/).inputValue(), { timeout: 20_000 })
      .toMatch(/^\/uploads\//);
    await expect
      .poll(() => editor.locator('[data-image-warning="hero"]').textContent())
      .toContain('This image is small (64 × 40 px)');
    // An image in the text is measured too, whichever way it came in (here: typed as HTML).
    await editor.getByRole('button', { name: 'HTML' }).click();
    await editor.getByLabel('Content — English (HTML)').fill(`<p><img src="${upload.url}" alt=""></p>`);
    await expect
      .poll(() => editor.locator('[data-image-warning="inline"]').textContent())
      .toContain('at least 600 px wide');
    await admin.close();
    await page.close();
  });
});
