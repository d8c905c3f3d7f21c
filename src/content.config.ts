import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { glob } from 'astro/loaders';

/**
 * The four policy pages, one Markdown file per language (src/content/policies/{code}/); a language without its own
 * files shows another's (src/components/pages/PolicyPage.astro).
 */
const policies = defineCollection({
  loader: glob({ pattern: '*/*.md', base: './src/content/policies' }),
  schema: z.object({
    title: z.string(),
    description: z.string().max(160),
    updated: z.coerce.date(),
  }),
});

export const collections = { policies };
