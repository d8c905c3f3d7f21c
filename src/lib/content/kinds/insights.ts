import { HttpError } from '../../http';
import type { ContentRecord } from '../../schemas/content';
import {
  insightDate,
  insightInputSchema,
  storedInsightSchema,
  type Insight,
  type InsightInput,
} from '../../schemas/insight';
import { SlugReservations } from '../../stores/slugs';
import { ContentEngine, type ContentKind, type WriteTimes } from '../engine';

type InsightOwn = Omit<Insight, keyof ContentRecord>;

export const SLUG_TAKEN = 'This slug is already used by another insight. Choose another.';

const slugs = new SlugReservations('insights');

/** First publication dates the insight; unpublishing keeps the date for a later re-publish. */
function publicationDate(published: boolean, previous: Insight | null, { createdAt, now }: WriteTimes): string | null {
  if (!previous) return published ? createdAt : null;
  return published ? (previous.publishedAt ?? now) : previous.publishedAt;
}

/** Insights: drafts hidden from the public, newest first by publication date, one insight per slug. */
export const insightsKind: ContentKind<InsightOwn, InsightInput> = {
  store: 'insights',
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
  hooks: {
    async beforeWrite(insight, previous, reader) {
      if (previous?.slug === insight.slug) return;
      const reserved = await slugs.reserve(
        insight.slug,
        insight.id,
        async (holder) => (await reader.get(holder)) !== null,
      );
      if (!reserved) throw new HttpError(409, SLUG_TAKEN, 'slug');
    },
    async afterWrite(insight, previous) {
      if (previous && previous.slug !== insight.slug) await slugs.release(previous.slug, insight.id);
    },
    afterDelete: (insight) => slugs.release(insight.slug, insight.id),
    beforeSaveMany: (insights) => slugs.claimAll(insights),
  },
};

export const insightContent = new ContentEngine(insightsKind);
