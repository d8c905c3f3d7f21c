import type { ContentRecord } from '../content/schema';
import {
  investorUpdateInputSchema,
  storedInvestorUpdateSchema,
  type InvestorUpdate,
  type InvestorUpdateInput,
} from './update-schema';
import { ContentEngine, type ContentKind } from '../content/engine';

type InvestorUpdateOwn = Omit<InvestorUpdate, keyof ContentRecord>;

/**
 * Investor updates: the third kind of content. Drafts are hidden from investors; published ones are read only by
 * signed-in accounts (`contentApi(…, { audience: 'signed-in' })`), never by the public site, the sitemap, the feeds
 * or the chat assistant, which read only case studies and insights. Newest first by their (editable) date.
 */
export const investorUpdatesKind: ContentKind<InvestorUpdateOwn, InvestorUpdateInput> = {
  name: 'investor-updates',
  label: 'Update',
  storedSchema: storedInvestorUpdateSchema,
  inputSchema: investorUpdateInputSchema,
  cacheTags: { list: 'investor-updates', itemPrefix: 'investor-update' },
  ownFields: (input, previous, { now }) => ({
    published: input.published,
    publishedAt: input.published ? (previous?.publishedAt ?? now) : (previous?.publishedAt ?? null),
  }),
  isPublic: (update) => update.published,
};

export const investorUpdateContent = new ContentEngine(investorUpdatesKind);
