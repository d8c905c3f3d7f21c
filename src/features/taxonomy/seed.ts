import { SITE_DICTIONARIES } from '../../i18n/dictionaries';
import type { DictionaryKey } from '../../i18n/en';
import { byLanguage } from '../../i18n/languages';
import { SERVICE_OPTIONS } from '../leads/contact-schema';
import type { TaxonomyEntry } from './schema';

/** English category names as records store them, and their dictionary keys (src/i18n/index.ts). */
const CATEGORIES: Array<[name: string, key: DictionaryKey, uses: TaxonomyEntry['uses']]> = [
  ['AI Innovation', 'category.aiInnovation', ['insight']],
  ['Digital Transformation', 'category.digitalTransformation', ['portfolio', 'insight']],
  ['Investment Management', 'category.investmentManagement', ['insight']],
  ['AI-Driven Solutions', 'category.aiDrivenSolutions', ['portfolio']],
  ['Innovation & Startups', 'category.innovationStartups', ['portfolio']],
  ['Strategy Consulting', 'category.strategyConsulting', ['portfolio']],
  ['Strategic Investment', 'category.strategicInvestment', ['portfolio']],
  ['Technology Solutions', 'category.technologySolutions', ['portfolio']],
];

/** A dictionary text in every language: an entry's names. */
const names = (key: DictionaryKey) => byLanguage((language) => SITE_DICTIONARIES[language][key]);

/**
 * The list before the firm first edits it: today's services of the contact form (their stored values as keys) and
 * today's categories of case studies and insights (their English names, as records store them, as keys), named in
 * each language by its dictionary.
 */
export function defaultTaxonomyEntries(): TaxonomyEntry[] {
  return [
    ...SERVICE_OPTIONS.map((value) => ({ key: value, ...names(`service.${value}`), uses: ['service' as const] })),
    ...CATEGORIES.map(([name, key, uses]) => ({ key: name, ...names(key), uses })),
  ];
}
