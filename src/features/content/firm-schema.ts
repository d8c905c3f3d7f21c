import { z } from 'zod';
import {
  emptyLocalized,
  localizedInput,
  localizedSchema,
  storedLocalizedSchema,
  writtenInSomeLanguage,
  type Localized,
} from '../../platform/common-schema';
import { contentInputSchema, contentRecordFields, imagelessContentInputSchema, storedContentSchema } from './schema';

/**
 * The firm's people and proof on the home page (docs/product.md, "Team, clients and quotes"): three kinds of content
 * on the content engine. How they use its shared fields:
 * - team member: `title` is the person's name, `description` the short bio (plain text), `imageUrl` the portrait;
 * - client: `title` is the company's name, `imageUrl` its logo (no description);
 * - testimonial: `title` is the quoted person's name, `description` the quote (no image).
 * None has rich text (`content` is stored empty). Each has an `order`: lists show the lowest first.
 */

/** A bio's length, in characters: a few lines under a portrait. */
export const BIO_MAX = 300;
/** A quote's length, in characters. */
export const QUOTE_MAX = 400;
export const ORDER_MAX = 999;
/** A LinkedIn profile or company page: https://linkedin.com/… or https://www.linkedin.com/… */
export const LINKEDIN_PATTERN = /^https:\/\/(www\.)?linkedin\.com\/\S+$/;

const nameInput = (label: string) =>
  localizedInput(160, label).refine(writtenInSomeLanguage, { error: `${label} is required` });

/** No rich text: whatever is sent, nothing is stored. */
const noContent = z
  .unknown()
  .transform((): Localized => emptyLocalized())
  .default(emptyLocalized);

const orderInput = z
  .number({ error: 'Order must be a number' })
  .int({ error: 'Order must be a whole number' })
  .min(0, { error: 'Order must be at least 0' })
  .max(ORDER_MAX, { error: `Order must be at most ${ORDER_MAX}` })
  .nullish()
  .transform((order) => order ?? 0);

const storedOrder = z
  .number()
  .int()
  .nullish()
  .catch(null)
  .transform((order) => order ?? 0);

const optionalLink = (pattern: RegExp, error: string) =>
  z
    .string({ error })
    .trim()
    .max(2048, { error })
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || pattern.test(value), { error });

export const teamMemberSchema = z.object({
  ...contentRecordFields,
  role: localizedSchema,
  linkedinUrl: z.string().nullable(),
  order: z.number().int(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const storedTeamMemberSchema = storedContentSchema(
  z
    .object({
      role: storedLocalizedSchema.catch(emptyLocalized),
      linkedinUrl: z.string().nullish(),
      order: storedOrder,
    })
    .transform((raw) => ({ role: raw.role, linkedinUrl: raw.linkedinUrl ?? null, order: raw.order })),
);

/** The body of POST /api/team and PUT /api/team/{id}. */
export const teamMemberInputSchema = contentInputSchema({
  role: localizedInput(120, 'Role').refine(writtenInSomeLanguage, { error: 'Role is required' }),
  linkedinUrl: optionalLink(
    LINKEDIN_PATTERN,
    'LinkedIn must be a profile address such as https://www.linkedin.com/in/name',
  ),
  order: orderInput,
}).extend({ title: nameInput('Name'), description: localizedInput(BIO_MAX, 'Bio'), content: noContent });
export type TeamMemberInput = z.infer<typeof teamMemberInputSchema>;

export const clientSchema = z.object({
  ...contentRecordFields,
  website: z.string().nullable(),
  order: z.number().int(),
});
export type Client = z.infer<typeof clientSchema>;

export const storedClientSchema = storedContentSchema(
  z
    .object({ website: z.string().nullish(), order: storedOrder })
    .transform((raw) => ({ website: raw.website ?? null, order: raw.order })),
);

/** The body of POST /api/clients and PUT /api/clients/{id}. */
export const clientInputSchema = contentInputSchema({
  website: optionalLink(/^https?:\/\/\S+$/i, 'Website must be an http(s) address'),
  order: orderInput,
}).extend({ title: nameInput('Name'), description: noContent, content: noContent });
export type ClientInput = z.infer<typeof clientInputSchema>;

export const testimonialSchema = z.object({
  ...contentRecordFields,
  role: localizedSchema,
  company: z.string(),
  order: z.number().int(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

export const storedTestimonialSchema = storedContentSchema(
  z
    .object({ role: storedLocalizedSchema.catch(emptyLocalized), company: z.string().nullish(), order: storedOrder })
    .transform((raw) => ({ role: raw.role, company: raw.company ?? '', order: raw.order })),
);

/** The body of POST /api/testimonials and PUT /api/testimonials/{id}. */
export const testimonialInputSchema = imagelessContentInputSchema({
  role: localizedInput(120, 'Role'),
  company: z
    .string({ error: 'Company is required' })
    .trim()
    .min(1, { error: 'Company is required', abort: true })
    .max(120, { error: 'Company is too long (at most 120 characters)' }),
  order: orderInput,
}).extend({
  title: nameInput('Name'),
  description: localizedInput(QUOTE_MAX, 'Quote').refine(writtenInSomeLanguage, { error: 'Quote is required' }),
  content: noContent,
});
export type TestimonialInput = z.infer<typeof testimonialInputSchema>;
