import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './global-setup';
import { adminApi, signInAsAdmin, signInCookie, useBrowser } from './helpers';

const browser = useBrowser();

/** The home page's texts of the team and clients sections, per language (the demo content's). */
const HOME = {
  en: {
    path: '/',
    heading: 'The partners who lead your project',
    role: 'Partner, Data & AI',
    linkedin: 'Lucía Ferrer on LinkedIn',
    quoteRole: 'Chief Operating Officer, Naviera Cantábrica',
    quote: 'the twelve decisions our hubs make every day',
  },
  es: {
    path: '/es/',
    heading: 'Los socios que dirigen su proyecto',
    role: 'Socia de Datos e IA',
    linkedin: 'Lucía Ferrer en LinkedIn',
    quoteRole: 'Directora de Operaciones, Naviera Cantábrica',
    quote: 'las doce decisiones que nuestros centros toman cada día',
  },
} as const;

/** The ids of the page's top-level sections, in order. */
const sectionIds = (page: Page) =>
  page.locator('main section[id]').evaluateAll((sections) => sections.map((section) => section.id));

describe('the team and clients on the home page', () => {
  it('shows the partners right after About, then the client logos and quotes, at 390 and 1440 px in both languages', async () => {
    for (const width of [390, 1440]) {
      for (const texts of Object.values(HOME)) {
        const page = await browser.page({ width });
        await page.goto(texts.path);
        const ids = await sectionIds(page);
        expect(ids.indexOf('team'), ids.join(', ')).toBe(ids.indexOf('about') + 1);
        expect(ids.indexOf('clients')).toBe(ids.indexOf('portfolio') + 1);

        const team = page.locator('#team');
        expect(await team.getByRole('heading', { level: 2 }).textContent()).toBe(texts.heading);
        const members = team.locator('[data-team-member]');
        expect(await members.count()).toBe(3);
        const lucia = members.filter({ hasText: 'Lucía Ferrer' });
        await lucia.scrollIntoViewIfNeeded();
        const photo = lucia.getByRole('img', { name: 'Lucía Ferrer' });
        await expect
          .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
          .toBe(true);
        expect(await photo.getAttribute('loading')).toBe('lazy');
        expect(await lucia.getByRole('heading', { level: 3 }).textContent()).toBe('Lucía Ferrer');
        expect(await lucia.textContent()).toContain(texts.role);
        expect((await lucia.locator('p').nth(1).textContent())!.length).toBeGreaterThan(60);
        const linkedin = page.getByRole('link', { name: texts.linkedin });
        expect(await linkedin.getAttribute('href')).toMatch(/^https:\/\/www\.linkedin\.com\/in\//);
        expect(await linkedin.getAttribute('rel')).toBe('noopener noreferrer');
        expect(await linkedin.getAttribute('target')).toBeNull();
        // Names and roles are shown whole: nothing cut off or spilling out of its card.
        const cut = await members.evaluateAll((cards) =>
          cards.flatMap((card) =>
            [...card.querySelectorAll('h3, p')].filter((element) => element.scrollWidth > element.clientWidth + 1),
          ),
        );
        expect(cut).toEqual([]);
        // One primary action in the section.
        expect(await team.locator('.btn-primary').count()).toBe(1);

        const clients = page.locator('#clients');
        const logos = clients.locator('[data-client] img');
        expect(await logos.count()).toBe(6);
        expect(await clients.getByRole('img', { name: 'Naviera Cantábrica' }).count()).toBe(1);
        const quotes = clients.locator('figure[data-testimonial]');
        expect(await quotes.count()).toBe(3);
        expect(await quotes.first().locator('blockquote').textContent()).toContain(texts.quote);
        expect(await quotes.first().locator('figcaption').textContent()).toContain(texts.quoteRole);

        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
        await page.close();
      }
    }
  });

  it('shows a partner edited in the dashboard on the home page at once', async () => {
    const page = await browser.page({ allowFailedRequests: true });
    await signInAsAdmin(page);
    await page.getByRole('tab', { name: 'Team' }).click();
    await page.getByRole('button', { name: 'Edit: Lucía Ferrer' }).click();
    const form = page.locator('[data-team-form]');
    await form.getByLabel('Role (English)').fill('Partner, Data & Applied AI');
    await form
      .getByLabel('Short bio (English)')
      .fill('Leads our data and applied AI practice, from pilot to production.');
    await form.getByRole('button', { name: 'Update' }).click();
    await expect
      .poll(() => page.locator('[data-toast]').textContent(), { timeout: 15_000 })
      .toContain('Partner updated.');

    const home = await browser.page();
    await home.goto('/');
    const lucia = home.locator('#team [data-team-member]').filter({ hasText: 'Lucía Ferrer' });
    expect(await lucia.textContent()).toContain('Partner, Data & Applied AI');
    expect(await lucia.textContent()).toContain('from pilot to production');
    await home.goto('/es/');
    expect(await home.locator('#team').textContent()).toContain('Socia de Datos e IA');
    await page.close();
    await home.close();
  });

  it('leaves the team section out entirely, heading and all, when there are no partners', async () => {
    const api = adminApi(await signInCookie(E2E_ADMIN.username, E2E_ADMIN.password));
    const members = (await (await api('/api/team/admin')).json()) as Array<Record<string, unknown> & { id: string }>;
    expect(members.length).toBeGreaterThan(0);
    try {
      for (const { id } of members) expect((await api(`/api/team/${id}`, { method: 'DELETE' })).status).toBe(200);
      const page = await browser.page();
      for (const texts of Object.values(HOME)) {
        await page.goto(texts.path);
        expect(await page.locator('#team').count()).toBe(0);
        expect(await page.getByRole('heading', { name: texts.heading }).count()).toBe(0);
        expect(await page.locator('[data-team-member]').count()).toBe(0);
        // The rest of the page is still there.
        expect(await page.locator('#about').count()).toBe(1);
        expect(await page.locator('#clients').count()).toBe(1);
      }
      await page.close();
    } finally {
      // The other test files see the demo team again (new ids).
      for (const { title, description, role, imageUrl, linkedinUrl, order } of members)
        await api('/api/team', {
          method: 'POST',
          body: JSON.stringify({ title, description, role, imageUrl, linkedinUrl, order }),
        });
    }
  });
});
