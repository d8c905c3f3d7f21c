import type { ContentRecord } from './schema';
import {
  insightDate,
  insightInputSchema,
  storedInsightSchema,
  type Insight,
  type InsightInput,
} from './insight-schema';
import { ContentEngine, type ContentKind, type WriteTimes } from './engine';

type InsightOwn = Omit<Insight, keyof ContentRecord>;

export const SLUG_TAKEN = 'This slug is already used by another insight. Choose another.';

/** First publication dates the insight; unpublishing keeps the date for a later re-publish. */
function publicationDate(published: boolean, previous: Insight | null, { createdAt, now }: WriteTimes): string | null {
  if (!previous) return published ? createdAt : null;
  return published ? (previous.publishedAt ?? now) : previous.publishedAt;
}

/** Insights: drafts hidden from the public, newest first by publication date, one insight per slug. */
export const insightsKind: ContentKind<InsightOwn, InsightInput> = {
  name: 'insights',
  label: 'Insight',
  storedSchema: storedInsightSchema,
  inputSchema: insightInputSchema,
  cacheTags: { list: 'insights', itemPrefix: 'insight' },
  ownFields: (input, previous, times) => ({
    category: input.category,
    slug: input.slug,
    author: input.author,
    readTime: input.readTime,
    published: input.published,
    publishedAt: publicationDate(input.published, previous, times),
  }),
  listTime: (insight) => insightDate(insight),
  isPublic: (insight) => insight.published,
  slug: { of: (insight) => insight.slug, taken: SLUG_TAKEN },
  category: (insight) => insight.category,
};

export const insightContent = new ContentEngine(insightsKind);
