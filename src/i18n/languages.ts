/**
 * The site's languages, as data: one row each. Everything that differs by language follows from this table: the
 * `Language` type and `Localized` texts, URL prefixes, hreflang and the sitemap, the language switches, the editors'
 * language fields and tabs, dates and numbers, search stemming. Adding a language is a row here, its dictionaries
 * (src/i18n/dictionaries.ts) and a generated migration (docs/architecture.md, "How to add a language").
 */
export interface LanguageRow {
  /** The language's BCP 47 code: `<html lang>`, hreflang, the key of every `Localized` text and of its dictionaries. */
  readonly code: string;
  /** Its URL prefix (`/es/insights`): '' for the first row only, whose pages are unprefixed. */
  readonly prefix: string;
  /** The `Intl` locale of the site's dates, numbers and plural forms, and the RSS feed's `<language>`. */
  readonly locale: string;
  /** The `Intl` locale of the dashboard's dates, numbers and sorting. */
  readonly dashboardLocale: string;
  /** Open Graph's `og:locale`. */
  readonly og: string;
  /** The language's name in itself: the language switches and the editors' tabs name it so. */
  readonly name: string;
  /**
   * Search stemming: the Postgres text search configuration of its search column (src/features/content/tables.ts)
   * and the chat's Snowball stemmer (src/features/chat/search.ts); `simple` stems nothing.
   */
  readonly stemming: TextSearchConfig;
}

/** Postgres's built-in text search configurations (the Snowball stemmers of the local engine and of Neon). */
export type TextSearchConfig =
  | 'simple'
  | 'arabic'
  | 'danish'
  | 'dutch'
  | 'english'
  | 'finnish'
  | 'french'
  | 'german'
  | 'hungarian'
  | 'italian'
  | 'norwegian'
  | 'portuguese'
  | 'romanian'
  | 'russian'
  | 'spanish'
  | 'swedish'
  | 'turkish';

export const LANGUAGE_TABLE = [
  {
    code: 'en',
    prefix: '',
    locale: 'en-US',
    dashboardLocale: 'en-GB',
    og: 'en_US',
    name: 'English',
    stemming: 'english',
  },
  {
    code: 'es',
    prefix: 'es',
    locale: 'es-ES',
    dashboardLocale: 'es-ES',
    og: 'es_ES',
    name: 'Español',
    stemming: 'spanish',
  },
] as const satisfies readonly [LanguageRow, ...LanguageRow[]];

export type Language = (typeof LANGUAGE_TABLE)[number]['code'];

/** The codes, in the table's order (a non-empty tuple, as `z.enum` and Drizzle's `text({ enum })` take it). */
export const LANGUAGES = LANGUAGE_TABLE.map((row) => row.code) as readonly Language[] as readonly [
  Language,
  ...Language[],
];

/** The first row: unprefixed URLs, the default of anything that names no language, the last word of the fallback. */
export const DEFAULT_LANGUAGE: Language = LANGUAGE_TABLE[0].code;

/** A text (or anything else) in every language. */
export type Localized<T = string> = Record<Language, T>;

const ROWS = new Map<Language, LanguageRow>(LANGUAGE_TABLE.map((row) => [row.code, row]));

/** A language's row of the table. */
export function languageRow(language: Language): LanguageRow {
  return ROWS.get(language) ?? LANGUAGE_TABLE[0];
}

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language === value);
}

/** One value per language, made by `make`: `byLanguage(() => '')` is an empty text. */
export function byLanguage<T>(make: (language: Language) => T): Localized<T> {
  return Object.fromEntries(LANGUAGES.map((language) => [language, make(language)])) as Localized<T>;
}

/** Where a text missing in `language` is looked for: that language, then the default one, then the rest in order. */
export function fallbackOrder(language: Language): Language[] {
  const rest = LANGUAGES.filter((other) => other !== language && other !== DEFAULT_LANGUAGE);
  return language === DEFAULT_LANGUAGE ? [language, ...rest] : [language, DEFAULT_LANGUAGE, ...rest];
}

/**
 * A text in a language, by the site's one fallback rule: a text written in some languages only (an English-only case
 * study, an older record) is shown in the first of `fallbackOrder` that has it, rather than as an empty heading.
 */
export function pick(text: Partial<Localized>, language: Language): string {
  for (const candidate of fallbackOrder(language)) {
    const value = text[candidate];
    if (value) return value;
  }
  return '';
}

const displayNames = new Map<Language, Intl.DisplayNames>();

/**
 * A language's name in another language's words, from `Intl` (the table's `name` when `Intl` has none): as a label
 * ("Spanish", "Inglés"), or `inline`, as inside a sentence ("Falta el español").
 */
export function languageName(language: Language, inLanguage: Language, form: 'label' | 'inline' = 'label'): string {
  const locale = languageRow(inLanguage).locale;
  let names = displayNames.get(inLanguage);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' });
    displayNames.set(inLanguage, names);
  }
  const name = names.of(language) ?? languageRow(language).name;
  return form === 'inline' ? name : name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}
