import { insightContent } from '../content/kinds/insights';
import { portfolioContent } from '../content/kinds/portfolio';
import { insightInputSchema } from '../schemas/insight';
import { portfolioInputSchema } from '../schemas/portfolio';
import { demoInsights, demoPortfolio } from './demo-content';

/**
 * Demo case studies and insights, passed through the same input schemas as
 * the admin API, so the seed can never hold what an editor could not save.
 */
export function demoRecords() {
  const portfolio = demoPortfolio.map((item) =>
    portfolioContent.build(portfolioInputSchema.parse(item), new Date(item.createdAt)),
  );
  const insights = demoInsights.map((item) => {
    const insight = insightContent.build(insightInputSchema.parse(item), new Date(item.createdAt));
    return { ...insight, publishedAt: item.publishedAt };
  });
  return { portfolio, insights };
}

/** Seeds each empty collection; a collection with content is left as it is. */
export async function seedDemoContent(): Promise<{ portfolio: number; insights: number }> {
  const { portfolio, insights } = demoRecords();
  const seeded = { portfolio: 0, insights: 0 };
  if (await portfolioContent.isEmpty()) {
    await portfolioContent.saveMany(portfolio);
    seeded.portfolio = portfolio.length;
  }
  if (await insightContent.isEmpty()) {
    await insightContent.saveMany(insights);
    seeded.insights = insights.length;
  }
  return seeded;
}
