import { existsSync, statSync } from 'node:fs';
import { site } from '../../src/platform/site';
import { describe, expect, it } from 'vitest';
import { insightContent } from '../../src/features/content/insights';
import { portfolioContent } from '../../src/features/content/portfolio';
import { insightSchema } from '../../src/features/content/insight-schema';
import { portfolioItemSchema } from '../../src/features/content/portfolio-schema';
import { demoRecords, seedDemoContent } from '../../src/features/content/seed';
import { testDatabase } from '../helpers/db-setup';

describe('demo content', () => {
  const { portfolio, insights, team, clients, testimonials } = demoRecords();

  it('has at least 6 case studies and 8 insights, one a draft, all passing the schemas', () => {
    expect(portfolio.length).toBeGreaterThanOrEqual(6);
    expect(insights.length).toBeGreaterThanOrEqual(8);
    expect(insights.filter((insight) => !insight.published)).toHaveLength(1);
    for (const item of portfolio) expect(portfolioItemSchema.parse(item)).toEqual(item);
    for (const insight of insights) expect(insightSchema.parse(insight)).toEqual(insight);
  });

  it('is complete in both languages, with images, metrics, categories and technologies', () => {
    for (const record of [...portfolio, ...insights]) {
      for (const language of ['en', 'es'] as const) {
        expect(record.title[language].length).toBeGreaterThan(10);
        expect(record.description[language].length).toBeLessThanOrEqual(160);
        expect(record.content[language]).toMatch(/<p>/);
      }
      expect(existsSync(`public${record.imageUrl}`)).toBe(true);
    }
    for (const item of portfolio) {
      expect(item.metrics.en.length).toBeGreaterThanOrEqual(3);
      expect(item.metrics.es).toHaveLength(item.metrics.en.length);
      expect(item.category).toBeTruthy();
      expect(item.technologies.length).toBeGreaterThan(0);
    }
    expect(new Set(insights.map((insight) => insight.slugs.en)).size).toBe(insights.length);
  });

  it('has 3 partners, 5 or 6 client logos and 3 quotes, in both languages, with small generated images', () => {
    expect(team).toHaveLength(3);
    expect(clients.length).toBeGreaterThanOrEqual(5);
    expect(testimonials).toHaveLength(3);
    for (const record of [...team, ...testimonials])
      for (const language of ['en', 'es'] as const) {
        expect(record.title[language]).toBeTruthy();
        expect(record.description[language].length).toBeGreaterThan(40);
        expect(record.role[language]).toBeTruthy();
      }
    for (const { imageUrl } of [...team, ...clients])
      expect(statSync(`public${imageUrl}`).size).toBeLessThanOrEqual(30 * 1024);
    expect(team.map((member) => member.title.en)).toContain(site.ceo.name);
  });

  it('seeds an empty store once, and leaves a store with content alone', async () => {
    expect(await seedDemoContent()).toEqual({
      portfolio: portfolio.length,
      insights: insights.length,
      team: team.length,
      clients: clients.length,
      testimonials: testimonials.length,
    });
    expect(await seedDemoContent()).toEqual({ portfolio: 0, insights: 0, team: 0, clients: 0, testimonials: 0 });
    expect(await portfolioContent.list()).toHaveLength(portfolio.length);
    expect(await insightContent.list()).toHaveLength(insights.length);
    expect(await insightContent.listPublic()).toHaveLength(insights.length - 1);
  });

  it('stores each record once when seeds run at the same time', async () => {
    await testDatabase().query('DELETE FROM content');
    const results = await Promise.all(Array.from({ length: 4 }, () => seedDemoContent()));
    expect(results.reduce((sum, result) => sum + result.portfolio, 0)).toBe(portfolio.length);
    expect(results.reduce((sum, result) => sum + result.insights, 0)).toBe(insights.length);
    expect(await portfolioContent.list()).toHaveLength(portfolio.length);
    expect(await insightContent.list()).toHaveLength(insights.length);
  });
});
