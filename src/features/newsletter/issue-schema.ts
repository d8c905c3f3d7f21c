import { z } from 'zod';
import { LANGUAGES } from '../../i18n/languages';
import { emailField } from '../leads/contact-schema';
import { localizedShape } from '../../platform/common-schema';
import { contentRecordFields, imagelessContentInputSchema, storedContentSchema } from '../content/schema';

/**
 * A newsletter issue (docs/product.md, "Newsletter issues"): a kind of content (src/features/newsletter/issue-content.ts)
 * whose title is the mail's subject and whose rich text is its body, in English and Spanish; admins only, never
 * public. `draft` until an admin sends it, `sending` while the background run mails the confirmed subscribers, `sent`
 * once every one of them has a result. Only a draft can be edited or sent.
 */
export const NEWSLETTER_ISSUE_STATUSES = ['draft', 'sending', 'sent'] as const;
export type NewsletterIssueStatus = (typeof NEWSLETTER_ISSUE_STATUSES)[number];

export const newsletterIssueSchema = z.object({
  ...contentRecordFields,
  status: z.enum(NEWSLETTER_ISSUE_STATUSES),
  sentAt: z.string().nullable(),
});
export type NewsletterIssue = z.infer<typeof newsletterIssueSchema>;

export const storedNewsletterIssueSchema = storedContentSchema(
  z
    .object({ status: z.enum(NEWSLETTER_ISSUE_STATUSES).catch('draft').nullish(), sentAt: z.string().nullish() })
    .transform((raw) => ({ status: raw.status ?? 'draft', sentAt: raw.sentAt ?? null })),
);

/** POST /api/newsletter-issues and PUT /api/newsletter-issues/{id}: subject (title) and body (content), no picture. */
export const newsletterIssueInputSchema = imagelessContentInputSchema({});
export type NewsletterIssueInput = z.infer<typeof newsletterIssueInputSchema>;

/** One language's mail, frozen when the send starts: what every subscriber of that language gets. */
export const issueMailPartSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type IssueMailPart = z.infer<typeof issueMailPartSchema>;

/** The send of an issue (a row of `newsletter_sends`: src/features/newsletter/tables.ts). */
export const issueSendSchema = z.object({
  issueId: z.string(),
  startedAt: z.string(),
  startedBy: z.string(),
  mails: z.object(localizedShape(issueMailPartSchema)),
  /** Confirmed subscribers when the send started. */
  total: z.number().int().min(0),
  finishedAt: z.string().nullable(),
});
export type IssueSend = z.infer<typeof issueSendSchema>;

/** GET /api/newsletter-issues/{id}/progress: what the dashboard polls while an issue is sending. */
export const issueProgressSchema = z.object({
  status: z.enum(NEWSLETTER_ISSUE_STATUSES),
  total: z.number().int().min(0).nullable(),
  sent: z.number().int().min(0),
  failed: z.number().int().min(0),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type IssueProgress = z.infer<typeof issueProgressSchema>;

/** POST /api/newsletter-issues/{id}/test: the address the test goes to, and which languages (both by default). */
export const issueTestInputSchema = z.object({
  email: emailField,
  language: z.enum(LANGUAGES).optional(),
});
