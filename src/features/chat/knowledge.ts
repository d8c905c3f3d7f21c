import { createHash } from 'node:crypto';
import { localePath, useTranslations } from '../../i18n';
import { INVESTMENT_CARDS, INVESTMENT_VALUES, SERVICE_CARDS, SERVICE_POINTS } from '../../i18n/cards';
import { pick, type Language } from '../../i18n/languages';
import { insightContent } from '../content/insights';
import { contentPath } from '../content/publishing-schema';
import { portfolioContent } from '../content/portfolio';
import { sanitizeRichText } from '../../platform/sanitize';
import type { ChatSource, ChatSourceType } from './schema';
import type { Localized } from '../../platform/common-schema';
import { taxonomyLabel, type Taxonomy } from '../taxonomy/schema';
import { taxonomyForPage } from '../taxonomy/taxonomy';
import { site } from '../../platform/site';
import { PassageIndex, type Passage } from './search';

/**
 * What the chat assistant knows: the site's own pages in one language (the
 * published case studies and insights, whole, and the landing page's
 * services, investment, about and contact sections), cut into passages and
 * indexed for full-text search (./search.ts).
 *
 * The index is built once per content change and kept in this module's
 * memory (one per language, per warm function instance). Each chat message
 * reads the two public lists (one query each: src/features/content/engine.ts,
 * `listPublic`) and the services and categories list that names their
 * categories (one query), and derives the content's version
 * from them: every record's id, version and update time, and the list's version. Every
 * write the content engine makes (create, update, publish, delete, a seed)
 * changes that version, so the next message builds a new index; otherwise
 * the cached one answers. The landing page's texts come from the
 * dictionaries, which change only with a deploy (a new instance).
 */

/** One page the assistant can cite. */
export interface KnowledgePage {
  /** `portfolio:{id}`, `insight:{id}`, or the landing section's name. */
  id: string;
  type: ChatSourceType;
  title: string;
  /** The page's relative path in the visitor's language (`/es/portfolio/{id}`, `/#services`). */
  url: string;
  /** What the page is about, in a sentence or two (the description, or the section's text). */
  summary: string;
}

/** The site's pages in one language, their passages and the index over them. */
export interface Knowledge {
  lang: Language;
  /** The content's version this was built from. */
  version: string;
  pages: Map<string, KnowledgePage>;
  /** The pages at each relative URL (the landing page's cards share their section's). */
  byUrl: Map<string, string[]>;
  /** Each page's passages in page order. */
  passagesOf: Map<string, Passage[]>;
  index: PassageIndex;
}

/** A page as a source card: its title, type and relative URL. */
export function asSource(page: KnowledgePage): ChatSource {
  return { title: page.title, url: page.url, type: page.type };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? match;
  });
}

function plainText(html: string): string {
  return decodeEntities(html.replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A rich-text body as sections (a heading and its paragraphs), read from the
 * sanitised HTML (Quill's formats only: headings, paragraphs, list items,
 * quotes), so nothing an editor could not write is read as text.
 */
export function htmlSections(html: string): Array<{ heading: string; paragraphs: string[] }> {
  const clean = sanitizeRichText(html);
  const sections: Array<{ heading: string; paragraphs: string[] }> = [{ heading: '', paragraphs: [] }];
  const blocks = clean.matchAll(/<(h[1-6]|p|li|blockquote|pre)\b[^>]*>([\s\S]*?)<\/\1>/gi);
  let found = false;
  for (const [, tag, inner] of blocks) {
    found = true;
    const text = plainText(inner ?? '');
    if (!text) continue;
    if (/^h[1-6]$/i.test(tag!)) sections.push({ heading: text, paragraphs: [] });
    else sections.at(-1)!.paragraphs.push(text);
  }
  if (!found) {
    const text = plainText(clean);
    if (text) sections[0]!.paragraphs.push(text);
  }
  return sections.filter((section) => section.paragraphs.length > 0);
}

/** About this long a passage: a few paragraphs, enough to answer from, small enough to rank well. */
const PASSAGE_CHARS = 900;

/** A text's sentences: split after . ! ? or … before a capital, not after an abbreviation in capitals ("EE. UU."). */
export function sentences(text: string): string[] {
  return text.split(/(?<![\s(]\p{Lu}{1,3}\.|^\p{Lu}{1,3}\.)(?<=[.!?…])\s+(?=[\p{Lu}¿¡"“«(\d])/u).filter(Boolean);
}

/** Paragraphs joined into passages of at most about PASSAGE_CHARS; a longer paragraph is cut between sentences. */
function chunk(paragraphs: string[]): string[] {
  const pieces = paragraphs.flatMap((paragraph) =>
    paragraph.length <= PASSAGE_CHARS ? [paragraph] : sentences(paragraph),
  );
  const chunks: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (current && current.length + piece.length + 1 > PASSAGE_CHARS) {
      chunks.push(current);
      current = '';
    }
    current = current ? `${current} ${piece}` : piece;
  }
  if (current) chunks.push(current);
  return chunks;
}

/** The language's text, or the one `pick` falls back to when a record lacks it. */
function inLanguage(text: Localized, lang: Language): string {
  return pick(text, lang);
}

class KnowledgeBuilder {
  readonly pages = new Map<string, KnowledgePage>();
  readonly passagesOf = new Map<string, Passage[]>();

  add(page: KnowledgePage, passages: Array<{ heading?: string; text: string; keywords?: string }>): void {
    this.pages.set(page.id, page);
    this.passagesOf.set(
      page.id,
      passages
        .filter((passage) => passage.text.trim())
        .map((passage, n) => ({
          id: `${page.id}#${n}`,
          pageId: page.id,
          title: page.title,
          heading: passage.heading ?? '',
          text: passage.text,
          keywords: passage.keywords ?? '',
        })),
    );
  }

  /** A case study or an insight: its summary (description, figures, technologies) and its body's sections. */
  addArticle(page: KnowledgePage, body: string, summary: string, keywords: string): void {
    const sections = htmlSections(body).flatMap(({ heading, paragraphs }) =>
      chunk(paragraphs).map((text) => ({ heading, text })),
    );
    this.add(page, [{ text: summary, keywords }, ...sections]);
  }
}

type PortfolioRecord = Awaited<ReturnType<typeof portfolioContent.listPublic>>[number];
type InsightRecord = Awaited<ReturnType<typeof insightContent.listPublic>>[number];

/** The landing page's sections, from the dictionaries. */
function addLandingSections(builder: KnowledgeBuilder, lang: Language): void {
  const t = useTranslations(lang);
  const home = localePath(lang, '/');
  const servicesIntro = `${t('services.title')}. ${t('services.subtitle')}`;
  for (const card of SERVICE_CARDS) {
    const points = SERVICE_POINTS.map((n) => t(`services.${card}.point${n}`));
    builder.add(
      {
        id: `services-${card}`,
        type: 'services',
        title: t(`services.${card}.title`),
        url: `${home}#services`,
        summary: t(`services.${card}.description`),
      },
      [
        {
          text: `${t(`services.${card}.description`)} ${points.join('. ')}. ${servicesIntro}`,
          keywords: t('nav.services'),
        },
      ],
    );
  }
  const investmentIntro = `${t('investment.title')}. ${t('investment.subtitle')}`;
  for (const card of INVESTMENT_CARDS) {
    const values = INVESTMENT_VALUES.map((n) => t(`investment.${card}.value${n}`));
    builder.add(
      {
        id: `investment-${card}`,
        type: 'investment',
        title: t(`investment.${card}.title`),
        url: `${home}#investment`,
        summary: t(`investment.${card}.description`),
      },
      [
        {
          text: `${t(`investment.${card}.description`)} ${values.join('. ')}. ${investmentIntro} ${t('investment.cta.text')}`,
          keywords: t('nav.investment'),
        },
      ],
    );
  }
  builder.add({ id: 'about', type: 'about', title: t('about.title'), url: `${home}#about`, summary: t('about.p1') }, [
    {
      text: `${t('about.p1')} ${t('about.p2')}`,
      keywords: `${t('nav.about')}. ${site.name}. ${site.ceo.name}, ${t('about.ceoRole')}`,
    },
    {
      heading: t('about.ceoRole'),
      text: [
        `${site.ceo.name}, ${t('about.ceoRole')}: “${t('about.ceoQuote')}”`,
        `${t('about.stat1.label')}: ${t('about.stat1.value')}. ${t('about.stat2.label')}: ${t('about.stat2.value')}. ${t('about.stat3.label')}: ${t('about.stat3.value')}.`,
      ].join(' '),
      keywords: `${t('nav.about')}. ${site.name}`,
    },
  ]);
  const { address } = site;
  builder.add(
    {
      id: 'contact',
      type: 'contact',
      title: t('contact.title'),
      url: `${home}#contact`,
      summary: t('contact.subtitle'),
    },
    [
      {
        text: [
          t('contact.subtitle'),
          `${t('contact.emailLabel')}: ${site.email}. ${t('contact.officeLabel')}: ${address.street}, ${address.postalCode} ${address.city}.`,
          `${t('contact.form.title')}: ${t('contact.form.text')}`,
          `${t('contact.video.title')}: ${t('contact.video.text')}`,
          `${t('contact.newsletter.title')}: ${t('contact.newsletter.text')}`,
        ].join(' '),
        keywords: `${t('nav.contact')}. ${t('contact.emailLabel')}. ${t('contact.officeLabel')}`,
      },
    ],
  );
}

function addCaseStudy(builder: KnowledgeBuilder, item: PortfolioRecord, lang: Language, taxonomy: Taxonomy): void {
  const t = useTranslations(lang);
  const description = inLanguage(item.description, lang);
  const metrics = item.metrics[lang].map((metric) => `${metric.label}: ${metric.value}`).join('; ');
  const technologies = item.technologies.join(', ');
  const summary = [
    description,
    metrics && `${t('portfolio.keyResults')}: ${metrics}.`,
    technologies && `${t('portfolio.technologiesUsed')}: ${technologies}.`,
  ]
    .filter(Boolean)
    .join(' ');
  const keywords = [
    item.category ? taxonomyLabel(taxonomy, item.category, lang) : '',
    technologies,
    t('nav.portfolio'),
  ].join('. ');
  builder.addArticle(
    {
      id: `portfolio:${item.id}`,
      type: 'portfolio',
      title: inLanguage(item.title, lang),
      url: localePath(lang, contentPath('portfolio', item, lang)),
      summary: description,
    },
    inLanguage(item.content, lang),
    summary,
    keywords,
  );
}

function addInsight(builder: KnowledgeBuilder, insight: InsightRecord, lang: Language, taxonomy: Taxonomy): void {
  const t = useTranslations(lang);
  const description = inLanguage(insight.description, lang);
  builder.addArticle(
    {
      id: `insight:${insight.id}`,
      type: 'insight',
      title: inLanguage(insight.title, lang),
      url: localePath(lang, contentPath('insights', insight, lang)),
      summary: description,
    },
    inLanguage(insight.content, lang),
    description,
    [taxonomyLabel(taxonomy, insight.category, lang), insight.author, t('nav.insights')].join('. '),
  );
}

/** Builds the knowledge of one language from the public records (no caching: see `siteKnowledge`). */
export function buildKnowledge(
  lang: Language,
  portfolio: PortfolioRecord[],
  insights: InsightRecord[],
  taxonomy: Taxonomy,
  version = '',
): Knowledge {
  const builder = new KnowledgeBuilder();
  addLandingSections(builder, lang);
  for (const item of portfolio) addCaseStudy(builder, item, lang, taxonomy);
  for (const insight of insights) addInsight(builder, insight, lang, taxonomy);
  const passages = [...builder.passagesOf.values()].flat();
  const byUrl = new Map<string, string[]>();
  for (const page of builder.pages.values()) byUrl.set(page.url, [...(byUrl.get(page.url) ?? []), page.id]);
  return {
    lang,
    version,
    pages: builder.pages,
    byUrl,
    passagesOf: builder.passagesOf,
    index: new PassageIndex(lang, passages),
  };
}

/**
 * The version of the public content: changes with every write the content engine makes, and with each save of the
 * services and categories list (it names the categories).
 */
function contentVersion(portfolio: PortfolioRecord[], insights: InsightRecord[], taxonomy: Taxonomy): string {
  const hash = createHash('sha256');
  hash.update(`taxonomy:${taxonomy.version}:${taxonomy.updatedAt ?? ''}\n`);
  for (const [kind, records] of [
    ['portfolio', portfolio],
    ['insight', insights],
  ] as const) {
    for (const record of records) hash.update(`${kind}:${record.id}:${record.version}:${record.updatedAt}\n`);
  }
  return hash.digest('base64url');
}

const cache = new Map<Language, Knowledge>();

/**
 * The site's knowledge in one language: built on the first message after a
 * content change, then reused (see the top of this file).
 */
export async function siteKnowledge(lang: Language): Promise<Knowledge> {
  const [portfolio, insights, taxonomy] = await Promise.all([
    portfolioContent.listPublic(),
    insightContent.listPublic(),
    taxonomyForPage(),
  ]);
  const version = contentVersion(portfolio, insights, taxonomy);
  const cached = cache.get(lang);
  if (cached?.version === version) return cached;
  const knowledge = buildKnowledge(lang, portfolio, insights, taxonomy, version);
  cache.set(lang, knowledge);
  return knowledge;
}
