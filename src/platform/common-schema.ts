import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';

export const languageSchema = z.enum(LANGUAGES);

export const localizedSchema = z.object({ en: z.string(), es: z.string() });
export type Localized = z.infer<typeof localizedSchema>;

/** An {en, es} pair as an editor sends it: both present, trimmed, capped. */
export function localizedInput(max: number, label: string) {
  const part = z
    .string({ error: `${label} is required` })
    .trim()
    .max(max, { error: `${label} is too long (at most ${max} characters)` });
  return z.object({ en: part, es: part }, { error: `${label} needs English and Spanish text` });
}

/**
 * An {en, es} pair as stored. Older records may hold a plain string (docs/product.md, "Tolerant reading", allows it):
 * it stands for both languages.
 */
export const storedLocalizedSchema = z.union([
  z.string().transform((text): Localized => ({ en: text, es: text })),
  z
    .object({ en: z.string().nullish(), es: z.string().nullish() })
    .transform((pair): Localized => ({ en: pair.en ?? '', es: pair.es ?? '' })),
]);

export const isoDateSchema = z.iso.datetime({ offset: true });

/** A calendar date or timestamp from a form; empty means "not given" (null). */
export const optionalDateInput = z
  .string({ error: 'Invalid date' })
  .nullish()
  .transform((value, ctx): string | null => {
    if (!value?.trim()) return null;
    const time = Date.parse(value);
    if (Number.isNaN(time)) {
      ctx.addIssue({ code: 'custom', message: 'Invalid date' });
      return z.NEVER;
    }
    return new Date(time).toISOString();
  });

/** Empty text from a form means "none". */
export function optionalText(max: number, label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} is too long (at most ${max} characters)` })
    .nullish()
    .transform((value) => (value ? value : null));
}

/** Image addresses the site will render: its own paths or http(s). */
export const imageUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((url) => url === '' || /^\/(?!\/)[^\s]*$/.test(url) || /^https?:\/\/[^\s]+$/i.test(url), {
    error: 'Image must be a site path (/uploads/...) or an http(s) address',
  });
