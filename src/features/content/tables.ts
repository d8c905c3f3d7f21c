import { sql, type SQL } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { fallbackOrder, LANGUAGES, languageRow, type Language, type Localized } from '../../i18n/languages';
import { foldedSql } from '../../platform/db/search';
import { isoAt, oneOf, tsvector } from '../../platform/db/columns';
import { users } from '../accounts/tables';

/**
 * The search text of one language, folded (lower case, no accents): the title and slug (weight A: what the admin's
 * search matches), the description (B), the category as stored (C) and the body, its rich text without tags (D: an
 * article about "inteligencia artificial" that says so only in its text is found by it). Each twice: through the language's stemming
 * configuration (the table's `stemming`: "migraciones" finds "migración"), and through `simple`, whose words are kept
 * whole, so that a word typed in part still finds it by prefix ("governan" finds "governance", whose English stem is
 * "govern") and a stop word ("de", "the") is still a word.
 */
function searchVector(language: Language): SQL {
  const config = languageRow(language).stemming;
  // A text missing in a language is shown in another (`pick`, src/features/content/shown.ts), so it is found there.
  const shown = (field: string) => {
    const order = fallbackOrder(language).map((code) => `${field}->>'${code}'`);
    const last = order.pop();
    return `coalesce(${[...order.map((text) => `nullif(${text}, '')`), last].join(', ')})`;
  };
  const title = shown('"title"');
  const description = shown('"description"');
  // Tags and character references out (immutable, as a generated column needs): only the words of the text are left.
  const body = `regexp_replace(coalesce(${shown(`"fields"->'content'`)}, ''), '<[^>]*>|&#?[a-zA-Z0-9]+;', ' ', 'g')`;
  const part = (text: string, weight: 'A' | 'B' | 'C' | 'D') => {
    const folded = foldedSql(sql.raw(text));
    return sql`setweight(to_tsvector(${sql.raw(`'${config}'`)}, ${folded}), ${sql.raw(`'${weight}'`)}) || setweight(to_tsvector('simple', ${folded}), ${sql.raw(`'${weight}'`)})`;
  };
  return sql.join(
    [
      part(`${title} || ' ' || coalesce("slug", '')`, 'A'),
      part(description, 'B'),
      part(`coalesce("category", '')`, 'C'),
      part(body, 'D'),
    ],
    sql` || `,
  );
}

/** A language's search column, by the key the table gives it: `searchEn`, `searchEs`. */
export type SearchColumnKey = `search${Capitalize<Language>}`;
export function searchColumnKey(language: Language): SearchColumnKey {
  return `search${language.charAt(0).toUpperCase()}${language.slice(1)}` as SearchColumnKey;
}
const searchColumn = (language: Language) =>
  tsvector()
    .notNull()
    .generatedAlwaysAs(() => searchVector(language));
/** One generated search column per language of the table (`search_en`, `search_es`), each with its GIN index. */
const searchColumns = Object.fromEntries(
  LANGUAGES.map((language) => [searchColumnKey(language), searchColumn(language)]),
) as Record<SearchColumnKey, ReturnType<typeof searchColumn>>;

/**
 * Every kind of content (case studies, insights, investor updates, newsletter issues: src/features/content/engine.ts) in
 * one table with a `kind` column, rather than a table per kind: a new kind is a descriptor and nothing else (no
 * migration), and every kind shares the same list, search and version code. The columns are what lists sort, filter
 * and search on, plus the shared fields of every record as the record has them (id, the titles and descriptions as
 * `{ en, es }`, dates as ISO text, version); `fields` holds the rest of the validated record (the rich text, the image, the kind's own fields), which is only ever read whole.
 * `list_at`, `is_public`, `slug` and `category` are derived from the record by its kind's descriptor at each write
 * (in the same statement), never read back into it.
 */
export const content = pgTable(
  'content',
  {
    id: text().primaryKey(),
    kind: text().notNull(),
    version: integer().notNull(),
    createdAt: isoAt().notNull(),
    updatedAt: isoAt().notNull(),
    /** The date lists sort by, newest first: a case study's createdAt, an insight's publication date. */
    listAt: isoAt().notNull(),
    /** Whether the public (or, for investor updates, a signed-in account) may read it: false for a draft. */
    isPublic: boolean().notNull(),
    /**
     * Kinds with slugs (insights, case studies): the current slug of every language, space-separated, for the search
     * (uniqueness and old slugs: `content_slugs`).
     */
    slug: text(),
    category: text(),
    title: jsonb().$type<Localized>().notNull(),
    description: jsonb().$type<Localized>().notNull(),
    fields: jsonb().$type<Record<string, unknown>>().notNull(),
    ...searchColumns,
  },
  (table) => [
    index('content_newest').on(table.kind, table.listAt, table.id),
    index('content_public_newest')
      .on(table.kind, table.listAt, table.id)
      .where(sql`${table.isPublic}`),
    ...LANGUAGES.map((language) => index(`content_search_${language}`).using('gin', table[searchColumnKey(language)])),
    check('content_kind', sql`${table.kind} ~ '^[a-z][a-z-]{0,39}$'`),
    check('content_version', sql`${table.version} >= 1`),
  ],
);

/**
 * The public addresses of records (docs/decisions/0047-slugs-scheduling-and-revisions.md): a slug per kind and language,
 * unique (of editors racing for one slug, exactly one gets it). A record's current slug in each language is `current`;
 * the slugs it had before stay, pointing to it, so an old address answers 301 to the current one. A slug that is only
 * an old one of another record may be taken (its redirect then ends). Deleting the record deletes its slugs.
 */
export const contentSlugs = pgTable(
  'content_slugs',
  {
    kind: text().notNull(),
    language: text().notNull(),
    slug: text().notNull(),
    contentId: text().notNull(),
    current: boolean().notNull(),
  },
  (table) => [
    uniqueIndex('content_slugs_kind_language_slug').on(table.kind, table.language, table.slug),
    uniqueIndex('content_slugs_one_current')
      .on(table.contentId, table.language)
      .where(sql`${table.current}`),
    foreignKey({ columns: [table.contentId], foreignColumns: [content.id], name: 'content_slugs_content' }).onDelete(
      'cascade',
    ),
    check('content_slugs_language', oneOf(table.language, LANGUAGES)),
    check('content_slugs_slug', sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

/**
 * Every editor's save of a record (create, update, restore), written in the same transaction as the save: the whole
 * validated record as it was stored, who saved it and when. Kept as long as the record (deleted with it); the
 * dashboard compares and restores them (GET/POST /api/{kind}/{id}/revisions…).
 */
export const contentRevisions = pgTable(
  'content_revisions',
  {
    id: text().primaryKey(),
    contentId: text().notNull(),
    kind: text().notNull(),
    savedAt: isoAt().notNull(),
    /** The admin who saved it; null for a server's save (seeding) or once the account is deleted. */
    savedBy: text(),
    record: jsonb().$type<Record<string, unknown>>().notNull(),
    /**
     * Made by the editor's autosave: the next autosave of the same admin within AUTOSAVE_FOLD_MINUTES replaces it
     * instead of adding one (src/features/content/store.ts, `writeRevision`); a save pressed is always kept.
     */
    autosave: boolean().notNull().default(false),
  },
  (table) => [
    index('content_revisions_newest').on(table.contentId, table.savedAt, table.id),
    foreignKey({
      columns: [table.contentId],
      foreignColumns: [content.id],
      name: 'content_revisions_content',
    }).onDelete('cascade'),
    foreignKey({ columns: [table.savedBy], foreignColumns: [users.id], name: 'content_revisions_saved_by' }).onDelete(
      'set null',
    ),
  ],
);
