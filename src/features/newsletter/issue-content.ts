import { Conflict } from '../../platform/errors';
import type { ContentRecord } from '../content/schema';
import {
  newsletterIssueInputSchema,
  storedNewsletterIssueSchema,
  type NewsletterIssue,
  type NewsletterIssueInput,
} from './issue-schema';
import { ContentEngine, type ContentKind } from '../content/engine';

type NewsletterIssueOwn = Omit<NewsletterIssue, keyof ContentRecord>;

/** What an edit of an issue that is sending or sent hears (409). */
export const ISSUE_ALREADY_SENT = 'This issue has already been sent and can no longer be changed.';

/**
 * Newsletter issues: a kind of content for admins only (never public, never cached: `contentApi(…, { audience:
 * 'admin' })`). The title is the subject, the rich text the body. The status is the server's: an editor's input
 * never sets it; `startIssueSend` (src/features/newsletter/issues.ts) moves a draft to `sending`, the run to `sent`.
 */
export const newsletterIssuesKind: ContentKind<NewsletterIssueOwn, NewsletterIssueInput> = {
  name: 'newsletter-issues',
  label: 'Issue',
  storedSchema: storedNewsletterIssueSchema,
  inputSchema: newsletterIssueInputSchema,
  cacheTags: { list: 'newsletter-issues', itemPrefix: 'newsletter-issue' },
  ownFields: (_input, previous) => ({ status: previous?.status ?? 'draft', sentAt: previous?.sentAt ?? null }),
  isPublic: () => false,
  hooks: {
    beforeWrite(_record, previous) {
      if (previous && previous.status !== 'draft') return Promise.reject(new Conflict(ISSUE_ALREADY_SENT));
      return Promise.resolve();
    },
  },
};

export const newsletterIssueContent = new ContentEngine(newsletterIssuesKind);
