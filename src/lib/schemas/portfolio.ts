import { z } from 'zod';
import {
  imageUrlSchema,
  localizedInput,
  localizedSchema,
  optionalDateInput,
  optionalText,
  storedLocalizedSchema,
} from './common';
import { metricsInput, metricsSchema, normaliseMetrics } from './metrics';

export const DEFAULT_PORTFOLIO_CATEGORY = 'Technology Solutions';

/** A case study as the API returns it and the pages render it. */
export const portfolioItemSchema = z.object({
  id: z.string(),
  title: localizedSchema,
  description: localizedSchema,
  content: localizedSchema,
  imageUrl: z.string(),
  metrics: metricsSchema,
  category: z.string().nullable(),
  technologies: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int().min(1),
});
export type PortfolioItem = z.infer<typeof portfolioItemSchema>;

/** A stored record, whatever older shape it was written in, normalised on read. */
export const storedPortfolioItemSchema = z
  .object({
    id: z.string(),
    title: storedLocalizedSchema,
    description: storedLocalizedSchema.catch({ en: '', es: '' }),
    content: storedLocalizedSchema.catch({ en: '', es: '' }),
    imageUrl: z.string().nullish(),
    metrics: z.unknown().optional(),
    category: z.string().nullish(),
    technologies: z.array(z.string()).nullish(),
    createdAt: z.string(),
    updatedAt: z.string().nullish(),
    version: z.number().int().min(1).nullish(),
  })
  .transform((raw): PortfolioItem => ({
    id: raw.id,
    title: raw.title,
    description: raw.description,
    content: raw.content,
    imageUrl: raw.imageUrl ?? '',
    metrics: normaliseMetrics(raw.metrics),
    category: raw.category?.trim() ? raw.category.trim() : null,
    technologies: raw.technologies ?? [],
    createdAt: raw.createdAt,
    updatedAt: raw.updatedAt ?? raw.createdAt,
    version: raw.version ?? 1,
  }));

/** The body of POST /api/portfolio and PUT /api/portfolio/{id} (SPEC.md section 7). */
export const portfolioInputSchema = z.object({
  title: localizedInput(200, 'Title').refine((t) => t.en !== '' || t.es !== '', { error: 'Title is required' }),
  description: localizedInput(1000, 'Description'),
  content: localizedInput(200_000, 'Content'),
  imageUrl: imageUrlSchema.refine((url) => url !== '', { error: 'Image is required' }),
  metrics: metricsInput,
  category: optionalText(80, 'Category'),
  createdAt: optionalDateInput,
  technologies: z
    .array(z.string().trim().min(1).max(60))
    .max(20)
    .nullish()
    .transform((list) => list ?? []),
  /** The version the editor loaded; a stale one is refused (admin API). */
  version: z.number().int().min(1).optional(),
});
export type PortfolioInput = z.infer<typeof portfolioInputSchema>;
