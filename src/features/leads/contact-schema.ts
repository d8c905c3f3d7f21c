import { z } from 'zod';
import { languageSchema, optionalText } from '../../platform/common-schema';
import { investorLeadSchema } from './investor-lead-schema';
import { COMPANY_MAX, EMAIL_MAX, EMAIL_PATTERN, MESSAGE_MAX, NAME_MAX, PHONE_MAX } from '../../platform/form-schema';

export const SERVICE_OPTIONS = [
  'digital-transformation',
  'corporate-innovation',
  'ai-solutions',
  'strategy-consulting',
  'investment',
] as const;
export const serviceSchema = z.enum(SERVICE_OPTIONS);
export type ServiceOfInterest = z.infer<typeof serviceSchema>;

export const nameField = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, { error: 'Name is required' })
  .max(NAME_MAX, { error: `Name is too long (at most ${NAME_MAX} characters)` });

export const emailField = z
  .string({ error: 'Invalid email address' })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, { error: 'Invalid email address' })
  .pipe(z.email({ error: 'Invalid email address', pattern: EMAIL_PATTERN }));

/** A hidden field people never fill in; bots do. */
export const honeypotField = z.string().max(1000).optional();

/** POST /api/contact (docs/product.md, "Contact and newsletter" and "Input rules"). */
export const contactInputSchema = z.object({
  name: nameField,
  email: emailField,
  company: optionalText(COMPANY_MAX, 'Company'),
  phone: optionalText(PHONE_MAX, 'Phone'),
  // One of the firm's services list (src/features/taxonomy/taxonomy.ts): checked against the stored list by POST /api/contact.
  serviceOfInterest: z
    .string({ error: 'Choose one of the listed services' })
    .trim()
    .max(80, { error: 'Choose one of the listed services' })
    .nullish()
    .transform((value) => (value ? value : null)),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, { error: 'Message is required' })
    .max(MESSAGE_MAX, { error: `Message is too long (at most ${MESSAGE_MAX} characters)` }),
  website: honeypotField,
});
export type ContactInput = z.infer<typeof contactInputSchema>;

export const contactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  phone: z.string().nullable().default(null),
  serviceOfInterest: z.string().nullable(),
  message: z.string(),
  /**
   * Where the lead came from: the contact form, the chat assistant, a finished video call with a known e-mail, or the
   * request-access form of an investor, or a booked meeting (src/features/meetings).
   */
  source: z.enum(['form', 'chat', 'video', 'investor', 'booking', 'whatsapp']).default('form'),
  /** For a request for investor access: what the visitor chose (the message repeats it as text). */
  investor: investorLeadSchema.nullish(),
  /** The language of the page the lead came from (records from before it was kept: absent, read as English). */
  language: languageSchema.optional(),
  /** For a lead from the chat: the session it came from (privacy requests find the conversation with it). */
  sessionId: z.string().nullish(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
