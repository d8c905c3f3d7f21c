import { insightContent } from './insights';
import { portfolioContent } from './portfolio';
import { seededId } from '../../platform/ids';
import { insightInputSchema } from './insight-schema';
import { portfolioInputSchema } from './portfolio-schema';
import { demoInsights, demoPortfolio } from './demo-content';
import { slugify } from './publishing-schema';

/**
 * Demo case studies and insights, passed through the same input schemas as
 * the admin API, so the seed can never hold what an editor could not save.
 * Their ids are made from their dates and places in the demo lists, the same
 * on every call: two seeds at once store each record once.
 */
export function demoRecords() {
  const portfolio = demoPortfolio.map((item, index) => {
    const createdAt = new Date(item.createdAt);
    const record = portfolioContent.build(portfolioInputSchema.parse(item), createdAt);
    return { ...record, id: seededId(createdAt.getTime(), `demo-portfolio-${index}`) };
  });
  const insights = demoInsights.map((item) => {
    const createdAt = new Date(item.createdAt);
    // The demo's slug is the English one; the Spanish one is made from the Spanish title.
    const input = insightInputSchema.parse({ ...item, slugs: { es: slugify(item.title.es) } });
    const insight = insightContent.build(input, createdAt);
    return {
      ...insight,
      id: seededId(createdAt.getTime(), `demo-insight-${item.slug}`),
      publishedAt: item.publishedAt,
    };
  });
  return { portfolio, insights };
}

/** Seeds each empty collection; a collection with content is left as it is. Answers how many records each got. */
export async function seedDemoContent(): Promise<{ portfolio: number; insights: number }> {
  const { portfolio, insights } = demoRecords();
  return {
    portfolio: await portfolioContent.seedIfEmpty(portfolio),
    insights: await insightContent.seedIfEmpty(insights),
  };
}
