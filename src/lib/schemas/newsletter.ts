import { z } from 'zod';
import { emailField, honeypotField, nameField } from './contact';

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
  })
  .transform(({ fullName, name, ...rest }) => ({ ...rest, fullName: fullName ?? name }))
  .pipe(
    z.object({
      fullName: nameField,
      email: z.string(),
      website: honeypotField,
    }),
  );
export type NewsletterInput = z.infer<typeof newsletterInputSchema>;

export const newsletterSubscriptionSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  registrationDate: z.string(),
});
export type NewsletterSubscription = z.infer<typeof newsletterSubscriptionSchema>;
