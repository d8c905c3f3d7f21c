import type { Language } from '../languages';
import { mailEn, type MailKey } from './en';
import { mailEs } from './es';

export type { MailKey };

const dictionaries: Record<Language, Record<MailKey, string>> = { en: mailEn, es: mailEs };

/** An e-mail text in a language, its `{placeholders}` filled in as given (the template escapes them). */
export function mailText(lang: Language, key: MailKey, values: Record<string, string | number> = {}): string {
  return dictionaries[lang][key].replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}
