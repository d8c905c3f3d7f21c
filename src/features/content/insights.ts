import type { ContentRecord } from './schema';
import {
  insightDate,
  insightInputSchema,
  storedInsightSchema,
  type Insight,
  type InsightInput,
} from './insight-schema';
import { ContentEngine, type ContentKind, type WriteTimes } from './engine';
import { resolveSlugs } from './publishing-schema';

type InsightOwn = Omit<Insight, keyof ContentRecord>;

export const SLUG_TAKEN = 'This slug is already used by another insight. Choose another.';

/**
 * The editor's date when given (a future one schedules the insight: docs/product.md, "Publishing"); else first
 * publication dates the insight, and unpublishing keeps the date for a later re-publish.
 */
function publicationDate(input: InsightInput, previous: Insight | null, { createdAt, now }: WriteTimes): string | null {
  if (input.publishedAt) return input.publishedAt;
  if (!previous) return input.published ? createdAt : null;
  return input.published ? (previous.publishedAt ?? now) : previous.publishedAt;
}

/**
 * Insights: drafts hidden from the public, and published ones until their publication date (scheduling); newest
 * first by publication date; one insight per slug and language.
 */
export const insightsKind: ContentKind<InsightOwn, InsightInput> = {
  name: 'insights',
  label: 'Insight',
  storedSchema: storedInsightSchema,
  inputSchema: insightInputSchema,
  cacheTags: { list: 'insights', itemPrefix: 'insight' },
  ownFields: (input, previous, times) => ({
    category: input.category,
    slugs: resolveSlugs(input.slugs, input.title, previous?.slugs ?? null, times.slugTry, input.slug),
    metaTitle: input.metaTitle,
    metaDescription: input.metaDescription,
    focus: input.focus,
    author: input.author,
    readTime: input.readTime,
    published: input.published,
    publishedAt: publicationDate(input, previous, times),
  }),
  listTime: (insight) => insightDate(insight),
  keptOnRestore: ['published', 'publishedAt'],
  isPublic: (insight) => insight.published,
  scheduled: true,
  slugs: { of: (insight) => insight.slugs, taken: SLUG_TAKEN },
  category: (insight) => insight.category,
};

export const insightContent = new ContentEngine(insightsKind);
