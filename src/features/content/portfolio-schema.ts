import { z } from 'zod';
import { optionalText } from '../../platform/common-schema';
import { contentInputSchema, contentRecordFields, storedContentSchema } from './schema';
import { publishingFields, publishingInput, storedPublishingFields } from './publishing-schema';
import { byLanguage } from '../../i18n/languages';
import { metricsInput, metricsSchema, normaliseMetrics } from './metrics-schema';

/** A case study as the API returns it and the pages render it. */
export const portfolioItemSchema = z.object({
  ...contentRecordFields,
  metrics: metricsSchema,
  ...publishingFields,
  category: z.string().nullable(),
  technologies: z.array(z.string()),
});
export type PortfolioItem = z.infer<typeof portfolioItemSchema>;

/** A stored record, whatever older shape it was written in, normalised on read. */
export const storedPortfolioItemSchema = storedContentSchema(
  z
    .object({
      metrics: z.unknown().optional(),
      ...storedPublishingFields,
      category: z.string().nullish(),
      technologies: z.array(z.string()).nullish(),
    })
    .transform((raw) => ({
      metrics: normaliseMetrics(raw.metrics),
      slugs: raw.slugs ?? byLanguage(() => ''),
      metaTitle: raw.metaTitle ?? byLanguage(() => ''),
      metaDescription: raw.metaDescription ?? byLanguage(() => ''),
      focus: raw.focus ?? null,
      category: raw.category?.trim() ? raw.category.trim() : null,
      technologies: raw.technologies ?? [],
    })),
);

/** The body of POST /api/portfolio and PUT /api/portfolio/{id} (docs/product.md, "Case studies and insights"). */
export const portfolioInputSchema = contentInputSchema({
  metrics: metricsInput,
  ...publishingInput,
  category: optionalText(80, 'Category'),
  technologies: z
    .array(z.string().trim().min(1).max(60))
    .max(20)
    .nullish()
    .transform((list) => list ?? []),
});
export type PortfolioInput = z.infer<typeof portfolioInputSchema>;
