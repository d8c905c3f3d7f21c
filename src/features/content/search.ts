import type { Language } from '../../i18n/languages';
import { MAX_PAGE_SIZE } from '../../platform/db/paging';
import { foldText, searchWords } from '../../platform/db/search';
import type { Insight } from './insight-schema';
import { taxonomyLabel, type Taxonomy } from '../taxonomy/schema';
import { insightContent } from './insights';

/**
 * A public search's word (folded), whether it is matched only whole (`whole`: an acronym such as "IA", or a word of one
 * or two letters, finds that word, never the words it begins: "IA" is not "iaas", "AI" is not "aim"; any other word
 * also finds the words it begins), and the categories whose name (in the page's language) has such a word.
 */
export type SearchWord = { word: string; whole: boolean; categories: string[] };

/** A word typed in capitals, two to five of them (digits after the first allowed: "IA", "AI", "ERP", "B2B"). */
const ACRONYM = /^\p{Lu}[\p{Lu}\p{N}]{1,4}$/u;

/**
 * The words of a search, each with the categories whose name in `lang` (as the services and categories list names
 * them, which the firm may change at any time, so never stored in a record's search vector) has a word beginning
 * with it.
 */
export function searchTerms(query: string, lang: Language, taxonomy: Pick<Taxonomy, 'entries'>): SearchWord[] {
  const names = taxonomy.entries.map((entry) => ({
    key: entry.key,
    words: foldText(taxonomyLabel(taxonomy, entry.key, lang)).split(/[^\p{L}\p{N}]+/u),
  }));
  // The words as typed (accents off, case kept), one for each of searchWords' folded words.
  const typed = query
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return searchWords(query).map((word, index) => {
    const whole = word.length <= 2 || ACRONYM.test(typed[index] ?? '');
    const matches = (each: string) => (whole ? each === word : each.startsWith(word));
    return { word, whole, categories: names.filter((name) => name.words.some(matches)).map((name) => name.key) };
  });
}

/**
 * `/insights?q=`: the published insights whose title, description, text or category (as stored, or as the services
 * and categories list names it in the page's language) have a word beginning with each word of the query (an acronym
 * or a word of one or two letters: that word itself), ignoring case and accents, best match first (Postgres full-text search, with the language's stemming: "migraciones" finds
 * "migración"). One statement; at most MAX_PAGE_SIZE. A blank query: null (the page lists every insight); one
 * with nothing to search for (only punctuation): no insight.
 */
export async function searchInsights(
  query: string,
  lang: Language,
  taxonomy: Pick<Taxonomy, 'entries'>,
): Promise<Insight[] | null> {
  if (!query.trim()) return null;
  const terms = searchTerms(query, lang, taxonomy);
  if (terms.length === 0) return [];
  return insightContent.searchPublic(terms, lang, MAX_PAGE_SIZE);
}
