import { describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './global-setup';
import { adminApi, baseUrl, signInCookie, useBrowser } from './helpers';

const browser = useBrowser();

interface Record {
  id: string;
  version: number;
  title: { en: string; es: string };
  slugs: { en: string; es: string };
}

const noFollow = (path: string) => fetch(`${baseUrl()}${path}`, { redirect: 'manual' });

describe('readable addresses, served', () => {
  it('answers slugs in both languages, 301 from ids and old slugs, with canonical and social tags', async () => {
    // A demo record with a slug of its own in each language (other test files add insights titled alike in both).
    const insights = (await (await fetch(`${baseUrl()}/api/insights`)).json()) as Record[];
    const insight = insights.find((candidate) => candidate.slugs.es !== candidate.slugs.en);
    const caseStudies = (await (await fetch(`${baseUrl()}/api/portfolio`)).json()) as Record[];
    const caseStudy = caseStudies.find((candidate) => candidate.slugs.es !== candidate.slugs.en);
    expect(insight, 'an insight with two slugs').toBeDefined();
    expect(caseStudy, 'a case study with two slugs').toBeDefined();

    for (const [path, location] of [
      [`/insights/${insight!.id}`, `/insights/${insight!.slugs.en}`],
      [`/es/insights/${insight!.id}`, `/es/insights/${insight!.slugs.es}`],
      [`/portfolio/${caseStudy!.id}`, `/portfolio/${caseStudy!.slugs.en}`],
      [`/es/portfolio/${caseStudy!.id}`, `/es/portfolio/${caseStudy!.slugs.es}`],
    ] as const) {
      const answer = await noFollow(path);
      expect(answer.status, path).toBe(301);
      expect(new URL(answer.headers.get('location')!, baseUrl()).pathname, path).toBe(location);
    }

    const page = await browser.page();
    const english = await page.goto(`/insights/${insight!.slugs.en}`);
    expect(english?.status()).toBe(200);
    expect(await page.locator('h1').textContent()).toBe(insight!.title.en);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(
      new RegExp(`/insights/${insight!.slugs.en}$`),
    );
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toContain('/.netlify/images?url=');
    expect(await page.locator('[data-related-insights] li').count()).toBe(3);
    const spanish = await page.goto(`/es/insights/${insight!.slugs.es}`);
    expect(spanish?.status()).toBe(200);
    expect(await page.locator('h1').textContent()).toBe(insight!.title.es);
    expect((await page.goto(`/es/portfolio/${caseStudy!.slugs.es}`))?.status()).toBe(200);
    expect((await page.goto('/insights/no-such-insight'))?.status()).toBe(404);
    await page.close();
  });

  it('keeps an old slug redirecting after a change, and previews a draft through a signed link', async () => {
    const api = adminApi(await signInCookie(E2E_ADMIN.username, E2E_ADMIN.password));
    const created = await api('/api/insights', {
      method: 'POST',
      body: JSON.stringify({
        title: { en: 'Slug change check', es: 'Comprobación de cambio de slug' },
        description: { en: 'About slugs.', es: 'Sobre slugs.' },
        content: { en: '<p>Text.</p>', es: '<p>Texto.</p>' },
        imageUrl: '/images/demo/insight-ai-governance.jpg',
        category: 'AI Innovation',
        published: false,
      }),
    });
    expect(created.status).toBe(201);
    const draft = (await created.json()) as Record;
    expect(draft.slugs).toEqual({ en: 'slug-change-check', es: 'comprobacion-de-cambio-de-slug' });
    expect((await noFollow('/insights/slug-change-check')).status).toBe(404);

    const preview = (await (await api(`/api/insights/${draft.id}/preview`, { method: 'POST' })).json()) as {
      url: string;
    };
    const page = await browser.page();
    const shown = await page.goto(preview.url);
    expect(shown?.status()).toBe(200);
    expect(shown?.headers()['cache-control']).toBe('private, no-store');
    expect(await page.locator('[data-preview-banner]').textContent()).toContain('Preview');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect((await page.goto(`${preview.url.slice(0, -3)}abc`))?.status()).toBe(404);

    const renamed = await api(`/api/insights/${draft.id}`, {
      method: 'PUT',
      body: JSON.stringify({
        ...draft,
        slugs: { en: 'slug-changed' },
        published: true,
        version: draft.version,
      }),
    });
    expect(renamed.status).toBe(200);
    const old = await noFollow('/insights/slug-change-check');
    expect(old.status).toBe(301);
    expect(new URL(old.headers.get('location')!, baseUrl()).pathname).toBe('/insights/slug-changed');
    expect(await (await fetch(`${baseUrl()}/sitemap.xml`)).text()).toContain('/insights/slug-changed</loc>');

    expect((await api(`/api/insights/${draft.id}`, { method: 'DELETE' })).status).toBe(200);
    await page.close();
  });
});
