import { z } from 'zod';
import type { Localized } from '../../i18n/languages';
import { languageSchema } from '../../platform/common-schema';
import { contactMessageSchema } from './contact-schema';
import { attributionSchema } from '../analytics/schema';

/**
 * The lead inbox (docs/product.md, "Lead inbox"): every contact message, chat lead and finished video call with a
 * known e-mail is a lead with a status, an owner (a dashboard user's username) and the thread of replies sent.
 */
export const LEAD_STATUSES = ['new', 'replied', 'closed'] as const;
export const leadStatusSchema = z.enum(LEAD_STATUSES);
export type LeadStatus = z.infer<typeof leadStatusSchema>;

/** How a closed lead ended (the Analytics tab's clients are the won ones). */
export const LEAD_OUTCOMES = ['won', 'lost', 'not-a-fit'] as const;
export const leadOutcomeSchema = z.enum(LEAD_OUTCOMES);
export type LeadOutcome = z.infer<typeof leadOutcomeSchema>;
/** The largest engagement value a lead may record, in euros. */
export const LEAD_VALUE_MAX = 1_000_000_000;

export const LEAD_SOURCES = ['form', 'chat', 'video', 'investor', 'booking', 'whatsapp'] as const;
export const leadSourceSchema = z.enum(LEAD_SOURCES);
export type LeadSource = z.infer<typeof leadSourceSchema>;

/** One reply sent from the dashboard (a row of `lead_replies`: src/features/leads/tables.ts). */
export const leadReplySchema = z.object({
  id: z.string(),
  sentAt: z.string(),
  /** The dashboard user who sent it. */
  by: z.string(),
  language: languageSchema,
  subject: z.string(),
  body: z.string(),
});
export type LeadReply = z.infer<typeof leadReplySchema>;

/** The longest private note a lead may hold (characters): a few paragraphs (the table's CHECK holds it too). */
export const LEAD_NOTES_MAX = 5000;

/** A row of the Messages tab: the message with its lead state (status, owner, the partners' private notes). */
export const leadSchema = contactMessageSchema.extend({
  status: leadStatusSchema,
  owner: z.string().nullable(),
  notes: z.string().nullable(),
  /** How a closed lead ended, and the engagement's value in euros (null until a partner says). */
  outcome: leadOutcomeSchema.nullable().default(null),
  value: z.number().int().nullable().default(null),
  /** Where the lead came from (docs/product.md, "Analytics"); null: no visit that day explains it. */
  attribution: attributionSchema.nullable().default(null),
});
export type Lead = z.infer<typeof leadSchema>;

/**
 * A row of GET /api/contact-messages: the lead, its message's first 140 characters on one line (`preview`) and when an
 * admin first opened it (`readAt`, null: unread).
 */
export const leadRowSchema = leadSchema.extend({ preview: z.string(), readAt: z.string().nullable() });
export type LeadRow = z.infer<typeof leadRowSchema>;

/**
 * GET /api/contact-messages?summary: over every lead, the unread ones (never opened by an admin), the waiting ones
 * (status new and no reply sent: neither answered from the dashboard nor marked replied or closed by hand) and when
 * the oldest waiting one came (null: none waits).
 */
export const leadSummarySchema = z.object({
  unread: z.number().int(),
  waiting: z.number().int(),
  oldestWaitingSince: z.string().nullable(),
});
export type LeadSummary = z.infer<typeof leadSummarySchema>;

/** GET /api/contact-messages/{id}: the lead, its replies (oldest first) and the reply templates to start from. */
export interface LeadDetail {
  lead: Lead;
  replies: LeadReply[];
  templates: Localized<{ subject: string; body: string }>;
}

/**
 * PUT /api/contact-messages/{id}: status, owner, notes, and/or how the lead ended (outcome, value in euros). Notes are plain text, kept as typed (spaces around them
 * trimmed); empty or null clears them.
 */
export const leadPatchSchema = z
  .object({
    status: leadStatusSchema.optional(),
    owner: z.string().trim().max(100).nullable().optional(),
    notes: z
      .string({ error: 'Invalid notes' })
      .trim()
      .max(LEAD_NOTES_MAX, { error: `Notes are too long (at most ${LEAD_NOTES_MAX} characters)` })
      .nullable()
      .optional()
      .transform((notes) => (notes === undefined ? undefined : notes || null)),
    outcome: leadOutcomeSchema.nullable().optional(),
    value: z
      .number({ error: 'The value is a whole number of euros' })
      .int({ error: 'The value is a whole number of euros' })
      .min(0, { error: 'The value is a whole number of euros' })
      .max(LEAD_VALUE_MAX, { error: 'The value is too large' })
      .nullable()
      .optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    error: 'Nothing to change',
  });
export type LeadPatch = z.infer<typeof leadPatchSchema>;

export const REPLY_SUBJECT_MAX = 200;
export const REPLY_BODY_MAX = 10_000;

/** POST /api/contact-messages/{id}/reply: the text a partner edited. The recipient is the lead's own address. */
export const leadReplyInputSchema = z.object({
  language: languageSchema,
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(1, { error: 'Subject is required' })
    .max(REPLY_SUBJECT_MAX, { error: `Subject is too long (at most ${REPLY_SUBJECT_MAX} characters)` })
    // One line: a CR or LF could start another mail header (header injection).
    .refine((subject) => !/[\r\n]/.test(subject), { error: 'Subject must be one line' }),
  body: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, { error: 'Message is required' })
    .max(REPLY_BODY_MAX, { error: `Message is too long (at most ${REPLY_BODY_MAX} characters)` }),
});
export type LeadReplyInput = z.infer<typeof leadReplyInputSchema>;
