import type { Language } from '../../i18n/languages';
import { SERVICE_OPTIONS } from '../leads/contact-schema';
import { defaultTaxonomyEntries } from './seed';
import { entriesFor, taxonomyLabel, type Taxonomy, type TaxonomyUse } from './schema';
import { getTaxonomy } from './store';

/**
 * The CDN cache tag of every page that shows names from the list (the home page's practices, contact form and cards,
 * the case-study and insight lists and pages: src/features/content/page-data.ts); purged on save.
 */
export const TAXONOMY_TAG = 'taxonomy';

/** The list, or the seeded one when it cannot be read (a page still renders, with today's names). */
export async function taxonomyForPage(): Promise<Taxonomy> {
  try {
    return await getTaxonomy();
  } catch (error) {
    console.error('The services and categories list could not be read', error instanceof Error ? error.message : '');
    return { version: 0, entries: defaultTaxonomyEntries(), updatedAt: null };
  }
}

/** The options of a select for one use, named in the page's language. */
export function taxonomyOptions(
  taxonomy: Taxonomy,
  use: TaxonomyUse,
  language: Language,
): Array<{ value: string; label: string }> {
  return entriesFor(taxonomy, use).map((entry) => ({
    value: entry.key,
    label: taxonomyLabel(taxonomy, entry.key, language),
  }));
}

/**
 * Whether the contact form may store this service: one the list offers now, or one of the form's original values
 * (a page cached before a change, or a value records already hold, stays valid).
 */
export async function isAllowedService(value: string): Promise<boolean> {
  if ((SERVICE_OPTIONS as readonly string[]).includes(value)) return true;
  return entriesFor(await getTaxonomy(), 'service').some((entry) => entry.key === value);
}
