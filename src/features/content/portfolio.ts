import type { ContentRecord } from './schema';
import {
  portfolioInputSchema,
  storedPortfolioItemSchema,
  type PortfolioInput,
  type PortfolioItem,
} from './portfolio-schema';
import { ContentEngine, type ContentKind } from './engine';
import { resolveSlugs } from './publishing-schema';

export const PORTFOLIO_SLUG_TAKEN = 'This slug is already used by another case study. Choose another.';

type PortfolioOwn = Omit<PortfolioItem, keyof ContentRecord>;

/** Case studies: all public, newest first by their (editable) creation date; one per slug and language. */
export const portfolioKind: ContentKind<PortfolioOwn, PortfolioInput> = {
  name: 'portfolio',
  label: 'Portfolio item',
  storedSchema: storedPortfolioItemSchema,
  inputSchema: portfolioInputSchema,
  cacheTags: { list: 'portfolio', itemPrefix: 'portfolio' },
  ownFields: (input, previous, { slugTry }) => ({
    metrics: input.metrics,
    slugs: resolveSlugs(input.slugs, input.title, previous?.slugs ?? null, slugTry),
    metaTitle: input.metaTitle,
    metaDescription: input.metaDescription,
    focus: input.focus,
    category: input.category,
    technologies: input.technologies,
  }),
  category: (item) => item.category,
  slugs: { of: (item) => item.slugs, taken: PORTFOLIO_SLUG_TAKEN },
};

export const portfolioContent = new ContentEngine(portfolioKind);
