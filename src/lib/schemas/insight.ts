import { z } from 'zod';
import {
  imageUrlSchema,
  localizedInput,
  localizedSchema,
  optionalDateInput,
  optionalText,
  storedLocalizedSchema,
} from './common';
import { metricsInput } from './metrics';

export const INSIGHT_CATEGORIES = ['AI Innovation', 'Digital Transformation', 'Investment Management'] as const;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const insightSchema = z.object({
  id: z.string(),
  title: localizedSchema,
  description: localizedSchema,
  content: localizedSchema,
  imageUrl: z.string(),
  category: z.string(),
  slug: z.string(),
  author: z.string().nullable(),
  readTime: z.number().int().min(1).nullable(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int().min(1),
});
export type Insight = z.infer<typeof insightSchema>;

export const storedInsightSchema = z
  .object({
    id: z.string(),
    title: storedLocalizedSchema,
    description: storedLocalizedSchema.catch({ en: '', es: '' }),
    content: storedLocalizedSchema.catch({ en: '', es: '' }),
    imageUrl: z.string().nullish(),
    category: z.string(),
    slug: z.string(),
    author: z.string().nullish(),
    readTime: z.number().int().min(1).nullish().catch(null),
    published: z.boolean().nullish(),
    publishedAt: z.string().nullish(),
    createdAt: z.string(),
    updatedAt: z.string().nullish(),
    version: z.number().int().min(1).nullish(),
  })
  .transform((raw): Insight => ({
    id: raw.id,
    title: raw.title,
    description: raw.description,
    content: raw.content,
    imageUrl: raw.imageUrl ?? '',
    category: raw.category,
    slug: raw.slug,
    author: raw.author?.trim() ? raw.author.trim() : null,
    readTime: raw.readTime ?? null,
    published: raw.published ?? false,
    publishedAt: raw.publishedAt ?? null,
    createdAt: raw.createdAt,
    updatedAt: raw.updatedAt ?? raw.createdAt,
    version: raw.version ?? 1,
  }));

/** The body of POST /api/insights and PUT /api/insights/{id} (SPEC.md sections 5 and 7). */
export const insightInputSchema = z.object({
  title: localizedInput(200, 'Title').refine((t) => t.en !== '' || t.es !== '', { error: 'Title is required' }),
  description: localizedInput(1000, 'Description'),
  content: localizedInput(200_000, 'Content'),
  imageUrl: imageUrlSchema.refine((url) => url !== '', { error: 'Image is required' }),
  // Insights carry no metrics on the page; the old client still sends the field.
  metrics: metricsInput.optional(),
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
  createdAt: optionalDateInput,
  published: z.boolean().optional().default(false),
  version: z.number().int().min(1).optional(),
});
export type InsightInput = z.infer<typeof insightInputSchema>;
