import MiniSearch, { type SearchResult } from 'minisearch';
import { stemmer as englishStemmer } from '@orama/stemmers/english';
import { stemmer as spanishStemmer } from '@orama/stemmers/spanish';
import { languageRow, type Language, type TextSearchConfig } from '../../i18n/languages';

/**
 * Full-text search for the chat assistant, in English and Spanish (server
 * only: the chat panel never loads it). MiniSearch ranks (BM25+); this file
 * decides what a term is:
 *
 * - words are split on anything that is not a letter or a digit, so short
 *   terms and acronyms (AI, IA, ERP, ESG, B2B) stay whole; only one-letter
 *   words and stop words are dropped;
 * - a small bilingual synonym list maps words and phrases to one shared term
 *   (AI / IA / artificial intelligence / inteligencia artificial; insurer /
 *   seguros / aseguradora…), in documents and questions alike;
 * - every other word is stemmed with the Snowball stemmer of the index's
 *   language (Porter for English), then folded (case and accents), so
 *   aseguradoras and aseguradora, logística and logístico, or migrations and
 *   migration are one term.
 */

/** Case-folded and accent-folded. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * The Snowball stemmers a language's `stemming` (src/i18n/languages.ts) may name; a language whose stemmer is not
 * here (or `simple`) keeps its words unstemmed.
 */
const STEMMERS: Partial<Record<TextSearchConfig, (word: string) => string>> = {
  english: englishStemmer,
  spanish: spanishStemmer,
};
const unstemmed = (word: string) => word;

/** Shared terms of the synonym list start with this character, which no word contains. */
const SYNONYM = '§';

/**
 * The synonym list: each group's words and phrases (folded) become one term.
 * Kept small and unambiguous; stemming already joins the forms of one word.
 */
const SYNONYM_GROUPS: Record<string, string[]> = {
  ai: ['ai', 'ia', 'genai', 'artificial intelligence', 'inteligencia artificial'],
  ml: ['ml', 'machine learning', 'aprendizaje automatico'],
  insurance: [
    'insurer',
    'insurers',
    'insurance',
    'insurances',
    'insurtech',
    'seguro',
    'seguros',
    'aseguradora',
    'aseguradoras',
    'asegurador',
    'aseguradores',
  ],
  claims: ['claim', 'claims', 'siniestro', 'siniestros'],
  logistics: ['logistics', 'logistic', 'logistica', 'logisticas', 'logistico', 'logisticos'],
  erp: ['erp', 'erps', 'enterprise resource planning'],
  esg: ['esg', 'sustainability', 'sustainable', 'sostenibilidad', 'sostenible', 'sostenibles'],
  b2b: ['b2b', 'business to business'],
  startup: ['startup', 'startups', 'start up', 'start ups', 'empresa emergente', 'empresas emergentes'],
  duediligence: ['due diligence', 'diligencia debida'],
  forecast: ['forecast', 'forecasts', 'forecasting', 'prevision', 'previsiones', 'predecir', 'prediccion'],
  invest: [
    'invest',
    'invests',
    'investing',
    'investment',
    'investments',
    'investor',
    'investors',
    'inversion',
    'inversiones',
    'inversor',
    'inversores',
    'inversora',
    'invertir',
  ],
  governance: ['governance', 'gobernanza', 'gobierno'],
  health: ['health', 'healthcare', 'healthtech', 'salud', 'sanidad', 'sanitario', 'sanitaria'],
  retail: ['retail', 'retailer', 'retailers', 'minorista', 'minoristas'],
  manufacturing: ['manufacturer', 'manufacturers', 'manufacturing', 'fabricante', 'fabricantes'],
  usa: ['usa', 'ee uu', 'eeuu', 'estadounidense', 'estadounidenses'],
  spain: ['spain', 'spanish', 'espana', 'espanol', 'espanola', 'espanoles', 'espanolas'],
  agent: ['agent', 'agents', 'agente', 'agentes', 'agentic'],
  email: ['email', 'emails', 'e mail', 'mail', 'correo', 'correo electronico'],
  founded: ['founded', 'founding', 'fundada', 'fundado', 'fundo', 'fundaron', 'fundacion', 'nacio'],
  founder: ['founder', 'founders', 'fundador', 'fundadora', 'fundadores'],
};

/** Words that are a term only in capitals ("US investors", not "tell us"; "IT", not "it"). */
const CAPITALISED: Record<string, string> = { US: 'usa', IT: 'it' };

const SYNONYM_WORDS = new Map<string, string>();
/** Phrases by their first word: the rest of the words, longest first, and the shared term. */
const SYNONYM_PHRASES = new Map<string, Array<{ rest: string[]; term: string }>>();
for (const [group, members] of Object.entries(SYNONYM_GROUPS)) {
  for (const member of members) {
    const [first, ...rest] = member.split(' ') as [string, ...string[]];
    if (rest.length === 0) SYNONYM_WORDS.set(first, SYNONYM + group);
    else SYNONYM_PHRASES.set(first, [...(SYNONYM_PHRASES.get(first) ?? []), { rest, term: SYNONYM + group }]);
  }
}
for (const phrases of SYNONYM_PHRASES.values()) phrases.sort((a, b) => b.rest.length - a.rest.length);

/** Words that say nothing about a topic, folded: never indexed, never searched. */
const STOP_WORDS = new Set(
  // English
  (
    'a about above after again against all also am an and any are as at be because been before being below between ' +
    'both but by can could did do does doing done down during each few for from further had has have having he her ' +
    'here hers him his how i if in into is it its itself just me more most my no nor not now of off on once only or ' +
    'other our ours out over own same she should so some such than that the their theirs them then there these they ' +
    'this those through to too under until up very was we were what when where which while who whom why will with ' +
    'would you your yours us s t ll re ve d m isn aren don doesn didn won wasn without within ' +
    // Spanish
    'al algo algun alguna algunas alguno algunos ante antes aqui asi aun bien cada como con contra cual cuales ' +
    'cuando cuanto de del desde donde dos el ella ellas ello ellos en entre era eran es esa esas ese eso esos esta ' +
    'estaba estado estan estar este esto estos fue fueron ha habia han has hasta hay la las le les lo los mas me mi ' +
    'mis mucho muy nada ni no nos nosotros nuestra nuestras nuestro nuestros o otra otras otro otros para pero poco ' +
    'por porque que quien quienes se sea ser si sido sin sobre son su sus tambien tan te tiene tienen todo todos tu ' +
    'tus un una unas uno unos usted ustedes vosotros y ya yo'
  ).split(' '),
);

/**
 * Words of a question that ask rather than say what about ("tell me about",
 * "¿qué han hecho en…?"): dropped from questions only.
 */
const QUESTION_WORDS = new Set(
  (
    'tell know explain show give want like interested please thanks thank hello hi hey anything something ' +
    'kind sort type types info information details detail example examples experience work worked working ' +
    'help helped helping look looked looking company companies business project projects case cases ' +
    'cuenteme cuentame hableme hablame expliqueme explicame digame dime quiero quisiera querria gustaria saber ' +
    'conocer conocen informacion detalles ejemplo ejemplos hola gracias favor hecho hicieron hacen hace hizo ' +
    'puede pueden podria podrian tienen tiene tengo han experiencia trabajo trabajado trabajan ' +
    'ayuda ayudan ayudado ayudar ayudaron busco buscar buscamos empresa empresas compania companias negocio ' +
    'proyecto proyectos caso casos'
  ).split(' '),
);

export type AnalyzeMode = 'index' | 'query';

/**
 * The terms of a text as the index knows them: the words (letters and digits,
 * so "B2B" and "ERP" stay whole), synonyms as their shared term, the rest
 * stemmed in `lang` and folded; stop words and one-letter words dropped. A
 * question (`query`) also drops the words that only ask.
 */
export function analyze(text: string, lang: Language, mode: AnalyzeMode = 'index'): string[] {
  const raw = text.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? [];
  const words = raw.map(fold);
  const stem = STEMMERS[languageRow(lang).stemming] ?? unstemmed;
  const terms: string[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i]!;
    const phrase = SYNONYM_PHRASES.get(word)?.find(({ rest }) => rest.every((next, k) => words[i + 1 + k] === next));
    if (phrase) {
      terms.push(phrase.term);
      i += phrase.rest.length;
      continue;
    }
    const capitalised = CAPITALISED[raw[i]!];
    if (capitalised) {
      terms.push(SYNONYM + capitalised);
      continue;
    }
    if (STOP_WORDS.has(word) || (mode === 'query' && QUESTION_WORDS.has(word))) continue;
    if (word.length < 2 && !/\d/.test(word)) continue;
    const synonym = SYNONYM_WORDS.get(word);
    if (synonym) {
      terms.push(synonym);
      continue;
    }
    // Snowball's Spanish rules read accents, so the stemmer sees the word as written (lower case), then it is folded.
    terms.push(fold(stem(raw[i]!.toLowerCase())));
  }
  return terms;
}

/** One searchable piece of a page: a section of a case study or insight, or a part of the landing page. */
export interface Passage {
  /** Unique in the index. */
  id: string;
  /** The page it belongs to (its passages share it). */
  pageId: string;
  /** The page's title. */
  title: string;
  /** The passage's heading in the page, if any. */
  heading: string;
  text: string;
  /** Category, technologies, the kind of page: matched like the title. */
  keywords: string;
}

const FIELDS = ['title', 'heading', 'text', 'keywords'] as const;

/** A passage that matched, with the question's terms it matched. */
export interface PassageHit {
  passage: Passage;
  score: number;
  /** The question's terms this passage matched. */
  matched: string[];
}

/** A MiniSearch index of passages in one language, with this file's analysis. */
export class PassageIndex {
  private readonly search: MiniSearch<Passage>;
  private readonly byId = new Map<string, Passage>();

  constructor(
    readonly lang: Language,
    passages: Passage[],
  ) {
    this.search = new MiniSearch<Passage>({
      fields: [...FIELDS],
      storeFields: [],
      tokenize: (text) => analyze(text, lang, 'index'),
      // analyze() already made the terms.
      processTerm: (term) => term,
      searchOptions: {
        tokenize: (text) => analyze(text, lang, 'query'),
        processTerm: (term) => term,
        boost: { title: 2.5, heading: 1.5, keywords: 3, text: 1 },
        // A typo in a longer word still matches (one edit), at a lower weight; stems and shared terms match exactly.
        fuzzy: (term) => (term.length >= 6 && !term.startsWith(SYNONYM) ? 1 : false),
        prefix: false,
        combineWith: 'OR',
      },
    });
    this.search.addAll(passages);
    for (const passage of passages) this.byId.set(passage.id, passage);
  }

  get size(): number {
    return this.byId.size;
  }

  /** The distinct terms a question is searched with. */
  queryTerms(question: string): string[] {
    return [...new Set(analyze(question, this.lang, 'query'))];
  }

  /** Passages matching the question, best first. */
  find(question: string): PassageHit[] {
    if (this.queryTerms(question).length === 0) return [];
    return this.search.search(question).map((result: SearchResult) => ({
      passage: this.byId.get(result.id as string)!,
      score: result.score,
      matched: result.queryTerms,
    }));
  }

  passage(id: string): Passage | undefined {
    return this.byId.get(id);
  }
}
