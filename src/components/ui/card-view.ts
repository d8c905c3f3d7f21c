import { localePath, useTranslations } from '../../i18n';
import type { Language } from '../../i18n/languages';
import { insightDate, insightReadTime, type Insight } from '../../features/content/insight-schema';
import { contentPath } from '../../features/content/publishing-schema';
import type { Metric } from '../../features/content/metrics-schema';
import type { PortfolioItem } from '../../features/content/portfolio-schema';
import { taxonomyLabel, type Taxonomy } from '../../features/taxonomy/schema';

/** The line under a card's description: up to three key results, or who wrote it, how long it reads and when. */
export type CardDetails =
  | { kind: 'metrics'; metrics: Metric[] }
  | { kind: 'byline'; author: string | null; readTime: number | null; date: string };

/** What one content card shows, whatever kind of content it is. */
export interface CardView {
  href: string;
  imageUrl: string;
  title: string;
  description: string;
  category: string;
  details: CardDetails;
  /** The card's call to action (the whole card is the link). */
  action: string;
}

/** `taxonomy`: the services and categories list that names the category (read once per page, not per card). */
export function portfolioCard(item: PortfolioItem, lang: Language, taxonomy: Taxonomy): CardView {
  const t = useTranslations(lang);
  return {
    href: localePath(lang, contentPath('portfolio', item, lang)),
    imageUrl: item.imageUrl,
    title: item.title[lang],
    description: item.description[lang],
    category: item.category ? taxonomyLabel(taxonomy, item.category, lang) : t('portfolio.defaultCategory'),
    details: { kind: 'metrics', metrics: item.metrics[lang].slice(0, 3) },
    action: t('common.viewCaseStudy'),
  };
}

export function insightCard(insight: Insight, lang: Language, taxonomy: Taxonomy): CardView {
  const t = useTranslations(lang);
  return {
    href: localePath(lang, contentPath('insights', insight, lang)),
    imageUrl: insight.imageUrl,
    title: insight.title[lang],
    description: insight.description[lang],
    category: taxonomyLabel(taxonomy, insight.category, lang),
    details: {
      kind: 'byline',
      author: insight.author,
      readTime: insightReadTime(insight, lang),
      date: insightDate(insight),
    },
    action: t('common.readMore'),
  };
}
