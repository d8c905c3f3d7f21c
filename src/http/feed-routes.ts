import type { APIContext } from 'astro';
import { useTranslations } from '../i18n';
import { cdnCacheHeaders } from './cdn-cache';
import { insightContent } from '../features/content/insights';
import { portfolioContent } from '../features/content/portfolio';
import { shownInEveryLanguage } from '../features/content/shown';
import { insightsRss, sitemapXml, type SitemapEntry } from '../features/content/feeds';
import { byLanguage, type Language } from '../i18n/languages';
import { BOOK_PATH } from '../features/meetings/schema';
import { contentPath } from '../features/content/publishing-schema';
import { site } from '../platform/site';
import { TAXONOMY_TAG, taxonomyForPage } from '../features/taxonomy/taxonomy';

function origin(context: APIContext): string {
  return (context.site ?? new URL(context.url.origin)).origin;
}

export async function rssResponse(context: APIContext, lang: Language): Promise<Response> {
  const t = useTranslations(lang);
  const [insights, taxonomy, until] = await Promise.all([
    insightContent.listPublic(),
    taxonomyForPage(),
    insightContent.nextScheduled(),
  ]);
  const body = insightsRss(
    origin(context),
    lang,
    insights.slice(0, 50).map(shownInEveryLanguage),
    `${site.name} — ${t('insights.listHeading')}`,
    t('meta.insights.description'),
    taxonomy,
  );
  return new Response(body, {
    headers: {
      'Content-Type': 'application/rss+xml; charset=utf-8',
      ...cdnCacheHeaders([insightContent.listTag, TAXONOMY_TAG], until),
    },
  });
}

const STATIC_PATHS = [
  '/',
  '/portfolio',
  '/insights',
  '/cookies-policy',
  '/legal-advice',
  '/privacy-policy',
  '/investment-policy',
  // The booking page (docs/product.md, "Meetings"); its confirmation, manage and cancelled pages are not indexed.
  BOOK_PATH,
];

/** Every page in every language, the on-demand ones included. */
export async function sitemapResponse(context: APIContext): Promise<Response> {
  const [portfolio, insights, until] = await Promise.all([
    portfolioContent.listPublic(),
    insightContent.listPublic(),
    insightContent.nextScheduled(),
  ]);
  const paths = (list: 'portfolio' | 'insights', record: Parameters<typeof contentPath>[1]) =>
    byLanguage((language) => contentPath(list, record, language));
  const entries: SitemapEntry[] = [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...portfolio.map((item) => ({ path: paths('portfolio', item), lastmod: item.updatedAt.slice(0, 10) })),
    ...insights.map((insight) => ({ path: paths('insights', insight), lastmod: insight.updatedAt.slice(0, 10) })),
  ];
  return new Response(sitemapXml(origin(context), entries), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      ...cdnCacheHeaders([portfolioContent.listTag, insightContent.listTag], until),
    },
  });
}
