import { insightContent } from './insights';
import { portfolioContent } from './portfolio';
import { seededId } from '../../platform/ids';
import { insightInputSchema } from './insight-schema';
import { portfolioInputSchema } from './portfolio-schema';
import { demoInsights, demoPortfolio } from './demo-content';
import { slugify } from './publishing-schema';
import { clientContent, teamContent, testimonialContent } from './firm';
import { clientInputSchema, teamMemberInputSchema, testimonialInputSchema } from './firm-schema';
import { demoClients, demoTeam, demoTestimonials } from './demo-firm';

/** The demo records of a kind listed by order: built through its input schema, with ids fixed by their places. */
function ordered<Input, Record extends { id: string }>(
  items: unknown[],
  parse: (item: unknown) => Input,
  build: (input: Input, at: Date) => Record,
  prefix: string,
): Record[] {
  const at = new Date('2025-01-01T00:00:00Z');
  return items.map((item, index) => ({
    ...build(parse(item), at),
    id: seededId(at.getTime(), `demo-${prefix}-${index}`),
  }));
}

/**
 * Demo case studies, insights, partners, clients and quotes, passed through the same input schemas as
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
  const team = ordered(
    demoTeam,
    (item) => teamMemberInputSchema.parse(item),
    (input, at) => teamContent.build(input, at),
    'team',
  );
  const clients = ordered(
    demoClients,
    (item) => clientInputSchema.parse(item),
    (input, at) => clientContent.build(input, at),
    'client',
  );
  const testimonials = ordered(
    demoTestimonials,
    (item) => testimonialInputSchema.parse(item),
    (input, at) => testimonialContent.build(input, at),
    'testimonial',
  );
  return { portfolio, insights, team, clients, testimonials };
}

/** Seeds each empty collection; a collection with content is left as it is. Answers how many records each got. */
export async function seedDemoContent(): Promise<{
  portfolio: number;
  insights: number;
  team: number;
  clients: number;
  testimonials: number;
}> {
  const { portfolio, insights, team, clients, testimonials } = demoRecords();
  return {
    portfolio: await portfolioContent.seedIfEmpty(portfolio),
    insights: await insightContent.seedIfEmpty(insights),
    team: await teamContent.seedIfEmpty(team),
    clients: await clientContent.seedIfEmpty(clients),
    testimonials: await testimonialContent.seedIfEmpty(testimonials),
  };
}
