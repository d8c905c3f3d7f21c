import { z } from 'zod';
import { DEFAULT_LANGUAGE } from '../../i18n/languages';
import { languageSchema } from '../../platform/common-schema';
import { emailField, honeypotField, nameField } from './contact-schema';
import { COMPANY_MAX } from '../../platform/form-schema';
import { REGIONS, SECTORS, TICKET_BANDS } from './investor-lead-schema';

/**
 * The request-access form of a prospective investor (docs/product.md, "Request access"): POST /api/access-requests,
 * as JSON or as an HTML form's fields (sectors and regions then come as repeated fields).
 */
/** A checkbox that must be ticked: JSON `true`, or an HTML checkbox's `on`. */
function confirmation(message: string) {
  return z
    .union([z.literal(true), z.literal('on'), z.literal('true')], { error: message })
    .transform(() => true as const);
}

/** One or more of a list: a JSON array, or the repeated fields of a form (one value comes as a string). */
function someOf<T extends readonly [string, ...string[]]>(options: T, label: string) {
  const error = `Choose at least one ${label}`;
  return z
    .union([z.array(z.string()), z.string()], { error })
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .pipe(
      z
        .array(z.enum(options, { error: `Choose ${label} from the list` }))
        .min(1, { error })
        .max(options.length),
    )
    .transform((values) => [...new Set(values)]);
}

export const accessRequestInputSchema = z.object({
  name: nameField,
  email: emailField,
  company: z
    .string({ error: 'Company is required' })
    .trim()
    .min(1, { error: 'Company is required' })
    .max(COMPANY_MAX, { error: `Company is too long (at most ${COMPANY_MAX} characters)` }),
  ticketSize: z.enum(TICKET_BANDS, { error: 'Choose a ticket size' }),
  sectors: someOf(SECTORS, 'sector'),
  regions: someOf(REGIONS, 'region'),
  accredited: confirmation('Please confirm that you are an accredited or professional investor'),
  consent: confirmation('Please accept the privacy policy'),
  lang: languageSchema.default(DEFAULT_LANGUAGE),
  website: honeypotField,
});
export type AccessRequestInput = z.infer<typeof accessRequestInputSchema>;

/** POST /api/invitations: a one-time invitation link's token and the new password. */
export const acceptInvitationSchema = z.object({
  token: z.string({ error: 'This link is not valid' }).max(100, { error: 'This link is not valid' }),
  password: z.string({ error: 'A password is required' }),
});
