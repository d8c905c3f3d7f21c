import type { Localized } from '../../platform/common-schema';
import type { ContentRecord } from './schema';

const filled = (text: Localized): Localized => ({ en: text.en || text.es, es: text.es || text.en });

/**
 * A record as the public pages show it: a title, summary or body written in
 * one language only is shown in that language on the other language's pages
 * too, rather than as an empty heading or card. (The editors' API answers the
 * record as stored, so an edit never saves the stand-in text.)
 */
export function shownInBothLanguages<T extends ContentRecord>(record: T): T {
  return {
    ...record,
    title: filled(record.title),
    description: filled(record.description),
    content: filled(record.content),
  };
}
