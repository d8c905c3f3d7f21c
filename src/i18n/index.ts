import { en, type DictionaryKey } from './en';
import { es } from './es';
import type { Language } from './languages';

export type { DictionaryKey };

const dictionaries: Record<Language, Record<DictionaryKey, string>> = { en, es };

export type Translate = (key: DictionaryKey, values?: Record<string, string | number>) => string;

/** The one dictionary lookup: `t('common.minRead', { readTime: 5 })`. */
export function useTranslations(lang: Language): Translate {
  const dictionary = dictionaries[lang];
  return (key, values) => {
    const text = dictionary[key];
    if (!values) return text;
    return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
  };
}

/**
 * Dictionary keys written once per plural form: `{base}.one` and `{base}.other` (CLDR's categories; a language
 * with more, e.g. `few`, adds those keys and they are used). `other` is the form any missing category falls back to.
 */
export type PluralKey = {
  [K in DictionaryKey]: K extends `${infer Base}.other` ? (`${Base}.one` extends DictionaryKey ? Base : never) : never;
}[DictionaryKey];

export type TranslatePlural = (key: PluralKey, count: number, values?: Record<string, string | number>) => string;

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
  const rules = new Intl.PluralRules(LOCALES[lang].tag);
  const numbers = new Intl.NumberFormat(LOCALES[lang].tag);
  return (key, count, values) => {
    const form = `${key}.${rules.select(count)}`;
    return t(isDictionaryKey(form) ? form : `${key}.other`, { ...values, count: numbers.format(count) });
  };
}

/** A site path in a language: English unprefixed, Spanish under /es (docs/product.md, "Language"). */
export function localePath(lang: Language, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (lang === 'en') return clean;
  return clean === '/' ? '/es/' : `/es${clean}`;
}

/**
 * Where "Log in" and "Explore opportunities" lead from a page in a language: `/api/login`, which opens the sign-in
 * (and then the dashboard) in that language.
 */
export function loginPath(lang: Language): string {
  return lang === 'en' ? '/api/login' : `/api/login?lang=${lang}`;
}

/** The language a URL path belongs to. */
export function pathLanguage(pathname: string): Language {
  return pathname === '/es' || pathname.startsWith('/es/') ? 'es' : 'en';
}

/** The path without its language prefix: /es/insights -> /insights. */
export function unlocalisedPath(pathname: string): string {
  if (pathname === '/es' || pathname === '/es/') return '/';
  return pathname.startsWith('/es/') ? pathname.slice(3) : pathname;
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

export function otherLanguage(lang: Language): Language {
  return lang === 'en' ? 'es' : 'en';
}

/** BCP 47 tags for <html lang>, Open Graph and dates. */
export const LOCALES: Record<Language, { tag: string; og: string }> = {
  en: { tag: 'en', og: 'en_US' },
  es: { tag: 'es', og: 'es_ES' },
};

export function formatDate(iso: string, lang: Language, style: 'long' | 'month' = 'long'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(
    lang === 'es' ? 'es-ES' : 'en-US',
    style === 'month'
      ? { month: 'long', year: 'numeric', timeZone: 'UTC' }
      : { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
  ).format(date);
}
