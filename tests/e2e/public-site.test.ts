import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { es } from '../../src/i18n/es';
import { defaultTaxonomyEntries } from '../../src/features/taxonomy/seed';
import { E2E_ADMIN } from './global-setup';
import { adminApi, axeViolations, baseUrl, createEnglishOnlyCaseStudy, signInCookie, useBrowser } from './helpers';

const browser = useBrowser();

interface Item {
  id: string;
  title: { en: string; es: string };
  slugs: { en: string; es: string };
  category: string;
}

async function firstIds(): Promise<{ portfolio: Item; insight: Item }> {
  const [portfolio, insights] = await Promise.all([
    fetch(`${baseUrl()}/api/portfolio`).then((r) => r.json() as Promise<Item[]>),
    fetch(`${baseUrl()}/api/insights`).then((r) => r.json() as Promise<Item[]>),
  ]);
  return { portfolio: portfolio[0]!, insight: insights[0]! };
}

describe('every route in both languages', () => {
  it('shows its key texts', async () => {
    const { portfolio, insight } = await firstIds();
    const cases: Array<[string, string[]]> = [
      ['/', ['Vantia Partners', 'Strategy & Transformation', 'Strategic Deal Sourcing']],
      ['/es/', [es['services.strategy.title'], es['investment.sourcing.title'], es['hero.title']]],
      ['/portfolio', ['All Success Stories', portfolio.title.en, 'View Case Study']],
      ['/es/portfolio', ['Todos los Casos de Éxito', portfolio.title.es, 'Ver Caso de Éxito']],
      [`/portfolio/${portfolio.id}`, [portfolio.title.en, 'Client Success Story', 'Key Results', 'Technologies Used']],
      [`/es/portfolio/${portfolio.id}`, [portfolio.title.es]],
      ['/insights', [insight.title.en, 'min read', 'Read More']],
      ['/es/insights', [insight.title.es]],
      [`/insights/${insight.id}`, [insight.title.en]],
      [`/es/insights/${insight.id}`, [insight.title.es]],
      ['/cookies-policy', ['Cookies Policy', 'December 2026']],
      ['/es/cookies-policy', ['Política de cookies', 'diciembre de 2026']],
      ['/legal-advice', ['Legal Notice']],
      ['/es/legal-advice', ['Aviso legal']],
      ['/privacy-policy', ['Privacy Policy']],
      ['/es/privacy-policy', ['Política de privacidad']],
      ['/investment-policy', ['Responsible Investment Policy', 'January 2025']],
      ['/es/investment-policy', ['Política de inversión responsable']],
    ];
    const page = await browser.page();
    for (const [path, texts] of cases) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      // textContent: the words as written (some are shown in capitals by CSS).
      const body = (await page.locator('body').textContent()) ?? '';
      for (const text of texts) expect(body, `${path} shows ${text}`).toContain(text);
      expect(await page.locator('h1').count(), `${path} has one h1`).toBe(1);
      expect(await page.getAttribute('html', 'lang')).toBe(path.startsWith('/es') ? 'es' : 'en');
    }
    await page.close();
  });

  it('answers unknown paths and ids with 404 and the texts of docs/product.md, "Contractual texts"', async () => {
    const page = await browser.page();
    const cases: Array<[string, string]> = [
      ['/no-such-page', '404 Page Not Found'],
      ['/es/no-existe', es['notFound.title']],
      ['/portfolio/01jd0000000000000000000000', 'Portfolio Item Not Found'],
      ['/portfolio/not-an-id', 'Portfolio Item Not Found'],
      ['/insights/01jd0000000000000000000000', 'Insight Not Found'],
      ['/es/insights/01jd0000000000000000000000', es['insights.notFoundTitle']],
      ['/es/portfolio/01jd0000000000000000000000', es['portfolio.notFoundTitle']],
      // A prefix that names no language is an unknown path, in the language its path reads as.
      ['/fr/portfolio', '404 Page Not Found'],
      ['/en/insights', '404 Page Not Found'],
      ['/es/es/', es['notFound.title']],
    ];
    for (const [path, text] of cases) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      expect(await page.locator('h1').innerText()).toContain(text);
    }
    // The developer's sentence is gone (issue 14): the page helps the visitor onward instead.
    await page.goto('/no-such-page');
    const body = await page.locator('body').innerText();
    expect(body).not.toContain('Did you forget to add the page to the router?');
    expect(body).toContain(en['notFound.text']);
    await page.goto('/insights/01jd0000000000000000000000');
    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    await page.close();
  });

  it('hides a draft insight from the list and from its own URL', async () => {
    const all = (await fetch(`${baseUrl()}/api/insights`).then((r) => r.json())) as Item[];
    const page = await browser.page();
    await page.goto('/insights');
    const links = await page.locator('main a[href^="/insights/"]').count();
    expect(links).toBe(all.length);
    expect(await page.locator('body').innerText()).not.toContain('AI agents in the back office');
    await page.close();
  });
});

describe('one page file for every language', () => {
  const spanishBrowser = { 'accept-language': 'es-ES,es;q=0.9' };
  async function get(path: string): Promise<Response> {
    const response = await fetch(`${baseUrl()}${path}`, { headers: spanishBrowser, redirect: 'manual' });
    await response.arrayBuffer();
    return response;
  }

  it("keeps each language's on-demand pages on the CDN, and /es/ never redirects", async () => {
    const { portfolio, insight } = await firstIds();
    for (const path of ['/es', '/es/']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('netlify-vary'), path).toBeNull();
      // The home page also shows the team, the clients, their quotes and the firm's services list (each purged when
      // an admin changes it).
      expect(response.headers.get('netlify-cache-tag'), path).toBe(
        'portfolio,insights,team,clients,testimonials,taxonomy',
      );
    }
    // Lists and pages that name categories carry the services and categories list's tag too.
    const cached: Array<[string, string]> = [
      ['/portfolio', 'portfolio,taxonomy'],
      ['/es/portfolio/', 'portfolio,taxonomy'],
      [`/portfolio/${portfolio.slugs.en}`, `portfolio,portfolio-${portfolio.id},taxonomy`],
      [`/es/portfolio/${portfolio.slugs.es}`, `portfolio,portfolio-${portfolio.id},taxonomy`],
      ['/es/insights', 'insights,taxonomy'],
      [`/es/insights/${insight.slugs.es}`, `insights,insight-${insight.id},taxonomy`],
      ['/rss.xml', 'insights,taxonomy'],
      ['/es/rss.xml', 'insights,taxonomy'],
    ];
    for (const [path, tags] of cached) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('netlify-cache-tag'), path).toBe(tags);
      expect(response.headers.get('netlify-cdn-cache-control'), path).toContain('durable');
      expect(response.headers.get('etag'), `${path} is rendered on demand`).toBeNull();
    }
    expect((await get('/es/rss.xml')).headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
  });

  it('styles every class a policy page shows (its chat and menu open) as the site stylesheet does', async () => {
    // The policies inline a stylesheet of their own (src/styles/policy.css): a class it lacks would be unstyled there.
    const page = await browser.page({ width: 390 });
    for (const path of ['/privacy-policy', '/es/legal-advice']) {
      await page.goto(path);
      await page.locator('[data-menu-button]').click();
      await page.locator('[data-chat-launcher]').click();
      await page.locator('[data-chat-panel]').waitFor();
      const unstyled = await page.evaluate(async () => {
        const home = await (await fetch('/')).text();
        // The site stylesheet's text as it is, taken from the HTML's text: made into a stylesheet here (a
        // CSSStyleSheet, or a <style> of a parsed document), it is an inline style this page's CSP does not list (a
        // static page's CSP names the styles of the pages prerendered with it).
        const all = /<style[^>]*>([\s\S]*?)<\/style>/.exec(home)?.[1] ?? '';
        const selectors = (sheet: CSSStyleSheet) => {
          const out: string[] = [];
          const walk = (rules: CSSRuleList) => {
            for (const rule of Array.from(rules)) {
              if (rule instanceof CSSStyleRule) out.push(rule.selectorText);
              if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
            }
          };
          walk(sheet.cssRules);
          return out.join('\n');
        };
        const own = Array.from(document.styleSheets).map(selectors).join('\n');
        const classes = new Set(Array.from(document.querySelectorAll('[class]')).flatMap((el) => [...el.classList]));
        const styled = (text: string, name: string) => text.includes(`.${CSS.escape(name)}`);
        return [...classes].filter((name) => styled(all, name) && !styled(own, name));
      });
      expect(unstyled, path).toEqual([]);
    }
    await page.close();
  });

  it('serves the policies in every language as static files', async () => {
    for (const path of ['/privacy-policy', '/es/privacy-policy', '/es/privacy-policy/', '/es/cookies-policy']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('etag'), `${path} is a file on the CDN`).not.toBeNull();
      expect(response.headers.get('netlify-cache-tag'), path).toBeNull();
      expect(response.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
    }
  });

  it('answers a prefix that names no language like any unknown path', async () => {
    const { portfolio } = await firstIds();
    const unknown: Array<[string, string]> = [
      ['/fr/', 'en'],
      ['/fr/portfolio', 'en'],
      [`/fr/portfolio/${portfolio.id}`, 'en'],
      ['/en/portfolio', 'en'],
      ['/fr/privacy-policy', 'en'],
      ['/fr/rss.xml', 'en'],
      ['/es/es/', 'es'],
      ['/es/es/rss.xml', 'es'],
    ];
    for (const [path, lang] of unknown) {
      const response = await fetch(`${baseUrl()}${path}`, { headers: spanishBrowser, redirect: 'manual' });
      const html = await response.text();
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toBe('text/html');
      expect(response.headers.get('location'), path).toBeNull();
      expect(response.headers.get('netlify-cache-tag'), path).toBeNull();
      expect(response.headers.get('content-security-policy'), path).toMatch(/script-src .*frame-ancestors 'none'/);
      expect(html, path).toContain(`<html lang="${lang}"`);
      expect(html, path).toContain('<meta name="robots" content="noindex">');
    }
  });
});

describe('header, menu and language', () => {
  it('shows the full menu at 1280 px and a keyboard-usable dropdown at 800 and 375 px', async () => {
    const page = await browser.page({ width: 1280 });
    await page.goto('/');
    await expect.poll(() => page.getByRole('navigation', { name: 'Main navigation' }).first().isVisible()).toBe(true);
    expect(await page.locator('[data-menu-button]').isVisible()).toBe(false);
    expect(await page.locator('header [data-login]').isVisible()).toBe(true);

    for (const width of [800, 375]) {
      await page.setViewportSize({ width, height: 800 });
      const button = page.locator('[data-menu-button]');
      expect(await button.isVisible()).toBe(true);
      expect(await page.locator('header [data-login]').isVisible()).toBe(width >= 480);
      await button.focus();
      await page.keyboard.press('Enter');
      const menu = page.locator('#mobile-menu');
      expect(await menu.isVisible()).toBe(true);
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      expect(await menu.getByRole('link', { name: 'Log in' }).isVisible()).toBe(width < 480);
      await page.keyboard.press('Escape');
      expect(await menu.isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-menu-button'))).toBe(true);
      // A choice closes the menu and lands on the section.
      await page.keyboard.press('Enter');
      await menu.getByRole('link', { name: 'Contact' }).click();
      expect(await menu.isVisible()).toBe(false);
      await expect.poll(() => page.evaluate(() => location.hash)).toBe('#contact');
    }
    await page.close();
  });

  it('sends a first visit from a Spanish browser to /es/, unless English was chosen', async () => {
    const spanish = await fetch(`${baseUrl()}/`, {
      headers: { 'accept-language': 'es-ES,es;q=0.9' },
      redirect: 'manual',
    });
    await spanish.arrayBuffer();
    expect(spanish.status).toBe(302);
    expect(spanish.headers.get('location')).toBe('/es/');
    const chosen = await fetch(`${baseUrl()}/`, {
      headers: { 'accept-language': 'es-ES', cookie: 'nf_lang=en' },
      redirect: 'manual',
    });
    await chosen.arrayBuffer();
    expect(chosen.status).toBe(200);
    expect(chosen.headers.get('netlify-vary')).toBe('language,cookie=nf_lang');
  });

  it('goes to the twin page and remembers the choice', async () => {
    const { insight } = await firstIds();
    const page = await browser.page();
    await page.goto(`/insights/${insight.slugs.en}`);
    await page.getByRole('link', { name: 'Ver esta página en español' }).click();
    await page.waitForURL(`**/es/insights/${insight.slugs.es}`);
    expect(await page.locator('h1').innerText()).toBe(insight.title.es);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('es');
    const cookies = await browser.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'nf_lang')?.value).toBe('es');
    await page.getByRole('link', { name: 'View this page in English' }).click();
    await page.waitForURL(`**/insights/${insight.slugs.en}`);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    await page.close();
  });
});

describe('home sections', () => {
  it.each([
    [1280, 4],
    [1024, 3],
    [800, 2],
    [375, 2],
  ])('shows the right number of cards at %i px', async (width, cards) => {
    const page = await browser.page({ width });
    await page.goto('/');
    for (const section of ['#portfolio', '#insights']) {
      const links = page.locator(`${section} article a`);
      await expect.poll(() => links.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
      const visible = await links.evaluateAll(
        (nodes) => nodes.filter((node) => (node as HTMLElement).offsetParent !== null).length,
      );
      expect(visible, `${section} at ${width}px`).toBe(cards);
    }
    await page.close();
  });
});

describe('what the first paint waits for', () => {
  it('starts no script file before the page has loaded, and the chat then opens from its button', async () => {
    const { insight } = await firstIds();
    for (const path of ['/', '/es/insights', `/insights/${insight.slugs.en}`, '/privacy-policy']) {
      const page = await browser.page({ width: 390 });
      await page.goto(path, { waitUntil: 'load' });
      // Untouched: the page's scripts come in a moment after its load event, none before it.
      await expect
        .poll(() =>
          page.evaluate(() => performance.getEntriesByType('resource').some((r) => /\.js(\?|$)/.test(r.name))),
        )
        .toBe(true);
      const early = await page.evaluate(() => {
        const loaded = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd;
        return performance
          .getEntriesByType('resource')
          .filter((entry) => /\.js(\?|$)/.test(entry.name) && entry.startTime < loaded)
          .map((entry) => entry.name);
      });
      expect(early, path).toEqual([]);
      // What they wire up works: the chat opens from its button.
      await page.getByRole('button', { name: path.startsWith('/es') ? es['chat.open'] : en['chat.open'] }).click();
      await page.locator('[data-chat-panel]').waitFor();
      await page.close();
    }
  });

  it("fetches the video card's looping picture only once the contact section is in view, then plays it", async () => {
    const page = await browser.page({ width: 390 });
    const videos: string[] = [];
    page.on('request', (request) => {
      if (/\.webm\b/.test(request.url())) videos.push(request.url());
    });
    await page.goto('/', { waitUntil: 'load' });
    await page.waitForTimeout(500);
    expect(videos).toEqual([]);

    await page.locator('#contact').scrollIntoViewIfNeeded();
    const loop = page.locator('[data-video-placeholder] video');
    await expect
      .poll(() => loop.evaluate((video) => !(video as HTMLVideoElement).paused), { timeout: 15_000 })
      .toBe(true);
    expect(videos.length).toBeGreaterThan(0);
    await page.close();
  });
});

describe('what a crawler without JavaScript gets', () => {
  it('has the content, canonical, hreflang and structured data in the HTML', async () => {
    const { portfolio, insight } = await firstIds();
    // Each page with its twin in the other language: a record's twin is at its slug in that language (issue 24), not
    // at an address that redirects.
    for (const [path, text, twin] of [
      ['/', 'Strategic Deal Sourcing', '/es/'],
      ['/es/insights', insight.title.es, '/insights'],
      [`/portfolio/${portfolio.slugs.en}`, portfolio.title.en, `/es/portfolio/${portfolio.slugs.es}`],
      [`/es/insights/${insight.slugs.es}`, insight.title.es, `/insights/${insight.slugs.en}`],
      ['/privacy-policy', 'Privacy Policy', '/es/privacy-policy'],
    ] as const) {
      const html = await (await fetch(`${baseUrl()}${path}`)).text();
      expect(html, path).toContain(text.replace(/&/g, '&amp;'));
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*${path.replace(/\//g, '\\/')}"`));
      expect(html).toMatch(
        new RegExp(`hreflang="${path.startsWith('/es') ? 'en' : 'es'}" href="[^"]*${twin.replace(/\//g, '\\/')}"`),
      );
      expect(html).toContain('hreflang="x-default"');
      // The language switch goes straight to the twin.
      expect(html).toMatch(new RegExp(`<a href="${twin}"[^>]*data-language-switch`));
      expect(html).toContain('application/ld+json');
      expect(html).toContain('og:image');
    }
    const home = await (await fetch(`${baseUrl()}/`)).text();
    expect(home).toContain('"SearchAction"');
    // The dashboard's styles (Quill's theme, its own utilities) load with it, never inlined into a public page; the
    // chat's texts come with the chat (docs/decisions/0033-pages-that-fit-the-first-round-trip.md).
    expect(home).not.toContain('.ql-snow');
    expect(home).not.toContain('Usually answers in seconds');
    const chatTexts = (await (await fetch(`${baseUrl()}/es/chat-texts.json`)).json()) as { title?: string };
    expect(chatTexts.title).toBe('Experto en tecnología');
    expect(home).toContain('"foundingDate":"2020"');
  });

  it('serves a sitemap with the on-demand pages in both languages, robots.txt and RSS per language', async () => {
    const { portfolio, insight } = await firstIds();
    const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
    for (const path of [
      `/portfolio/${portfolio.slugs.en}`,
      `/es/portfolio/${portfolio.slugs.es}`,
      `/insights/${insight.slugs.en}`,
      `/es/insights/${insight.slugs.es}`,
      '/es/privacy-policy',
    ]) {
      expect(sitemap).toContain(`${path}</loc>`);
    }
    expect(await (await fetch(`${baseUrl()}/robots.txt`)).text()).toContain('Sitemap:');
    const rss = await (await fetch(`${baseUrl()}/es/rss.xml`)).text();
    expect(rss).toContain(`<title>${insight.title.es}</title>`);
    // Each item's category by its name in the feed's language (the key it is stored under is the English name).
    const category = defaultTaxonomyEntries().find((entry) => entry.key === insight.category)!;
    const xml = (text: string) => text.replaceAll('&', '&amp;');
    expect(rss).toContain(`<category>${xml(category.es)}</category>`);
    const english = await (await fetch(`${baseUrl()}/rss.xml`)).text();
    expect(english).toContain(`<category>${xml(category.en)}</category>`);
  });

  it('sends security headers on pages and API answers', async () => {
    for (const path of ['/', `/insights`, '/api/portfolio']) {
      const response = await fetch(`${baseUrl()}${path}`);
      await response.arrayBuffer(); // read it all: undici trips on a body left unread when the server closes
      expect(response.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(response.headers.get('strict-transport-security'), path).toContain('max-age=');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('permissions-policy'), path).toContain('camera=("https://tavus.daily.co")');
    }
  });
});

describe('accessibility', () => {
  it('finds no axe-core violation on any page type', async () => {
    const { portfolio, insight } = await firstIds();
    const page = await browser.page();
    for (const path of [
      '/',
      '/es/',
      '/portfolio',
      `/portfolio/${portfolio.id}`,
      '/insights',
      `/es/insights/${insight.id}`,
      '/privacy-policy',
      '/no-such-page',
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page), path).toEqual([]);
    }
    await page.close();
  });

  it('shows a case study written in English only under its English title on the Spanish pages', async () => {
    const cookie = await signInCookie(E2E_ADMIN.username, E2E_ADMIN.password);
    const api = adminApi(cookie);
    const title = `Only written in English ${Date.now()}`;
    const id = await createEnglishOnlyCaseStudy(cookie, {
      title,
      description: 'A summary in English',
      content: '<p>A body in English</p>',
    });
    const page = await browser.page();
    try {
      for (const path of ['/es/', '/es/portfolio']) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        expect(
          await page.locator('#portfolio, main').getByRole('link', { name: title }).first().isVisible(),
          path,
        ).toBe(true);
        expect(await axeViolations(page), path).toEqual([]);
      }
      await page.goto(`/es/portfolio/${id}`);
      expect(await page.locator('h1').textContent()).toBe(title);
      expect(await page.locator('main').textContent()).toContain('A body in English');
      expect(await axeViolations(page), `/es/portfolio/${id}`).toEqual([]);
    } finally {
      await page.close();
      expect((await api(`/api/portfolio/${id}`, { method: 'DELETE' })).status).toBeLessThan(300);
    }
  });
});
