import { localePath, useTranslations } from '../../i18n';
import { INVESTMENT_CARDS, INVESTMENT_VALUES, SERVICE_CARDS, SERVICE_POINTS } from '../../i18n/cards';
import { insightContent } from '../content/kinds/insights';
import { portfolioContent } from '../content/kinds/portfolio';
import type { Language } from '../../i18n/languages';

/** One thing the assistant may talk about, with the page it links to. */
export interface KnowledgeItem {
  title: string;
  text: string;
  url: string;
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

const STOPWORDS = new Set(
  (
    'the a an and or of to in on for with about your you we our is are be do does can could would what how which who why when ' +
    'tell me more please is it this that there have has me i my el la los las un una y o de del en con para por sobre que como cual ' +
    'quien cuando su sus mi me es son puede podria hay tiene nos nuestro nuestra ustedes usted le lo al mas'
  ).split(' '),
);

export function words(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 2 && !STOPWORDS.has(word));
}

/** The site's own content in one language: services, investment approach, published case studies and insights. */
export async function siteKnowledge(lang: Language, origin: string): Promise<KnowledgeItem[]> {
  const t = useTranslations(lang);
  const home = `${origin}${localePath(lang, '/')}`;
  const items: KnowledgeItem[] = [];
  for (const card of SERVICE_CARDS) {
    items.push({
      title: t(`services.${card}.title`),
      text: [t(`services.${card}.description`), ...SERVICE_POINTS.map((n) => t(`services.${card}.point${n}`))].join(
        ' ',
      ),
      url: `${home}#services`,
    });
  }
  for (const card of INVESTMENT_CARDS) {
    items.push({
      title: t(`investment.${card}.title`),
      text: [
        t(`investment.${card}.description`),
        ...INVESTMENT_VALUES.map((n) => t(`investment.${card}.value${n}`)),
      ].join(' '),
      url: `${home}#investment`,
    });
  }
  items.push({ title: t('about.title'), text: `${t('about.p1')} ${t('about.p2')}`, url: `${home}#about` });
  const [portfolio, insights] = await Promise.all([portfolioContent.listPublic(), insightContent.listPublic()]);
  for (const item of portfolio) {
    items.push({
      title: item.title[lang],
      text: [
        item.description[lang],
        item.category ?? '',
        item.technologies.join(', '),
        item.metrics[lang].map((m) => `${m.label}: ${m.value}`).join('; '),
      ].join(' '),
      url: `${origin}${localePath(lang, `/portfolio/${item.id}`)}`,
    });
  }
  for (const insight of insights) {
    items.push({
      title: insight.title[lang],
      text: `${insight.description[lang]} ${insight.category}`,
      url: `${origin}${localePath(lang, `/insights/${insight.id}`)}`,
    });
  }
  return items;
}

/** The items that share the most words with the question (titles count double). */
export function bestMatches(items: KnowledgeItem[], question: string, limit = 3): KnowledgeItem[] {
  const asked = new Set(words(question));
  if (asked.size === 0) return [];
  return items
    .map((item) => {
      const title = new Set(words(item.title));
      const body = new Set(words(item.text));
      let score = 0;
      for (const word of asked) score += (title.has(word) ? 2 : 0) + (body.has(word) ? 1 : 0);
      return { item, score };
    })
    .filter(({ score }) => score >= 2)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ item }) => item);
}
