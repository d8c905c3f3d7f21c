import { z } from 'zod';
import {
  byLanguage,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  languageName,
  pick,
  type Language,
  type Localized,
} from '../i18n/languages';

export type { Localized } from '../i18n/languages';

export const languageSchema = z.enum(LANGUAGES);

/** A zod object shape with one `part` per language of the table: `z.object(localizedShape(z.string()))`. */
export function localizedShape<T extends z.ZodType>(part: T | ((language: Language) => T)): Record<Language, T> {
  return byLanguage((language) => (typeof part === 'function' ? part(language) : part));
}

/** The languages' names, in English, for the API's error messages: "English and Spanish", "in English and in Spanish". */
export function languageNamesInEnglish(
  type: 'conjunction' | 'disjunction' = 'conjunction',
  each: (name: string) => string = (name) => name,
): string {
  const names = LANGUAGES.map((language) => each(languageName(language, DEFAULT_LANGUAGE)));
  return new Intl.ListFormat('en', { type }).format(names);
}

/** A text empty in every language. */
export const emptyLocalized = (): Localized => byLanguage(() => '');

/** Whether a text is written in at least one language. */
export const writtenInSomeLanguage = (text: Partial<Localized>): boolean => pick(text, DEFAULT_LANGUAGE) !== '';

/** A text in every language (`{en, es}`). */
export const localizedSchema = z.object(localizedShape(z.string()));

/** A text in every language as an editor sends it: each present, trimmed, capped. */
export function localizedInput(max: number, label: string) {
  const part = z
    .string({ error: `${label} is required` })
    .trim()
    .max(max, { error: `${label} is too long (at most ${max} characters)` });
  return z.object(localizedShape(part), { error: `${label} needs ${languageNamesInEnglish()} text` });
}

/**
 * A text in every language as stored. Older records may hold a plain string (docs/product.md, "Tolerant reading",
 * allows it): it stands for every language; a language a record does not have (one added since) reads as empty.
 */
export const storedLocalizedSchema = z.union([
  z.string().transform((text) => byLanguage(() => text)),
  z.object(localizedShape(z.string().nullish())).transform((texts) => byLanguage((language) => texts[language] ?? '')),
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

/**
 * The only shape a record's id may take (a lower-case ULID, src/platform/ids.ts); anything else is refused before it
 * reaches a store. Here rather than in ids.ts, which needs node:crypto, so that browser code can read it.
 */
export const ID_PATTERN = /^[0-9a-hjkmnp-tv-z]{26}$/;
