import { cacheTags } from './cache';
import { listPublishedInsights, getPublishedInsight } from './content/insights';
import { getPortfolioItem, listPortfolio } from './content/portfolio';
import { isId } from './ids';
import type { Insight } from './schemas/insight';
import type { PortfolioItem } from './schemas/portfolio';

/**
 * What an on-demand page needs before it starts streaming: its data, its
 * status and its CDN cache tags. Route files set these in their own
 * frontmatter (a nested component is too late to change the status).
 */
export interface PageData<T> {
  data: T;
  status: number;
  tags: string[];
}

export async function portfolioListData(): Promise<PageData<PortfolioItem[] | null>> {
  try {
    return { data: await listPortfolio(), status: 200, tags: [cacheTags.portfolioList] };
  } catch (error) {
    console.error('Portfolio list failed', error);
    return { data: null, status: 503, tags: [] };
  }
}

export async function portfolioItemData(id: string | undefined): Promise<PageData<PortfolioItem | null>> {
  const item = isId(id) ? await getPortfolioItem(id) : null;
  return item
    ? { data: item, status: 200, tags: [cacheTags.portfolioList, cacheTags.portfolioItem(item.id)] }
    : { data: null, status: 404, tags: [cacheTags.portfolioList] };
}

export async function insightListData(): Promise<PageData<Insight[] | null>> {
  try {
    return { data: await listPublishedInsights(), status: 200, tags: [cacheTags.insightsList] };
  } catch (error) {
    console.error('Insights list failed', error);
    return { data: null, status: 503, tags: [] };
  }
}

export async function insightData(id: string | undefined): Promise<PageData<Insight | null>> {
  const insight = isId(id) ? await getPublishedInsight(id) : null;
  return insight
    ? { data: insight, status: 200, tags: [cacheTags.insightsList, cacheTags.insight(insight.id)] }
    : { data: null, status: 404, tags: [cacheTags.insightsList, ...(isId(id) ? [cacheTags.insight(id)] : [])] };
}

export interface HomeData {
  portfolio: PortfolioItem[] | null;
  insights: Insight[] | null;
}

/**
 * The landing page's newest four case studies and insights. Each section
 * that cannot be read shows its error text; the rest of the page still renders.
 */
export async function homeData(): Promise<PageData<HomeData>> {
  const [portfolio, insights] = await Promise.all([
    listPortfolio().then(
      (items) => items.slice(0, 4),
      (error: unknown) => (console.error('Home portfolio failed', error), null),
    ),
    listPublishedInsights().then(
      (items) => items.slice(0, 4),
      (error: unknown) => (console.error('Home insights failed', error), null),
    ),
  ]);
  return { data: { portfolio, insights }, status: 200, tags: [cacheTags.portfolioList, cacheTags.insightsList] };
}

/**
 * SPEC.md section 4: the visitor's stored choice (the toggle sets the nf_lang
 * cookie beside localStorage) wins; otherwise Spanish when the browser's first
 * language is any Spanish variant.
 */
export function prefersSpanish(chosen: string | undefined, acceptLanguage: string | null): boolean {
  if (chosen === 'en' || chosen === 'es') return chosen === 'es';
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first === 'es' || first.startsWith('es-');
}

/** The CDN keeps one copy of / per browser language and per stored choice. */
export const LANGUAGE_VARY = { 'Netlify-Vary': 'language,cookie=nf_lang', Vary: 'Accept-Language, Cookie' } as const;
