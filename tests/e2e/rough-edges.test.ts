import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { es } from '../../src/i18n/es';
import { axeViolations, baseUrl, useBrowser } from './helpers';

/** What a demanding visitor checks on a phone and a laptop, in both languages (issue 14, "Rough edges"). */
const browser = useBrowser();
const dictionaries = { en, es } as const;
type Lang = keyof typeof dictionaries;
const LANGS: Lang[] = ['en', 'es'];
const prefix = (lang: Lang) => (lang === 'es' ? '/es' : '');

interface CaseStudy {
  id: string;
  slugs: Record<Lang, string>;
  title: { en: string; es: string };
  imageUrl: string;
  metrics: Record<Lang, Array<{ label: string; value: string }>>;
}

async function caseStudies(): Promise<CaseStudy[]> {
  return (await fetch(`${baseUrl()}/api/portfolio`).then((r) => r.json())) as CaseStudy[];
}

/** Each visible card's link, its metrics as rendered, and which of its texts are cut (by their own box or an ancestor's). */
interface RenderedCard {
  href: string;
  titleCut: boolean;
  metrics: Array<{ label: string; value: string; cut: string[] }>;
}

function renderedCards(scope: Locator): Promise<RenderedCard[]> {
  return scope.locator('article').evaluateAll((articles) => {
    /** Cut: the text overflows its own box, or some ancestor up to the card clips it away. */
    function cut(element: Element, card: Element): boolean {
      if (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1) return true;
      const box = element.getBoundingClientRect();
      for (let node = element.parentElement; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
          const clip = node.getBoundingClientRect();
          if (
            box.left < clip.left - 1 ||
            box.right > clip.right + 1 ||
            box.top < clip.top - 1 ||
            box.bottom > clip.bottom + 1
          )
            return true;
        }
        if (node === card) break;
      }
      return false;
    }
    return articles
      .filter((card) => (card as HTMLElement).offsetParent !== null)
      .map((card) => {
        const heading = card.querySelector('h2, h3')!;
        return {
          href: heading.querySelector('a')!.getAttribute('href')!,
          titleCut: cut(heading, card),
          metrics: [...card.querySelectorAll('dl > div')].map((row) => {
            const label = row.querySelector('dt')!;
            const value = row.querySelector('dd')!;
            return {
              label: label.innerText.trim(),
              value: value.innerText.trim(),
              cut: [label, value].filter((part) => cut(part, card)).map((part) => part.tagName),
            };
          }),
        };
      });
  });
}

describe('case-study cards', () => {
  it.each([390, 800, 1280])(
    'show every metric whole at %i px, on the home page and /portfolio, in both languages',
    async (width) => {
      const items = await caseStudies();
      const page = await browser.page({ width });
      for (const lang of LANGS) {
        for (const [path, scope] of [
          [`${prefix(lang)}/`, '#portfolio'],
          [`${prefix(lang)}/portfolio`, 'main'],
        ] as const) {
          await page.goto(path);
          const cards = await renderedCards(page.locator(scope));
          expect(cards.length, `${path} at ${width}px`).toBeGreaterThanOrEqual(2);
          for (const card of cards) {
            const item = items.find((candidate) => card.href.endsWith(`/portfolio/${candidate.slugs[lang]}`))!;
            const where = `${path} at ${width}px, ${item.title[lang]}`;
            // Rendered text against the data: up to three metrics, in order, none shortened.
            expect(
              card.metrics.map(({ label, value }) => ({ label, value })),
              where,
            ).toEqual(item.metrics[lang].slice(0, 3));
            for (const metric of card.metrics) expect(metric.cut, `${where}: ${metric.label}`).toEqual([]);
            // One column (phones): the whole title.
            if (width < 640) expect(card.titleCut, `${where}: title`).toBe(false);
          }
        }
      }
      await page.close();
    },
  );

  it('come in AVIF to a browser that takes it, at the size the card is drawn', async () => {
    const page = await browser.page({ width: 390 });
    const types: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/.netlify/images') types.push(response.headers()['content-type'] ?? '');
    });
    await page.goto('/portfolio', { waitUntil: 'load' });
    const image = page.locator('main article img').first();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const chosen = new URL(await image.evaluate((img: HTMLImageElement) => img.currentSrc));
    expect(chosen.searchParams.get('fm')).toBe('avif');
    // 358 px wide on a phone of density 1: the 400 px file, not a larger one.
    expect(chosen.searchParams.get('w')).toBe('400');
    expect(types.length).toBeGreaterThan(0);
    for (const type of types) expect(type).toBe('image/avif');
    await page.close();
  });

  it('show the site’s pattern, not a broken image, when a card’s picture cannot be loaded', async () => {
    const [first] = await caseStudies();
    const file = first!.imageUrl.split('/').pop()!;
    const page = await browser.page();
    // The image gone from the server: every size of it answers 404.
    await page.route(
      (url) => url.pathname === '/.netlify/images' && (url.searchParams.get('url') ?? '').endsWith(file),
      (route) => route.fulfill({ status: 404, body: 'Not found' }),
    );
    await page.goto('/portfolio');
    const image = page.locator('main article img').first();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 0))
      .toBe(true);
    const box = (await image.boundingBox())!;
    expect(box.height).toBeGreaterThan(100);
    // What the visitor sees there: the navy-to-emerald pattern (dark), not the browser's icon and alt text on white.
    const pixels = await screenshotPixels(page, box);
    const dark = pixels.filter((pixel) => luminance(pixel) < 0.1).length;
    expect(dark / pixels.length).toBeGreaterThan(0.9);
    await page.close();
  });
});

describe('the not-found page', () => {
  it('links its language switch to the twin page’s real address, whatever path the local server retried', async () => {
    const [item] = await caseStudies();
    const cases: Array<[string, string]> = [
      ['/no-such-page', '/es/no-such-page'],
      ['/no-such-page/', '/es/no-such-page'],
      ['/es/no-existe', '/no-existe'],
      [`/portfolio/${item!.id}x`, `/es/portfolio/${item!.id}x`],
      ['/es/insights/01jd0000000000000000000000', '/insights/01jd0000000000000000000000'],
    ];
    const page = await browser.page();
    for (const [path, twin] of cases) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      expect(await page.locator('[data-language-switch]').getAttribute('href'), path).toBe(twin);
    }
    await page.goto('/no-such-page');
    await page.locator('[data-language-switch]').click();
    await page.waitForURL('**/es/no-such-page');
    expect(await page.locator('h1').innerText()).toBe(es['notFound.title']);
    await page.close();
    // The switch remembered Spanish (nf_lang): the other tests start from a visitor who has not chosen.
    await browser.context().clearCookies();
  });

  it('keeps its heading and helps the visitor onward: home, case studies, insights, contact and a search', async () => {
    const page = await browser.page();
    for (const lang of LANGS) {
      const t = dictionaries[lang];
      const response = await page.goto(`${prefix(lang)}/no-such-page`);
      expect(response?.status()).toBe(404);
      expect(await page.locator('h1').innerText()).toBe(t['notFound.title']);
      expect(await page.locator('main').innerText()).toContain(t['notFound.text']);
      expect(await page.getByRole('link', { name: t['notFound.home'] }).getAttribute('href')).toBe(`${prefix(lang)}/`);
      const onward = page.locator('[data-not-found-links] a');
      expect(await onward.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
        `${prefix(lang)}/portfolio`,
        `${prefix(lang)}/insights`,
        `${prefix(lang)}/#contact`,
        `${prefix(lang)}/book`,
      ]);
      await page.getByRole('searchbox', { name: t['insights.searchLabel'] }).fill('ERP');
      await page.getByRole('button', { name: t['insights.searchSubmit'] }).click();
      await page.waitForURL(`**${prefix(lang)}/insights?q=ERP`);
      expect(await page.locator('[role="status"]').innerText()).toContain('ERP');
    }
    await page.close();
  });
});

describe('counts', () => {
  it.each(LANGS)('follow the plural rules of the language (%s): 0, 1 and several results', async (lang) => {
    const t = dictionaries[lang];
    const page = await browser.page();
    const cases: Array<[string, (count: number) => string]> = [
      ['zzzqx', () => t['insights.searchNone'].replace('{query}', 'zzzqx')],
      // One article names dbt (the search reads bodies too: "ERP" is in two).
      ['dbt', (n) => t['insights.searchResults.one'].replace('{count}', String(n)).replace('{query}', 'dbt')],
      [
        lang === 'es' ? 'IA' : 'AI',
        (n) =>
          t['insights.searchResults.other']
            .replace('{count}', String(n))
            .replace('{query}', lang === 'es' ? 'IA' : 'AI'),
      ],
    ];
    const counts: number[] = [];
    for (const [query, expected] of cases) {
      await page.goto(`${prefix(lang)}/insights?q=${encodeURIComponent(query)}`);
      const count = await page.locator('main article').count();
      counts.push(count);
      expect(await page.locator('[role="status"]').innerText(), query).toContain(expected(count));
    }
    expect(counts[0]).toBe(0);
    expect(counts[1]).toBe(1);
    expect(counts[2]).toBeGreaterThanOrEqual(2);
    await page.close();
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The rendered pixels of a region of the page, as [r, g, b] triples. */
async function screenshotPixels(
  page: Page,
  box: { x: number; y: number; width: number; height: number },
): Promise<Array<[number, number, number]>> {
  const png = await page.screenshot({ clip: box });
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels: Array<[number, number, number]> = [];
  for (let i = 0; i < info.width * info.height * 3; i += 3) pixels.push([data[i]!, data[i + 1]!, data[i + 2]!]);
  return pixels;
}

/** WCAG 2 relative luminance. */
function luminance([r, g, b]: readonly [number, number, number]): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/**
 * The lowest contrast of each text in `scope` against what is actually painted behind it: the text is made
 * transparent for a moment, the region under its glyphs is captured, and its colour is compared with every pixel
 * there. Over a playing video, the frame at that moment counts.
 */
async function textContrasts(page: Page, scope: string): Promise<Array<{ text: string; ratio: number }>> {
  const texts = await page.locator(scope).evaluate((root) => {
    const found: Array<{ text: string; color: string; box: { x: number; y: number; width: number; height: number } }> =
      [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement!;
      if (!node.textContent?.trim() || element.offsetParent === null) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rect = range.getBoundingClientRect();
      if (rect.width < 1 || rect.height < 1) continue;
      found.push({
        text: node.textContent.trim().slice(0, 40),
        color: getComputedStyle(element).color,
        box: { x: rect.x, y: rect.y, width: rect.width, height: rect.height },
      });
    }
    return found;
  });
  // At once: a `transition-colors` would otherwise leave the text half faded when the picture is taken.
  const hide = (hidden: boolean) =>
    page.locator(scope).evaluate((root, hidden) => {
      for (const element of [root, ...root.querySelectorAll('*')] as HTMLElement[]) {
        for (const [property, value] of [
          ['transition', 'none'],
          ['color', 'transparent'],
        ] as const) {
          if (hidden) element.style.setProperty(property, value, 'important');
          else element.style.removeProperty(property);
        }
      }
    }, hidden);
  await hide(true);
  const results: Array<{ text: string; ratio: number }> = [];
  for (const text of texts) {
    const [r, g, b] = text.color.match(/\d+(\.\d+)?/g)!.map(Number);
    const foreground = luminance([r!, g!, b!]);
    const pixels = await screenshotPixels(page, text.box);
    const ratio = pixels.reduce((lowest, pixel) => Math.min(lowest, contrast(foreground, luminance(pixel))), Infinity);
    results.push({ text: text.text, ratio: Math.round(ratio * 100) / 100 });
  }
  await hide(false);
  return results;
}

describe('contrast', () => {
  it('holds WCAG AA (4.5:1) on the hero and the video card while their videos play, and axe finds nothing', async () => {
    const page = await browser.page({ width: 1280 });
    await page.goto('/');
    // Chromium pauses a muted video out of view: each one is checked while it is on screen and playing.
    for (const [scope, video] of [
      ['[data-hero]', '[data-hero-video-slot] video'],
      ['[data-video-placeholder]', '[data-video-placeholder] video'],
    ] as const) {
      await page.locator(scope).evaluate((element) => element.scrollIntoView({ block: 'center' }));
      const playing = () =>
        page.evaluate((selector) => {
          const element = document.querySelector<HTMLVideoElement>(selector);
          return Boolean(element && !element.paused && element.currentTime > 0 && element.readyState >= 2);
        }, video);
      await expect.poll(playing, { timeout: 20_000, message: `${video} plays` }).toBe(true);
      // The hero's video fades in over a second: measured once it is fully there.
      await expect
        .poll(() => page.locator(video).evaluate((element) => Number(getComputedStyle(element.parentElement!).opacity)))
        .toBeGreaterThan(0.99);
      expect(await axeViolations(page), scope).toEqual([]);
      for (let sample = 1; sample <= 3; sample += 1) {
        const low = (await textContrasts(page, scope)).filter(({ ratio }) => ratio < 4.5);
        expect(low, `${scope}, sample ${sample}`).toEqual([]);
        await page.waitForTimeout(700);
      }
      expect(await playing(), `${video} still plays`).toBe(true);
    }
    await page.close();
  });
});

describe('keyboard focus', () => {
  it('is one strong ring on card titles and form fields', async () => {
    const page = await browser.page();
    await page.goto('/#contact');
    const form = page.locator('[data-contact-form]');
    const targets: Array<[string, Locator]> = [
      ['the contact form’s name', form.getByLabel(en['form.name'])],
      ['the contact form’s service', form.getByLabel(en['form.service'])],
      ['the contact form’s message', form.getByLabel(en['form.message'])],
      ['a case-study card’s title', page.locator('#portfolio article h3 a').first()],
      ['an insight card’s title', page.locator('#insights article h3 a').first()],
    ];
    for (const [name, target] of targets) {
      // As a keyboard user gets there: Tab from the visible control just before it.
      await target.evaluate((element) => {
        const all = [...document.querySelectorAll<HTMLElement>('a[href], input, select, textarea, button')];
        const before = all
          .slice(0, all.indexOf(element as HTMLElement))
          .filter((candidate) => candidate.offsetParent !== null && candidate.tabIndex >= 0);
        before.at(-1)!.focus();
      });
      await page.keyboard.press('Tab');
      const ring = await target.evaluate((element) => {
        const style = getComputedStyle(element);
        return {
          focused: element === document.activeElement && element.matches(':focus-visible'),
          style: style.outlineStyle,
          width: parseFloat(style.outlineWidth),
          color: style.outlineColor,
          offset: parseFloat(style.outlineOffset),
        };
      });
      expect(ring, name).toEqual({ focused: true, style: 'solid', width: 3, color: 'rgb(5, 150, 105)', offset: 2 });
    }
    // emerald-600 keeps 3:1 against the white page and the navy sections it may sit on.
    const ringColour = luminance([5, 150, 105]);
    expect(contrast(ringColour, luminance([255, 255, 255]))).toBeGreaterThanOrEqual(3);
    expect(contrast(ringColour, luminance([11, 31, 58]))).toBeGreaterThanOrEqual(3);
    await page.close();
  });
});

describe('the hero', () => {
  it('fills its right half on a laptop with the newest case studies’ results, without moving or outgrowing the headline', async () => {
    const [newest] = await caseStudies();
    for (const lang of LANGS) {
      const page = await browser.page({ width: 1280 });
      await page.goto(`${prefix(lang)}/`);
      const panel = page.locator('[data-hero-results]');
      const box = (await panel.boundingBox())!;
      expect(box.x, 'the panel sits in the right half').toBeGreaterThan(640);
      // One of its results, value and label together.
      const text = await panel.innerText();
      expect(
        newest!.metrics[lang].some(({ value, label }) =>
          new RegExp(`${escapeRegExp(value)}\\s+${escapeRegExp(label)}`).test(text),
        ),
        text,
      ).toBe(true);
      expect(await panel.getByRole('link', { name: newest!.title[lang] }).getAttribute('href')).toBe(
        `${prefix(lang)}/portfolio/${newest!.slugs[lang]}`,
      );
      // The largest paint stays the headline's text (the panel never outgrows it), and nothing shifts, the video's
      // arrival included. The background video, added a second after load, is a later candidate of its own.
      const paint = await page.evaluate(
        () =>
          new Promise<{ candidates: Array<{ tag: string; where: string }>; cls: number }>((resolve) => {
            const candidates: Array<{ tag: string; where: string }> = [];
            let cls = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) {
                const element = (entry as PerformanceEntry & { element: Element | null }).element;
                candidates.push({
                  tag: element?.tagName ?? 'none',
                  where: element?.closest('[data-hero-results]')
                    ? 'panel'
                    : element?.closest('[data-hero-video-slot]')
                      ? 'video'
                      : element?.closest('[data-hero]')
                        ? 'hero'
                        : 'elsewhere',
                });
              }
            }).observe({ type: 'largest-contentful-paint', buffered: true });
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) cls += (entry as PerformanceEntry & { value: number }).value;
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve({ candidates, cls }), 2500);
          }),
      );
      const beforeVideo = paint.candidates.filter((candidate) => candidate.where !== 'video');
      expect(beforeVideo.at(-1), JSON.stringify(paint.candidates)).toMatchObject({ where: 'hero' });
      expect(['H1', 'P']).toContain(beforeVideo.at(-1)!.tag);
      expect(paint.cls).toBe(0);
      await page.close();
    }
    const phone = await browser.page({ width: 390 });
    await phone.goto('/');
    expect(await phone.locator('[data-hero-results]').isVisible()).toBe(false);
    await phone.close();
  });
});

describe('the contact form', () => {
  it('carries a data-protection note with the privacy policy, and says what happens next after sending', async () => {
    const page = await browser.page();
    for (const lang of LANGS) {
      const t = dictionaries[lang];
      await page.goto(`${prefix(lang)}/#contact`);
      const note = page.locator('[data-contact-privacy]');
      expect(await note.innerText()).toContain(`${t['contact.form.privacy']} ${t['contact.form.privacyLink']}`);
      expect(await note.getByRole('link', { name: t['contact.form.privacyLink'] }).getAttribute('href')).toBe(
        `${prefix(lang)}/privacy-policy`,
      );
    }
    // Words the template's line breaks used to glue together ("Correo electrónico:hello@…", "28046Madrid").
    const contact = await page.locator('#contact').innerText();
    expect(contact).toContain(`${es['contact.emailLabel']}: hello@vantiapartners.com`);
    expect(await page.locator('#newsletter').innerText()).toContain(
      `${es['newsletter.privacy']} ${es['newsletter.privacyLink']}`,
    );
    expect(await page.locator('footer').innerText()).toContain('28046 Madrid');
    const form = page.locator('[data-contact-form]');
    // The form's island hydrates once in view: values typed before React has taken the form over would be lost.
    await form.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        form.evaluate(
          (element) =>
            !element.closest('[data-island], astro-island') ||
            Object.keys(element).some((key) => key.startsWith('__reactProps')),
        ),
      )
      .toBe(true);
    await form.getByLabel(es['form.name']).fill('Marta Sanz');
    await form.getByLabel(es['form.email'], { exact: true }).fill('marta@e2e.example');
    await form.getByLabel(es['form.message']).fill('Queremos revisar nuestra cadena de suministro.');
    await form.getByRole('button', { name: es['form.send'] }).click();
    const toast = page.locator('[data-toast="success"]');
    await expect.poll(() => toast.textContent(), { timeout: 15_000 }).toContain(es['toast.contactSuccessTitle']);
    // The contractual sentence, then the next step and when.
    expect(await toast.textContent()).toContain(`${es['toast.contactSuccessText']} ${es['toast.contactNextSteps']}`);
    await page.close();
  });
});

/** Whether two boxes share any area. */
function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, 'a visible box').not.toBeNull();
  return found!;
}

describe('issue 23: a phone, with and without JavaScript', () => {
  it('opens the phone menu with JavaScript off, and shows the chat note by its button, not over the header', async () => {
    const page = await browser.page({ width: 375, javaScript: false });
    for (const lang of LANGS) {
      const t = dictionaries[lang];
      await page.goto(`${prefix(lang)}/`);
      const menu = page.locator('#mobile-menu');
      expect(await menu.isVisible()).toBe(false);
      await page.locator('[data-menu-button]').click();
      expect(await menu.isVisible()).toBe(true);
      for (const name of [t['nav.services'], t['nav.contact'], t['nav.login']])
        expect(await menu.getByRole('link', { name, exact: true }).isVisible(), name).toBe(true);
      await page.locator('[data-menu-button]').click();
      expect(await menu.isVisible()).toBe(false);

      await page.locator('[data-chat-launcher]').click();
      const note = page.locator('[data-chat-early-note]');
      expect(await note.innerText()).toContain(t['launcher.noScript']);
      const noteBox = await box(note);
      const launcher = await box(page.locator('[data-chat-launcher]'));
      expect(overlap(noteBox, await box(page.locator('[data-site-header]')))).toBe(false);
      // Just above the button, inside the screen.
      expect(noteBox.y + noteBox.height).toBeLessThanOrEqual(launcher.y);
      expect(launcher.y - (noteBox.y + noteBox.height)).toBeLessThan(40);
      expect(noteBox.x).toBeGreaterThanOrEqual(0);
      expect(noteBox.x + noteBox.width).toBeLessThanOrEqual(375);
    }
    await page.close();
  });
});

describe('issue 23: the request-access page', () => {
  it('spaces "Already an investor? Sign in", styles its checkboxes and keeps the chat button off its fields', async () => {
    const page = await browser.page({ width: 390 });
    for (const lang of LANGS) {
      const t = dictionaries[lang];
      await page.goto(`${prefix(lang)}/request-access`);
      expect(await page.locator('main').innerText()).toContain(`${t['access.haveAccount']} ${t['access.signIn']}`);
      const checkboxes = page.locator('[data-access-form] input[type="checkbox"]');
      expect(await checkboxes.count()).toBeGreaterThan(10);
      for (const checkbox of await checkboxes.all()) {
        const { width, height } = await box(checkbox);
        expect(Math.min(width, height)).toBeGreaterThanOrEqual(20);
        expect(await checkbox.evaluate((element) => getComputedStyle(element).accentColor)).not.toBe('auto');
      }
      const launcher = await box(page.locator('[data-chat-launcher]'));
      for (const label of [t['access.name'], t['access.email'], t['access.company']]) {
        const field = page.getByLabel(label, { exact: true });
        expect(overlap(await box(field), launcher), label).toBe(false);
        // Wherever the page is scrolled: the field's column ends before the button's.
        await field.scrollIntoViewIfNeeded();
        const { x, width } = await box(field);
        expect(x + width, label).toBeLessThanOrEqual(launcher.x);
      }
    }
    await page.close();
  });

  it('answers an empty form with its own errors next to the fields, not the browser bubbles', async () => {
    const page = await browser.page({ width: 390 });
    for (const lang of LANGS) {
      const t = dictionaries[lang];
      await page.goto(`${prefix(lang)}/request-access`);
      const form = page.locator('[data-access-form]');
      expect(await form.getAttribute('novalidate')).not.toBeNull();
      await form.getByRole('button', { name: t['access.submit'] }).click();
      await page.waitForURL(`**${prefix(lang)}/request-access?result=invalid`);
      expect(await page.getByRole('alert').innerText()).toContain(t['access.invalid']);
      const again = page.locator('[data-access-form]');
      for (const [label, error] of [
        [t['access.name'], t['access.fieldError.name']],
        [t['access.email'], t['access.fieldError.email']],
        [t['access.company'], t['access.fieldError.company']],
        [t['access.ticketSize'], t['access.fieldError.ticketSize']],
      ] as const) {
        const field = again.getByLabel(label, { exact: true });
        expect(await field.getAttribute('aria-invalid'), label).toBe('true');
        const describedBy = await field.getAttribute('aria-describedby');
        expect(await page.locator(`#${describedBy}`).innerText()).toBe(error);
      }
      const text = await again.innerText();
      for (const key of ['sectors', 'regions', 'accredited', 'consent'] as const)
        expect(text).toContain(t[`access.fieldError.${key}`]);
    }
    await page.close();
  });
});

describe('issue 23: an insight', () => {
  it('ends with its own call to action, not the case studies banner', async () => {
    const [insight] = (await fetch(`${baseUrl()}/api/insights`).then((r) => r.json())) as Array<{ id: string }>;
    const [study] = await caseStudies();
    const page = await browser.page();
    for (const lang of LANGS) {
      const t = dictionaries[lang];
      await page.goto(`${prefix(lang)}/insights/${insight!.id}`);
      const closing = await page.locator('main section.bg-navy').last().innerText();
      expect(closing).toContain(t['cta.insight.title']);
      expect(closing).toContain(t['cta.insight.subscribe']);
      expect(await page.locator('main').innerText()).not.toContain(t['cta.detail.title']);
      expect(await page.getByRole('link', { name: t['cta.insight.subscribe'] }).getAttribute('href')).toBe(
        `${prefix(lang)}/#newsletter`,
      );
      // A case study keeps its banner.
      await page.goto(`${prefix(lang)}/portfolio/${study!.id}`);
      expect(await page.locator('main').innerText()).toContain(t['cta.detail.title']);
    }
    await page.close();
  });
});

/** Where an element's text is cut: by its own box, or by an ancestor that clips (any overflow but visible). */
function clippedBy(locator: Locator): Promise<string[]> {
  return locator.evaluate((element) => {
    const found: string[] = [];
    if (element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1)
      found.push('its own box');
    const own = element.getBoundingClientRect();
    for (let node = element.parentElement; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const clip = node.getBoundingClientRect();
      if (
        own.top < clip.top - 1 ||
        own.bottom > clip.bottom + 1 ||
        own.left < clip.left - 1 ||
        own.right > clip.right + 1
      )
        found.push(`${node.tagName.toLowerCase()}.${[...node.classList].join('.')}`);
    }
    return found;
  });
}

describe('issue 23: layout', () => {
  it.each([390, 1024, 1440])(
    'keeps the video card’s heading and AI disclaimer whole inside its dark panel at %i px, in both languages',
    async (width) => {
      const page = await browser.page({ width });
      for (const lang of LANGS) {
        const t = dictionaries[lang];
        await page.goto(`${prefix(lang)}/`);
        const placeholder = page.locator('[data-video-placeholder]');
        await placeholder.scrollIntoViewIfNeeded();
        const panel = placeholder.locator('> div');
        // The first line of the panel: "{name} is calling".
        const heading = panel.locator('> p').first();
        expect(await heading.innerText()).toContain(t['video.calling'].replace('{name}', '').trim());
        const disclaimer = panel.locator('[data-ai-disclosure]');
        const panelBox = await box(panel);
        for (const [name, text] of [
          ['heading', heading],
          ['disclaimer', disclaimer],
        ] as const) {
          const where = `${lang} at ${width}px: ${name}`;
          expect(await text.isVisible(), where).toBe(true);
          const { x, y, width: w, height: h } = await box(text);
          expect(x, where).toBeGreaterThanOrEqual(panelBox.x - 1);
          expect(y, where).toBeGreaterThanOrEqual(panelBox.y - 1);
          expect(x + w, where).toBeLessThanOrEqual(panelBox.x + panelBox.width + 1);
          expect(y + h, where).toBeLessThanOrEqual(panelBox.y + panelBox.height + 1);
          expect(await clippedBy(text), where).toEqual([]);
        }
        expect(await clippedBy(panel), `${lang} at ${width}px: panel`).toEqual([]);
      }
      await page.close();
    },
  );

  it('shows card titles whole at 1440 px on the home page and /insights, in both languages', async () => {
    const page = await browser.page({ width: 1440 });
    for (const lang of LANGS) {
      for (const path of [`${prefix(lang)}/`, `${prefix(lang)}/insights`]) {
        await page.goto(path);
        const titles = await page.locator('main article').evaluateAll((articles) =>
          articles
            .filter((card) => (card as HTMLElement).offsetParent !== null)
            .map((card) => {
              const heading = card.querySelector('h2, h3')!;
              return {
                title: heading.textContent.trim(),
                clamp: getComputedStyle(heading).getPropertyValue('-webkit-line-clamp'),
                cut: heading.scrollHeight > heading.clientHeight + 1,
              };
            }),
        );
        expect(titles.length, path).toBeGreaterThanOrEqual(3);
        for (const { title, clamp, cut } of titles) {
          expect(clamp, `${path}: ${title}`).toBe('none');
          expect(cut, `${path}: ${title}`).toBe(false);
        }
        for (const heading of await page.locator('main article').locator('h2, h3').all())
          if (await heading.isVisible()) expect(await clippedBy(heading), path).toEqual([]);
      }
    }
    await page.close();
  });
});
