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
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../i18n/languages';
import { isId } from '../platform/ids';
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
}

type Engine<Own extends object> = ContentEngine<Own, ContentInput>;

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
  const taxonomy = await taxonomyRead;
  if (records === null) return { data: null, status: 503, tags: [], taxonomy };
  return { data: records, status: 200, tags: [engine.listTag, TAXONOMY_TAG], taxonomy };
}

/**
 * One public record, or null with 404. A kind with drafts tags its 404 with
 * the record's tag too: publishing the draft purges that 404.
 */
async function itemData<Own extends object>(engine: Engine<Own>, id: string | undefined) {
  const [record, taxonomy] = await Promise.all([isId(id) ? engine.getPublic(id) : null, taxonomyForPage()]);
  if (record)
    return {
      data: shownInEveryLanguage(record),
      status: 200,
      tags: [engine.listTag, engine.itemTag(record.id), TAXONOMY_TAG],
      taxonomy,
    };
  const draftTags = engine.hasDrafts && isId(id) ? [engine.itemTag(id)] : [];
  return { data: null, status: 404, tags: [engine.listTag, ...draftTags], taxonomy };
}

export function portfolioListData(): Promise<PageData<PortfolioItem[] | null>> {
  return listData(portfolioContent);
}

export function portfolioItemData(id: string | undefined): Promise<PageData<PortfolioItem | null>> {
  return itemData(portfolioContent, id);
}

/** `/insights`, or with `?q=` the insights that match it in the page's language, best first (src/features/content/search.ts). */
export function insightListData(query = '', lang: Language = DEFAULT_LANGUAGE): Promise<PageData<Insight[] | null>> {
  return listData(
    insightContent,
    async (taxonomy) => (await searchInsights(query, lang, taxonomy)) ?? (await insightContent.listPublic()),
  );
}

export function insightData(id: string | undefined): Promise<PageData<Insight | null>> {
  return itemData(insightContent, id);
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
  const [portfolio, insights, team, clients, testimonials, taxonomy] = await Promise.all([
    newestFour(portfolioContent),
    newestFour(insightContent),
    firstInOrder(teamContent, HOME_LIMITS.team, publicTeamMember),
    firstInOrder(clientContent, HOME_LIMITS.clients, publicClient),
    firstInOrder(testimonialContent, HOME_LIMITS.testimonials, publicTestimonial),
    taxonomyForPage(),
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
