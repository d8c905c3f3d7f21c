import { z } from 'zod';
import { byLanguage, DEFAULT_LANGUAGE, languageName, pick, type Language, type Localized } from '../../i18n/languages';
import { localizedShape } from '../../platform/common-schema';

/**
 * The firm's one list, named in every language, of services and categories (docs/product.md, "Services and categories"). An entry's
 * `key` is the value records store (a contact message's service, a case study's or insight's category): it never
 * changes once the entry exists, so renaming an entry renames it everywhere, and values records already hold (listed
 * or not) are kept and shown as they are.
 */
export const TAXONOMY_USES = ['service', 'portfolio', 'insight'] as const;
export type TaxonomyUse = (typeof TAXONOMY_USES)[number];
export const TAXONOMY_MAX_ENTRIES = 100;
export const TAXONOMY_NAME_MAX = 80;

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required`, abort: true })
    .max(TAXONOMY_NAME_MAX, { error: `${label} is too long (at most ${TAXONOMY_NAME_MAX} characters)` })
    .regex(/^[^\p{Cc}]+$/u, { error: `${label} has characters that are not allowed` });

/** An entry: its key, its name in each language of src/i18n/languages.ts (`en`, `es`), its uses. */
export const taxonomyEntrySchema = z.object({
  key: name('Key'),
  ...localizedShape((language) => name(`${languageName(language, DEFAULT_LANGUAGE)} name`)),
  uses: z
    .array(z.enum(TAXONOMY_USES), { error: 'Choose where the entry is used' })
    .min(1, { error: 'Choose where the entry is used' })
    .max(TAXONOMY_USES.length)
    .transform((uses) => TAXONOMY_USES.filter((use) => uses.includes(use))),
});
export type TaxonomyEntry = z.infer<typeof taxonomyEntrySchema>;

/** An entry as stored: a language it has no name in (one added since it was saved) reads as `pick` finds it. */
const storedTaxonomyEntrySchema = z.preprocess((raw) => {
  if (typeof raw !== 'object' || raw === null) return raw;
  const names = raw as Partial<Localized>;
  return { ...raw, ...byLanguage((language) => pick(names, language)) };
}, taxonomyEntrySchema);

/** The stored list; `version` goes up by one with each save (a save names the version it was made from). */
export const taxonomySchema = z.object({
  version: z.number().int().min(0),
  entries: z.array(storedTaxonomyEntrySchema).max(TAXONOMY_MAX_ENTRIES),
  updatedAt: z.string().nullable().default(null),
});
export type Taxonomy = z.infer<typeof taxonomySchema>;

/** PUT /api/taxonomy: the whole list, and the version it was edited from. Keys are unique. */
export const taxonomyInputSchema = z.object({
  version: z.number({ error: 'version is required' }).int().min(0),
  entries: z
    .array(taxonomyEntrySchema, { error: 'entries is required' })
    .max(TAXONOMY_MAX_ENTRIES, { error: `At most ${TAXONOMY_MAX_ENTRIES} entries` })
    .superRefine((entries, context) => {
      const seen = new Set<string>();
      entries.forEach((entry, index) => {
        const key = entry.key.toLowerCase();
        if (seen.has(key)) context.addIssue({ code: 'custom', message: 'Keys must be unique', path: [index, 'key'] });
        seen.add(key);
      });
    }),
});
export type TaxonomyInput = z.infer<typeof taxonomyInputSchema>;

/** The entries used for one purpose, in the list's order. */
export function entriesFor(taxonomy: Pick<Taxonomy, 'entries'>, use: TaxonomyUse): TaxonomyEntry[] {
  return taxonomy.entries.filter((entry) => entry.uses.includes(use));
}

/** A stored value's name in a language: the entry's when listed, else the value as it is. */
export function taxonomyLabel(taxonomy: Pick<Taxonomy, 'entries'>, value: string, language: Language): string {
  const entry = taxonomy.entries.find((candidate) => candidate.key === value);
  return entry ? entry[language] : value;
}
