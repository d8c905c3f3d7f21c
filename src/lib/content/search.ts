import type { Language } from '../../i18n/languages';
import type { Insight } from '../schemas/insight';
import { taxonomyLabel, type Taxonomy } from '../schemas/taxonomy';

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * `/insights?q=`: insights whose title, description or category (as stored, or as the services and categories list
 * names it in the page's language) hold every word of the query, ignoring case and accents.
 */
export function searchInsights(
  insights: Insight[],
  query: string,
  lang: Language,
  taxonomy: Pick<Taxonomy, 'entries'>,
): Insight[] {
  const words = fold(query).split(/\s+/).filter(Boolean).slice(0, 12);
  if (words.length === 0) return insights;
  return insights.filter((insight) => {
    const category = `${insight.category} ${taxonomyLabel(taxonomy, insight.category, lang)}`;
    const haystack = fold(`${insight.title[lang]} ${insight.description[lang]} ${category}`);
    return words.every((word) => haystack.includes(word));
  });
}
