import type { Language } from '../../i18n/languages';
import type { Insight } from '../schemas/insight';

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * `/insights?q=`: insights whose title, description or category (in the
 * page's language) hold every word of the query, ignoring case and accents.
 */
export function searchInsights(insights: Insight[], query: string, lang: Language): Insight[] {
  const words = fold(query).split(/\s+/).filter(Boolean).slice(0, 12);
  if (words.length === 0) return insights;
  return insights.filter((insight) => {
    const haystack = fold(`${insight.title[lang]} ${insight.description[lang]} ${insight.category}`);
    return words.every((word) => haystack.includes(word));
  });
}
