import { SITE_DICTIONARIES } from './dictionaries';
import { en, type DictionaryKey } from './en';
import { interpolate, type TextValues } from './interpolate';
import { DEFAULT_LANGUAGE, LANGUAGE_TABLE, languageRow, type Language } from './languages';

export type { DictionaryKey };

export type Translate = (key: DictionaryKey, values?: TextValues) => string;

/** The one dictionary lookup: `t('common.minRead', { readTime: 5 })`. */
export function useTranslations(lang: Language): Translate {
  const dictionary = SITE_DICTIONARIES[lang];
  return (key, values) => interpolate(dictionary[key], values);
}

/**
 * Dictionary keys written once per plural form: `{base}.one` and `{base}.other` (CLDR's categories; a language
 * with more, e.g. `few`, adds those keys and they are used). `other` is the form any missing category falls back to.
 */
export type PluralKey = {
  [K in DictionaryKey]: K extends `${infer Base}.other` ? (`${Base}.one` extends DictionaryKey ? Base : never) : never;
}[DictionaryKey];

export type TranslatePlural = (key: PluralKey, count: number, values?: TextValues) => string;

function isDictionaryKey(key: string): key is DictionaryKey {
  return Object.hasOwn(en, key);
}

/**
 * A text that holds a count, in the form the language's plural rules choose for it
 * (`Intl.PluralRules`: 1 result, 2 results; 1 resultado, 2 resultados). `{count}` is the number, formatted
 * for the language.
 */
export function usePlural(lang: Language): TranslatePlural {
  const t = useTranslations(lang);
  const rules = new Intl.PluralRules(languageRow(lang).locale);
  const numbers = new Intl.NumberFormat(languageRow(lang).locale);
  return (key, count, values) => {
    const form = `${key}.${rules.select(count)}`;
    return t(isDictionaryKey(form) ? form : `${key}.other`, { ...values, count: numbers.format(count) });
  };
}

/** The languages with a URL prefix, and the prefix's path: `/es`. */
const PREFIXED = LANGUAGE_TABLE.filter((row) => row.prefix !== '').map((row) => ({
  code: row.code,
  root: `/${row.prefix}`,
}));

/** A site path in a language: the first language's unprefixed, the others' under their prefix (docs/product.md, "Language"). */
export function localePath(lang: Language, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  const { prefix } = languageRow(lang);
  if (!prefix) return clean;
  return clean === '/' ? `/${prefix}/` : `/${prefix}${clean}`;
}

/**
 * Where "Log in" and "Explore opportunities" lead from a page in a language: `/api/login`, which opens the sign-in
 * (and then the dashboard) in that language.
 */
export function loginPath(lang: Language): string {
  return lang === DEFAULT_LANGUAGE ? '/api/login' : `/api/login?lang=${lang}`;
}

/** The language whose prefix a URL path has, if it has one. */
function prefixed(pathname: string): { code: Language; root: string } | undefined {
  return PREFIXED.find(({ root }) => pathname === root || pathname.startsWith(`${root}/`));
}

/** The language a URL path belongs to. */
export function pathLanguage(pathname: string): Language {
  return prefixed(pathname)?.code ?? DEFAULT_LANGUAGE;
}

/** The path without its language prefix: /es/insights -> /insights. */
export function unlocalisedPath(pathname: string): string {
  const found = prefixed(pathname);
  if (!found) return pathname;
  return pathname.slice(found.root.length) || '/';
}

/**
 * The address a not-found page stands for, as its language switch may link to it. netlify-cli's local server
 * retries a 404 with `.html`, `.htm`, `/index.html` and `/index.htm` appended (docs/architecture.md, "Differences
 * from production"), so the URL the page is rendered for may carry one of them. Trailing slashes are ignored
 * (docs/product.md, "Routes"). Repeated slashes become one: `/es//evil.example`'s twin must not be the
 * protocol-relative `//evil.example`, another site.
 */
export function requestedPath(pathname: string): string {
  return (
    pathname
      .replace(/\/{2,}/g, '/')
      .replace(/(?:\/index)?\.html?$/i, '')
      .replace(/(?<=.)\/$/, '') || '/'
  );
}

export function formatDate(iso: string, lang: Language, style: 'long' | 'month' = 'long'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(
    languageRow(lang).locale,
    style === 'month'
      ? { month: 'long', year: 'numeric', timeZone: 'UTC' }
      : { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
  ).format(date);
}
