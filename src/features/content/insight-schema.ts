import { z } from 'zod';
import { optionalDateInput, optionalText } from '../../platform/common-schema';
import { byLanguage, type Language } from '../../i18n/languages';
import { contentInputSchema, contentRecordFields, storedContentSchema } from './schema';
import {
  publishingFields,
  publishingInput,
  readingMinutes,
  slugInput,
  storedPublishingFields,
} from './publishing-schema';

export const INSIGHT_CATEGORIES = ['AI Innovation', 'Digital Transformation', 'Investment Management'] as const;

export const insightSchema = z.object({
  ...contentRecordFields,
  category: z.string(),
  ...publishingFields,
  author: z.string().nullable(),
  /** Minutes, as the editor set them; null: computed from the text (`readingMinutes`). */
  readTime: z.number().int().min(1).nullable(),
  published: z.boolean(),
  /** When it is (or was, or will be: scheduled) public; null for a draft never published. */
  publishedAt: z.string().nullable(),
});
export type Insight = z.infer<typeof insightSchema>;

export const storedInsightSchema = storedContentSchema(
  z
    .object({
      category: z.string(),
      /** Older records: one slug for every language. */
      slug: z.string().nullish(),
      ...storedPublishingFields,
      author: z.string().nullish(),
      readTime: z.number().int().min(1).nullish().catch(null),
      published: z.boolean().nullish(),
      publishedAt: z.string().nullish(),
    })
    .transform((raw) => ({
      category: raw.category,
      slugs: raw.slugs ?? byLanguage(() => raw.slug ?? ''),
      metaTitle: raw.metaTitle ?? byLanguage(() => ''),
      metaDescription: raw.metaDescription ?? byLanguage(() => ''),
      focus: raw.focus ?? null,
      author: raw.author?.trim() ? raw.author.trim() : null,
      readTime: raw.readTime ?? null,
      published: raw.published ?? false,
      publishedAt: raw.publishedAt ?? null,
    })),
);

/**
 * docs/product.md, "Insight pages": insights are dated (and sorted, newest first) by publishedAt, falling back to
 * createdAt.
 */
export function insightDate(insight: Pick<Insight, 'publishedAt' | 'createdAt'>): string {
  return insight.publishedAt ?? insight.createdAt;
}

/** Minutes to read an insight in a language: the editor's, else computed from its text (docs/product.md, "Publishing"). */
export function insightReadTime(insight: Pick<Insight, 'readTime' | 'content'>, language: Language): number {
  return insight.readTime ?? readingMinutes(insight.content[language]);
}

/**
 * The body of POST /api/insights and PUT /api/insights/{id} (docs/product.md, "Input rules" and "Case studies and
 * insights").
 * Older clients also send `metrics`; insights have none, and the unknown key is dropped.
 */
export const insightInputSchema = contentInputSchema({
  category: z
    .string({ error: 'Category is required' })
    .trim()
    .min(1, { error: 'Category is required', abort: true })
    .max(80, { error: 'Category is too long (at most 80 characters)' }),
  /** Older clients: the slug of the default language (`slugs` names each language's). */
  slug: slugInput.optional(),
  ...publishingInput,
  author: optionalText(120, 'Author'),
  readTime: z
    .number({ error: 'Read time must be a number of minutes' })
    .int({ error: 'Read time must be a whole number of minutes' })
    .min(1, { error: 'Read time must be at least 1 minute' })
    .max(600, { error: 'Read time must be at most 600 minutes' })
    .nullish()
    .transform((value) => value ?? null),
  published: z.boolean().optional().default(false),
  /** When a published insight becomes public (a future date schedules it); empty: kept, or now at first publication. */
  publishedAt: optionalDateInput,
});
export type InsightInput = z.infer<typeof insightInputSchema>;
