import { byLanguage, pick, type Localized } from '../../i18n/languages';
import type { ContentRecord } from './schema';

const filled = (text: Localized): Localized => byLanguage((language) => pick(text, language));

/**
 * A record as the public pages show it: a title, summary or body written in
 * some languages only is shown, on the other languages' pages, in the language
 * `pick` falls back to, rather than as an empty heading or card. (The editors'
 * API answers the record as stored, so an edit never saves the stand-in text.)
 */
export function shownInEveryLanguage<T extends ContentRecord>(record: T): T {
  return {
    ...record,
    title: filled(record.title),
    description: filled(record.description),
    content: filled(record.content),
  };
}
