import { z } from 'zod';
import { LANGUAGES } from '../../i18n/languages';
import { emailField, honeypotField, nameField } from '../leads/contact-schema';

/** docs/product.md, "Contractual texts": what a second sign-up of one address hears. */
export const DUPLICATE_SUBSCRIPTION = 'This email is already subscribed to our newsletter.';

/**
 * POST /api/newsletter: the contact section sends `fullName`, the standalone
 * section `name` (docs/product.md, "Newsletter"); either is the subscriber's name.
 */
export const newsletterInputSchema = z
  .object({
    fullName: z.unknown().optional(),
    name: z.unknown().optional(),
    email: emailField,
    website: honeypotField,
    /** The page's language (the islands send it; a form's post has it in `?lang=`). */
    language: z.enum(LANGUAGES).optional().catch(undefined),
  })
  .transform(({ fullName, name, ...rest }) => ({ ...rest, fullName: fullName ?? name }))
  .pipe(
    z.object({
      fullName: nameField,
      email: z.string(),
      website: honeypotField,
      language: z.enum(LANGUAGES).optional(),
    }),
  );
export type NewsletterInput = z.infer<typeof newsletterInputSchema>;

/**
 * Double opt-in (docs/product.md, "Newsletter"): a sign-up is `pending` until its link is followed, then
 * `confirmed`; only confirmed subscribers receive issues; `unsubscribed` after the one-click link.
 */
export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const newsletterSubscriptionSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  registrationDate: z.string(),
  status: z.enum(SUBSCRIBER_STATUSES),
  language: z.enum(LANGUAGES),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});
export type NewsletterSubscription = z.infer<typeof newsletterSubscriptionSchema>;

/** What the store keeps: the record and its secret token (confirmation and unsubscribe links), never listed. */
export const storedSubscriberSchema = newsletterSubscriptionSchema.extend({
  token: z.string().nullable(),
});
export type StoredSubscriber = z.infer<typeof storedSubscriberSchema>;
