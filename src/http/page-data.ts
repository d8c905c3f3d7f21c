import type { Content, ContentEngine } from '../features/content/engine';
import { insightContent } from '../features/content/insights';
import { portfolioContent } from '../features/content/portfolio';
import {
  clientContent,
  publicClient,
  publicTeamMember,
  publicTestimonial,
  teamContent,
  testimonialContent,
  type PublicClient,
  type PublicTeamMember,
  type PublicTestimonial,
} from '../features/content/firm';
import { searchInsights } from '../features/content/search';
import { shownInEveryLanguage } from '../features/content/shown';
import { byLanguage, DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language, type Localized } from '../i18n/languages';
import { localePath } from '../i18n';
import { contentPath } from '../features/content/publishing-schema';
import { readPreviewToken } from '../features/content/preview';
import { isId } from '../platform/ids';
import { now } from '../platform/clock';
import type { ContentInput } from '../features/content/schema';
import type { Insight } from '../features/content/insight-schema';
import type { PortfolioItem } from '../features/content/portfolio-schema';
import type { Taxonomy } from '../features/taxonomy/schema';
import { TAXONOMY_TAG, taxonomyForPage } from '../features/taxonomy/taxonomy';

/**
 * What an on-demand page needs before it starts streaming: its data, its
 * status and its CDN cache tags. Route files set these in their own
 * frontmatter (a nested component is too late to change the status).
 * Every such page shows names from the services and categories list, so it
 * gets the list (read once per render, beside the records) and its tag, purged
 * when the list is saved.
 */
export interface PageData<T> {
  data: T;
  status: number;
  tags: string[];
  taxonomy: Taxonomy;
  /** The next scheduled publication that changes this page (ISO): the CDN keeps it no longer (src/http/cdn-cache.ts). */
  until?: string | null;
}

/**
 * A record's page (docs/product.md, "Publishing"): 200 at its current slug in the page's language; 301 (`redirect`,
 * with the language prefix) from its id, an old slug or another language's slug; 404 for anything else; and, with a
 * preview token, the record as it is now, draft or not (`preview`: never cached, never indexed), or 410 for an
 * expired token and 404 for a bad one.
 */
export interface DetailData<T> extends PageData<T | null> {
  redirect?: string;
  preview?: boolean;
  /** Its path in every language, without the language prefix (hreflang, the sitemap). */
  paths?: Localized;
}

type Engine<Own extends object> = ContentEngine<Own, ContentInput>;

/** How long the CDN may keep a page whose schedule could not be read. */
const UNKNOWN_SCHEDULE_SECONDS = 60;

/**
 * When a scheduled record of the kind next appears. When that cannot be read (logged), a minute from now: the page
 * still renders, and the CDN keeps it no longer, so a publication due meanwhile is not hidden for a year.
 */
async function nextScheduled<Own extends object>(engine: Engine<Own>): Promise<string | null> {
  try {
    return await engine.nextScheduled();
  } catch (error) {
    console.error(`${engine.kind.label} schedule read failed`, error);
    return new Date(now().getTime() + UNKNOWN_SCHEDULE_SECONDS * 1000).toISOString();
  }
}

/**
 * A kind's public list (or what `read` answers: a search), one statement; null with 503 when it cannot be read, so
 * the page says so.
 */
async function listData<Own extends object>(
  engine: Engine<Own>,
  read?: (taxonomy: Taxonomy) => Promise<Array<Content<Own>>>,
) {
  // A search needs the services and categories list first (it finds categories by their names); a list reads both at once.
  const taxonomyRead = taxonomyForPage();
  const records = await (read ? taxonomyRead.then(read) : engine.listPublic()).then(
    (found) => found.map(shownInEveryLanguage),
    (error: unknown) => (console.error(`${engine.kind.label} list failed`, error), null),
  );
  const [taxonomy, until] = await Promise.all([taxonomyRead, nextScheduled(engine)]);
  if (records === null) return { data: null, status: 503, tags: [], taxonomy };
  return { data: records, status: 200, tags: [engine.listTag, TAXONOMY_TAG], taxonomy, until };
}

/**
 * One record's page from its address (`param`: a slug or an id) or a preview token (DetailData). A kind with drafts
 * tags its 404 with the record's tag too (publishing the draft purges that 404), and every answer is kept no longer
 * than the kind's next scheduled publication.
 */
async function detailData<Own extends { slugs: Localized }>(
  engine: Engine<Own>,
  list: 'insights' | 'portfolio',
  param: string | undefined,
  lang: Language,
  preview: string | null,
): Promise<DetailData<Content<Own>>> {
  const pathsOf = (record: Content<Own>) => byLanguage((language) => contentPath(list, record, language));
  if (preview !== null) {
    const [claim, taxonomy] = await Promise.all([readPreviewToken(engine.kind.name, preview), taxonomyForPage()]);
    const record = 'id' in claim ? await engine.get(claim.id) : null;
    if (!record) {
      const status = 'error' in claim && claim.error === 'expired' ? 410 : 404;
      return { data: null, status, tags: [], taxonomy, preview: true };
    }
    const data = shownInEveryLanguage(record);
    return { data, status: 200, tags: [], taxonomy, preview: true, paths: pathsOf(data) };
  }
  const [found, taxonomy, until] = await Promise.all([
    param ? engine.resolvePublic(param, lang) : null,
    taxonomyForPage(),
    nextScheduled(engine),
  ]);
  if (!found) {
    const draftTags = engine.hasDrafts && isId(param) ? [engine.itemTag(param)] : [];
    return { data: null, status: 404, tags: [engine.listTag, ...draftTags], taxonomy, until };
  }
  const data = shownInEveryLanguage(found.record);
  const tags = [engine.listTag, engine.itemTag(data.id), TAXONOMY_TAG];
  const paths = pathsOf(data);
  if (!found.current) {
    return { data: null, status: 301, tags, taxonomy, until, redirect: localePath(lang, paths[lang]), paths };
  }
  return { data, status: 200, tags, taxonomy, until, paths };
}

/**
 * Related insights at the end of an article (docs/product.md, "Publishing"): public ones of its category, newest
 * first, then the newest of the others; `limit`, never itself. One statement.
 */
export async function relatedInsights(insight: Insight, limit = 3): Promise<Insight[]> {
  try {
    return (await insightContent.related(insight.id, insight.category, limit)).map(shownInEveryLanguage);
  } catch (error) {
    console.error('Related insights failed', error);
    return [];
  }
}

export function portfolioListData(): Promise<PageData<PortfolioItem[] | null>> {
  return listData(portfolioContent);
}

export function portfolioItemData(
  param: string | undefined,
  lang: Language = DEFAULT_LANGUAGE,
  preview: string | null = null,
): Promise<DetailData<PortfolioItem>> {
  return detailData(portfolioContent, 'portfolio', param, lang, preview);
}

/** `/insights`, or with `?q=` the insights that match it in the page's language, best first (src/features/content/search.ts). */
export function insightListData(query = '', lang: Language = DEFAULT_LANGUAGE): Promise<PageData<Insight[] | null>> {
  return listData(
    insightContent,
    async (taxonomy) => (await searchInsights(query, lang, taxonomy)) ?? (await insightContent.listPublic()),
  );
}

export function insightData(
  param: string | undefined,
  lang: Language = DEFAULT_LANGUAGE,
  preview: string | null = null,
): Promise<DetailData<Insight>> {
  return detailData(insightContent, 'insights', param, lang, preview);
}

export interface HomeData {
  portfolio: PortfolioItem[] | null;
  insights: Insight[] | null;
  /** The partners, clients and quotes, in their order; empty (the section is not shown) when none or unreadable. */
  team: PublicTeamMember[];
  clients: PublicClient[];
  testimonials: PublicTestimonial[];
}

/** A kind's newest four public records (one statement), or null (logged) when they cannot be read. */
function newestFour<Own extends object>(engine: Engine<Own>) {
  return engine.listPage({ cursor: null, limit: 4, q: '' }, true).then(
    (page) => page.items.map(shownInEveryLanguage),
    (error: unknown) => (console.error(`Home ${engine.kind.label} list failed`, error), null),
  );
}

/**
 * The first `limit` records of a kind listed by order (one statement), as the public sees them; none (logged) when
 * they cannot be read: the home page then leaves the section out rather than show an error among the firm's people.
 */
function firstInOrder<Own extends object, View>(
  engine: Engine<Own>,
  limit: number,
  view: (record: Content<Own>) => View,
): Promise<View[]> {
  return engine.listPage({ cursor: null, limit, q: '' }, true).then(
    (page) => page.items.map(view),
    (error: unknown) => (console.error(`Home ${engine.kind.label} list failed`, error), []),
  );
}

/** How many partners, client logos and quotes the home page shows at most. */
export const HOME_LIMITS = { team: 12, clients: 12, testimonials: 3 } as const;

/**
 * The landing page's newest four case studies and insights, and the team, clients and quotes. Each section
 * that cannot be read shows its error text; the rest of the page still renders.
 */
export async function homeData(): Promise<PageData<HomeData>> {
  const [portfolio, insights, team, clients, testimonials, taxonomy, until] = await Promise.all([
    newestFour(portfolioContent),
    newestFour(insightContent),
    firstInOrder(teamContent, HOME_LIMITS.team, publicTeamMember),
    firstInOrder(clientContent, HOME_LIMITS.clients, publicClient),
    firstInOrder(testimonialContent, HOME_LIMITS.testimonials, publicTestimonial),
    taxonomyForPage(),
    nextScheduled(insightContent),
  ]);
  return {
    data: { portfolio, insights, team, clients, testimonials },
    status: 200,
    tags: [
      portfolioContent.listTag,
      insightContent.listTag,
      teamContent.listTag,
      clientContent.listTag,
      testimonialContent.listTag,
      TAXONOMY_TAG,
    ],
    taxonomy,
    until,
  };
}

/**
 * docs/product.md, "Language": the language `/` shows a visitor. Their stored choice (the toggle sets the nf_lang
 * cookie beside localStorage) wins; otherwise the browser's first language when the site has it, in any variant
 * (`es-MX` is Spanish); otherwise the first language of the table.
 */
export function preferredLanguage(chosen: string | undefined, acceptLanguage: string | null): Language {
  if (isLanguage(chosen)) return chosen;
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return LANGUAGES.find((code) => first === code || first.startsWith(`${code}-`)) ?? DEFAULT_LANGUAGE;
}

/** The CDN keeps one copy of / per browser language and per stored choice. */
export const LANGUAGE_VARY = { 'Netlify-Vary': 'language,cookie=nf_lang', Vary: 'Accept-Language, Cookie' } as const;
