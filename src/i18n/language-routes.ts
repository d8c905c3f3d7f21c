import { LANGUAGE_TABLE, type Language } from './languages';

/**
 * Every page is one file under src/pages/[...lang]/ that serves all languages.
 * The rest parameter `lang` is the URL's language prefix (the table's
 * `prefix`): none for the first language (English, unprefixed URLs), the
 * language's prefix for the others (/es/...). It also matches any other prefix
 * (/fr/portfolio, /es/es/): those name no language and answer 404
 * (src/middleware.ts).
 */
const UNPREFIXED = LANGUAGE_TABLE[0].code;

/** The language a `[...lang]` prefix names, if any. */
export function prefixLanguage(prefix: string | undefined): Language | undefined {
  if (prefix === undefined) return UNPREFIXED;
  return LANGUAGE_TABLE.find((row) => row.prefix !== '' && row.prefix === prefix)?.code;
}

/** The language of a page under src/pages/[...lang]/: src/middleware.ts has already answered 404 for any other prefix. */
export function routeLanguage(prefix: string | undefined): Language {
  const lang = prefixLanguage(prefix);
  if (!lang) throw new Error(`No language has the URL prefix "${prefix}"`);
  return lang;
}

/** `getStaticPaths` of a pre-rendered page under src/pages/[...lang]/: one copy per language. */
export function languagePaths(): Array<{ params: { lang: string | undefined } }> {
  return LANGUAGE_TABLE.map((row) => ({ params: { lang: row.prefix || undefined } }));
}
