/**
 * Every dictionary, registered in one place: the site's (`{code}.ts`), the dashboard's (`admin/{code}.ts`) and the
 * mail's (`mail/{code}.ts`), one of each per language of the table (src/i18n/languages.ts). A language added to the
 * table without its three dictionaries here is a type error, and so is a dictionary missing a key of the English one.
 * (The dashboard's bundle keeps only `ADMIN_DICTIONARIES`: the bundler drops the exports it does not use.)
 */
import type { Language } from './languages';
import { en, type DictionaryKey } from './en';
import { es } from './es';
import { adminEn, type AdminTexts } from './admin/en';
import { adminEs } from './admin/es';
import { mailEn, type MailKey } from './mail/en';
import { mailEs } from './mail/es';

// One entry per language in each: a new language adds a line to each.
export const SITE_DICTIONARIES: Record<Language, Record<DictionaryKey, string>> = {
  en,
  es,
};
export const ADMIN_DICTIONARIES: Record<Language, AdminTexts> = {
  en: adminEn,
  es: adminEs,
};
export const MAIL_DICTIONARIES: Record<Language, Record<MailKey, string>> = {
  en: mailEn,
  es: mailEs,
};
