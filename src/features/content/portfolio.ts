import type { ContentRecord } from './schema';
import {
  portfolioInputSchema,
  storedPortfolioItemSchema,
  type PortfolioInput,
  type PortfolioItem,
} from './portfolio-schema';
import { ContentEngine, type ContentKind } from './engine';

type PortfolioOwn = Omit<PortfolioItem, keyof ContentRecord>;

/** Case studies: all public, newest first by their (editable) creation date. */
export const portfolioKind: ContentKind<PortfolioOwn, PortfolioInput> = {
  name: 'portfolio',
  label: 'Portfolio item',
  storedSchema: storedPortfolioItemSchema,
  inputSchema: portfolioInputSchema,
  cacheTags: { list: 'portfolio', itemPrefix: 'portfolio' },
  ownFields: (input) => ({ metrics: input.metrics, category: input.category, technologies: input.technologies }),
  category: (item) => item.category,
};

export const portfolioContent = new ContentEngine(portfolioKind);
