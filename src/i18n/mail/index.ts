import { MAIL_DICTIONARIES } from '../dictionaries';
import { interpolate, type TextValues } from '../interpolate';
import type { Language } from '../languages';
import type { MailKey } from './en';

export type { MailKey };

/** An e-mail text in a language, its `{placeholders}` filled in as given (the template escapes them). */
export function mailText(lang: Language, key: MailKey, values: TextValues = {}): string {
  return interpolate(MAIL_DICTIONARIES[lang][key], values);
}
