import { z } from 'zod';
import { byLanguage, pick, type Language, type Localized } from '../../i18n/languages';
import { ID_PATTERN, localizedShape, localizedSchema, storedLocalizedSchema } from '../../platform/common-schema';

/** Lower-case letters and digits, words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 120;

/** A URL slug from a title: accents dropped, lower case, words joined by single hyphens, at most 120 characters. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, '');
}

/** One slug as an editor types it: trimmed, lower-cased; empty means "make it from the title". */
export const slugInput = z
  .string({ error: 'Slug must be text' })
  .trim()
  .toLowerCase()
  .max(SLUG_MAX, { error: `Slug is too long (at most ${SLUG_MAX} characters)` })
  .regex(/^$|^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'Slug may hold only letters, digits and single hyphens' })
  // A record's id is its address too (it answers 301 to the slug): a slug shaped like an id could take another's.
  .refine((slug) => !ID_PATTERN.test(slug), { error: 'Slug may not look like a record id; add a word to it' });

/** `slugs` of an editor's body: a slug per language, each optional (docs/product.md, "Publishing"). */
export const slugsInput = z
  .object(localizedShape(slugInput.optional()), { error: 'Slugs must be an object with a slug per language' })
  .partial()
  .nullish();

/** A record's current slug in every language. */
export const slugsSchema = localizedSchema;
/** As stored: an older insight's one `slug` string stands for every language. */
export const storedSlugsSchema = storedLocalizedSchema;

/**
 * A record's slugs after an editor's save: the one given for a language; else `fallback` (an older client's single
 * `slug`, which then stands for every language, as it did); else the record's current one (a title change keeps the
 * address); else one made from the title in that language (or the one it falls back to), with `-{slugTry}` after
 * it from the second try on (the one before was another record's).
 */
export function resolveSlugs(
  given: { [L in Language]?: string | undefined } | null | undefined,
  title: Localized,
  previous: Localized | null,
  slugTry: number,
  fallback?: string,
): Localized {
  return byLanguage((language: Language) => {
    const chosen = given?.[language] || fallback || previous?.[language];
    if (chosen) return chosen;
    const made = slugify(pick(title, language)) || 'untitled';
    return slugTry > 1 ? `${made.slice(0, SLUG_MAX - 4).replace(/-+$/, '')}-${slugTry}` : made;
  });
}

export const META_TITLE_LIMIT = 60;
export const META_DESCRIPTION_LIMIT = 160;

function metaInput(max: number, label: string) {
  const part = z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} is too long (at most ${max} characters)` })
    .optional()
    .default('');
  return z
    .object(localizedShape(part))
    .partial()
    .nullish()
    .transform((texts) => byLanguage((language) => texts?.[language] ?? ''));
}

/** The point of the main image to keep in view when it is cropped (the social image), each 0..1 from the top left. */
export const focusSchema = z.object({
  x: z.number({ error: 'Focus x must be a number' }).min(0).max(1),
  y: z.number({ error: 'Focus y must be a number' }).min(0).max(1),
});
export type Focus = z.infer<typeof focusSchema>;

/** What insights and case studies have for their public addresses and sharing, as the API answers them. */
export const publishingFields = {
  slugs: slugsSchema,
  /** Per language; '' when the page's title is used. */
  metaTitle: localizedSchema,
  /** Per language; '' when the description is used. */
  metaDescription: localizedSchema,
  focus: focusSchema.nullable(),
};

/** The same as stored, older records lacking them. */
export const storedPublishingFields = {
  slugs: storedSlugsSchema.optional(),
  metaTitle: storedLocalizedSchema.nullish().catch(null),
  metaDescription: storedLocalizedSchema.nullish().catch(null),
  focus: focusSchema.nullish().catch(null),
};

/** The same as an editor sends them: each optional. */
export const publishingInput = {
  slugs: slugsInput,
  metaTitle: metaInput(META_TITLE_LIMIT, 'Meta title'),
  metaDescription: metaInput(META_DESCRIPTION_LIMIT, 'Meta description'),
  focus: focusSchema.nullish().transform((focus) => focus ?? null),
};

/** Words a minute of the reading time computed from the text (docs/product.md, "Publishing"). */
export const WORDS_PER_MINUTE = 220;

/** The minutes it takes to read a rich text: its words at WORDS_PER_MINUTE, at least 1. */
export function readingMinutes(html: string): number {
  const text = html.replace(/<[^>]*>/g, ' ').replace(/&#?[a-zA-Z0-9]+;/g, ' ');
  const words = text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/**
 * A record's public path in a language, without the language prefix: `/{list}/{slug}` (an older record without a
 * slug in that language: its id, which answers too).
 */
export function contentPath(
  list: 'insights' | 'portfolio',
  record: { id: string; slugs: Localized },
  language: Language,
): string {
  return `/${list}/${record.slugs[language] || record.id}`;
}

/** The social image's size (og:image): what the networks show large. */
export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/**
 * The crop side Netlify Image CDN keeps (`position`: center, top, bottom, left, right; it has no focal point) for a
 * focus point: the side the point is nearest to, when it is off the middle third; else the centre.
 */
export function cropPosition(focus: Focus | null): 'center' | 'top' | 'bottom' | 'left' | 'right' {
  if (!focus) return 'center';
  const dx = focus.x - 0.5;
  const dy = focus.y - 0.5;
  if (Math.max(Math.abs(dx), Math.abs(dy)) <= 1 / 6) return 'center';
  if (Math.abs(dx) > Math.abs(dy)) return dx < 0 ? 'left' : 'right';
  return dy < 0 ? 'top' : 'bottom';
}

/** A record's social image: its main image cropped to 1200×630 by Netlify Image CDN around its focus point. */
export function socialImagePath(imageUrl: string, focus: Focus | null): string {
  // An image elsewhere (an https address an editor gave) is not the CDN's to crop: it is used as it is.
  if (!imageUrl.startsWith('/') || imageUrl.startsWith('//')) return imageUrl;
  const { width, height } = SOCIAL_IMAGE_SIZE;
  const query = new URLSearchParams({
    url: imageUrl,
    w: String(width),
    h: String(height),
    fit: 'cover',
    position: cropPosition(focus),
  });
  return `/.netlify/images?${query.toString()}`;
}
