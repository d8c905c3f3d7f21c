import { en } from '../../i18n/en';
import { es } from '../../i18n/es';
import { SERVICE_OPTIONS } from '../leads/contact-schema';
import type { TaxonomyEntry } from './schema';

/** English category names as records store them, and their dictionary keys (src/i18n/index.ts). */
const CATEGORIES: Array<[name: string, key: keyof typeof en, uses: TaxonomyEntry['uses']]> = [
  ['AI Innovation', 'category.aiInnovation', ['insight']],
  ['Digital Transformation', 'category.digitalTransformation', ['portfolio', 'insight']],
  ['Investment Management', 'category.investmentManagement', ['insight']],
  ['AI-Driven Solutions', 'category.aiDrivenSolutions', ['portfolio']],
  ['Innovation & Startups', 'category.innovationStartups', ['portfolio']],
  ['Strategy Consulting', 'category.strategyConsulting', ['portfolio']],
  ['Strategic Investment', 'category.strategicInvestment', ['portfolio']],
  ['Technology Solutions', 'category.technologySolutions', ['portfolio']],
];

/**
 * The list before the firm first edits it: today's services of the contact form (their stored values as keys) and
 * today's categories of case studies and insights (their English names, as records store them, as keys).
 */
export function defaultTaxonomyEntries(): TaxonomyEntry[] {
  return [
    ...SERVICE_OPTIONS.map((value) => ({
      key: value,
      en: en[`service.${value}`],
      es: es[`service.${value}`],
      uses: ['service' as const],
    })),
    ...CATEGORIES.map(([name, key, uses]) => ({ key: name, en: String(en[key]), es: String(es[key]), uses })),
  ];
}
