import { localePath, useTranslations } from '../../i18n';
import type { Language } from '../../i18n/languages';
import type { ChatMessage, ChatSource, ChatSourceType } from './schema';
import { asSource, sentences, type Knowledge, type KnowledgePage } from './knowledge';
import { analyze, type Passage, type PassageHit } from './search';

/**
 * From a question (and the conversation before it) to the pages that answer
 * it: the built-in assistant's answer, and the bounded context the model gets.
 */

/** A page that matched, with its passages that matched, best first. */
export interface RankedPage {
  page: KnowledgePage;
  score: number;
  hits: PassageHit[];
  /** The question's terms the page matched. */
  matched: Set<string>;
}

export interface Retrieval {
  /** The question's search terms (none: the question names no topic, as in "What do you do?"). */
  terms: string[];
  /** Best first. */
  pages: RankedPage[];
  /** Whether the best page answers the question well enough to offer it as the answer. */
  confident: boolean;
}

/** A page the previous answer linked to weighs this much more for a follow-up question. */
const LINKED_BOOST = 1.5;
/** What the visitor asked just before weighs this much against the new question. */
const EARLIER_WEIGHT = 0.3;
/** The best page must match at least this share of the question's terms to be given as the answer. */
const MIN_COVERAGE = 0.5;

const MARKDOWN_LINK = /\[([^\]\n]*)\]\((\/[^)\s]*)\)/g;

/** The pages a text links to (`[title](/path)`), in order, without repeats. */
export function linkedPages(knowledge: Knowledge, text: string): KnowledgePage[] {
  const ids = new Set<string>();
  for (const [, , url] of text.matchAll(MARKDOWN_LINK)) {
    for (const id of knowledge.byUrl.get(url!) ?? []) ids.add(id);
  }
  return [...ids].map((id) => knowledge.pages.get(id)!);
}

/** The sources of an answer: the site's pages it links to (section links count once per section). */
export function answerSources(knowledge: Knowledge, text: string): ChatSource[] {
  const seen = new Set<string>();
  const sources: ChatSource[] = [];
  for (const [, , url] of text.matchAll(MARKDOWN_LINK)) {
    const ids = knowledge.byUrl.get(url!);
    if (!ids || seen.has(url!)) continue;
    seen.add(url!);
    // A section's cards share its URL: the one named by the link's text, else the first.
    const page = ids
      .map((id) => knowledge.pages.get(id)!)
      .find((candidate) => text.includes(`[${linkText(candidate.title)}](${url})`));
    sources.push(asSource(page ?? knowledge.pages.get(ids[0]!)!));
  }
  return sources;
}

/**
 * The pages that answer `question`, best first. The conversation helps a
 * follow-up: the pages the last answer linked to weigh more, and the
 * visitor's previous two messages weigh a little; "tell me more" (no topic
 * words) continues with the pages the last answer linked to.
 */
export function retrieve(knowledge: Knowledge, question: string, history: ChatMessage[] = []): Retrieval {
  const { index } = knowledge;
  const terms = index.queryTerms(question);
  const lastAnswer = history.findLast((message) => message.role === 'assistant');
  const linked = new Set(lastAnswer ? linkedPages(knowledge, lastAnswer.content).map((page) => page.id) : []);
  const earlier = history
    .filter((message) => message.role === 'user')
    .slice(-2)
    .map((message) => message.content)
    .join('\n');

  const hits = new Map<string, PassageHit>();
  for (const hit of index.find(question)) {
    hits.set(hit.passage.id, { ...hit, score: hit.score * (linked.has(hit.passage.pageId) ? LINKED_BOOST : 1) });
  }
  if (earlier) {
    for (const hit of index.find(earlier)) {
      const current = hits.get(hit.passage.id);
      if (current) current.score += EARLIER_WEIGHT * hit.score;
      else hits.set(hit.passage.id, { passage: hit.passage, score: EARLIER_WEIGHT * hit.score, matched: [] });
    }
  }
  if (terms.length === 0) {
    // "Tell me more": the pages just linked to, in their own order.
    for (const pageId of linked) {
      const passages = knowledge.passagesOf.get(pageId) ?? [];
      passages.forEach((passage, n) => {
        const current = hits.get(passage.id);
        const score = 1 / (n + 1);
        if (current) current.score += score;
        else hits.set(passage.id, { passage, score, matched: [] });
      });
    }
  }

  const byPage = new Map<string, PassageHit[]>();
  for (const hit of hits.values()) byPage.set(hit.passage.pageId, [...(byPage.get(hit.passage.pageId) ?? []), hit]);
  const pages: RankedPage[] = [...byPage].map(([pageId, pageHits]) => {
    pageHits.sort((a, b) => b.score - a.score);
    return {
      page: knowledge.pages.get(pageId)!,
      // The best passage, plus a little for a second one: a page that answers in several places ranks higher.
      score: pageHits[0]!.score + 0.3 * (pageHits[1]?.score ?? 0),
      hits: pageHits,
      matched: new Set(pageHits.flatMap((hit) => hit.matched)),
    };
  });
  pages.sort((a, b) => b.score - a.score);
  const best = pages[0];
  const confident = best
    ? terms.length > 0
      ? best.matched.size / terms.length >= MIN_COVERAGE
      : linked.has(best.page.id)
    : false;
  return { terms, pages, confident };
}

/** A title as a Markdown link's text. */
function linkText(title: string): string {
  return title.replace(/[[\]\n]/g, ' ').trim();
}

export function markdownLink(title: string, url: string): string {
  return `[${linkText(title)}](${url})`;
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}

/**
 * The passage's sentences that best answer the question: the one holding most of
 * its terms (the first one on a tie), and for the best page the next best too.
 */
function excerpt(passage: Passage, terms: string[], lang: Language, sentencesWanted: number, max: number): string {
  const wanted = new Set(terms);
  // A case study's list of technologies says little on its own: not an excerpt.
  const technologies = `${useTranslations(lang)('portfolio.technologiesUsed')}:`;
  const candidates = sentences(passage.text).filter((sentence) => !sentence.startsWith(technologies));
  const scored = (candidates.length ? candidates : [passage.text]).map((sentence, position) => ({
    sentence,
    position,
    score: new Set(analyze(sentence, lang).filter((term) => wanted.has(term))).size,
  }));
  const chosen = [...scored]
    .sort((a, b) => b.score - a.score || a.position - b.position)
    .slice(0, sentencesWanted)
    .sort((a, b) => a.position - b.position);
  let text = '';
  for (const { sentence } of chosen) {
    if (text && text.length + sentence.length + 1 > max) break;
    text = text ? `${text} ${sentence}` : sentence;
  }
  return clip(text, max);
}

/** At most this many pages in a built-in answer, and only those scoring at least this share of the best. */
const ANSWER_PAGES = 3;
const ANSWER_MIN_SHARE = 0.35;

/** The landing page's cards a question with no topic ("What do you do?") is answered with. */
const OVERVIEW = ['services-strategy', 'services-innovation', 'services-ai', 'investment-sourcing'];

/**
 * The assistant with no model: the best pages for the question, each as a
 * link (relative path, title as its text) with the passage's sentences that
 * answer it, in the visitor's language; or, when nothing answers well enough,
 * says it does not know (and how to reach the team).
 */
export function builtInAnswer(knowledge: Knowledge, retrieval: Retrieval): string {
  const { lang } = knowledge;
  const t = useTranslations(lang);
  const contactUrl = `${localePath(lang, '/')}#contact`;
  if (!retrieval.confident) {
    if (retrieval.terms.length === 0 && retrieval.pages.length === 0) {
      const lines = OVERVIEW.map((id) => knowledge.pages.get(id)!).map(
        (page) => `• ${markdownLink(page.title, page.url)}: ${page.summary}`,
      );
      return `${t('assistant.overview')}\n\n${lines.join('\n')}\n\n${t('assistant.offerContact')}`;
    }
    return t('assistant.unknown', { contactUrl });
  }
  const best = retrieval.pages[0]!.score;
  // Pages close to the best; for a question with topic words, only pages that match one of them.
  const pages = retrieval.pages
    .filter((ranked) => ranked.score >= ANSWER_MIN_SHARE * best)
    .filter((ranked) => retrieval.terms.length === 0 || ranked.matched.size > 0)
    .slice(0, ANSWER_PAGES);
  const lines = pages.map((ranked, n) => {
    const text = excerpt(ranked.hits[0]!.passage, retrieval.terms, lang, n === 0 ? 2 : 1, n === 0 ? 360 : 240);
    return `• ${markdownLink(ranked.page.title, ranked.page.url)}: ${text}`;
  });
  return `${t('assistant.found')}\n\n${lines.join('\n')}\n\n${t('assistant.offerContact')}`;
}

/** How the model is told what a page is (its instructions are in English). */
const TYPE_NAMES: Record<ChatSourceType, string> = {
  portfolio: 'Case study',
  insight: 'Insight (article)',
  services: 'Service (landing page)',
  investment: 'Investment approach (landing page)',
  about: 'About the firm (landing page)',
  contact: 'Contact (landing page)',
};

/** At most this many pages, and passages per page, go to the model. */
const CONTEXT_PAGES = 5;
const CONTEXT_PASSAGES_PER_PAGE = 2;
const CONTEXT_PASSAGE_CHARS = 1200;

function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** What the model reads: the best pages' passages, within `maxBytes` (UTF-8). */
export interface ModelContext {
  text: string;
  pages: KnowledgePage[];
}

/**
 * The model's knowledge for one message: the best pages for the question and
 * the conversation, each with its summary and its best passages, until
 * `maxBytes`; when nothing matches, the landing page's sections. Its size
 * depends on the budget, never on how much the firm has published.
 */
export function modelContext(knowledge: Knowledge, retrieval: Retrieval, maxBytes: number): ModelContext {
  const ranked: Array<{ page: KnowledgePage; hits: PassageHit[] }> = retrieval.pages.length
    ? retrieval.pages.slice(0, CONTEXT_PAGES)
    : [...knowledge.pages.values()]
        .filter((page) => page.type !== 'portfolio' && page.type !== 'insight')
        .map((page) => ({ page, hits: [] }));
  const blocks: string[] = [];
  const pages: KnowledgePage[] = [];
  let used = 0;
  for (const { page, hits } of ranked) {
    // The page's summary (for a case study: its description, figures and technologies), then its best passages.
    const [summary, ...rest] = knowledge.passagesOf.get(page.id) ?? [];
    const best = hits
      .map((hit) => hit.passage)
      .filter((passage) => passage !== summary)
      .slice(0, CONTEXT_PASSAGES_PER_PAGE)
      .sort((a, b) => rest.indexOf(a) - rest.indexOf(b));
    const lines = best.map(
      ({ heading, text }) => `- ${heading ? `${heading}: ` : ''}${clip(text, CONTEXT_PASSAGE_CHARS)}`,
    );
    // The page with as many of its passages as fit; a page that does not fit even alone ends the list.
    let block = `## ${TYPE_NAMES[page.type]}: ${page.title}\nLink: ${page.url}\n${clip(summary?.text ?? page.summary, CONTEXT_PASSAGE_CHARS)}`;
    for (const line of lines) {
      const longer = `${block}\n${line}`;
      if (used + utf8Bytes(longer) + 2 > maxBytes) break;
      block = longer;
    }
    if (used + utf8Bytes(block) + 2 > maxBytes) break;
    blocks.push(block);
    pages.push(page);
    used += utf8Bytes(block) + 2;
  }
  return { text: blocks.join('\n\n'), pages };
}
