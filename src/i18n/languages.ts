/** The site's languages: English first (unprefixed URLs), then the others under /{lang}/. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
