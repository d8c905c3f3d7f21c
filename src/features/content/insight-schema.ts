import { z } from 'zod';
import { optionalText } from '../../platform/common-schema';
import { contentInputSchema, contentRecordFields, storedContentSchema } from './schema';

export const INSIGHT_CATEGORIES = ['AI Innovation', 'Digital Transformation', 'Investment Management'] as const;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const insightSchema = z.object({
  ...contentRecordFields,
  category: z.string(),
  slug: z.string(),
  author: z.string().nullable(),
  readTime: z.number().int().min(1).nullable(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
});
export type Insight = z.infer<typeof insightSchema>;

export const storedInsightSchema = storedContentSchema(
  z
    .object({
      category: z.string(),
      slug: z.string(),
      author: z.string().nullish(),
      readTime: z.number().int().min(1).nullish().catch(null),
      published: z.boolean().nullish(),
      publishedAt: z.string().nullish(),
    })
    .transform((raw) => ({
      category: raw.category,
      slug: raw.slug,
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
  slug: z
    .string({ error: 'Slug is required' })
    .trim()
    .toLowerCase()
    .min(1, { error: 'Slug is required', abort: true })
    .max(120, { error: 'Slug is too long (at most 120 characters)' })
    .regex(SLUG_PATTERN, { error: 'Slug may hold only letters, digits and single hyphens' }),
  author: optionalText(120, 'Author'),
  readTime: z
    .number({ error: 'Read time must be a number of minutes' })
    .int({ error: 'Read time must be a whole number of minutes' })
    .min(1, { error: 'Read time must be at least 1 minute' })
    .max(600, { error: 'Read time must be at most 600 minutes' })
    .nullish()
    .transform((value) => value ?? null),
  published: z.boolean().optional().default(false),
});
export type InsightInput = z.infer<typeof insightInputSchema>;
