import { and, desc, eq, gt, inArray, lte, min, or, sql, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { z } from 'zod';
import { byLanguage, LANGUAGES, languageRow, type Language, type Localized } from '../../i18n/languages';
import { storedLocalizedSchema } from '../../platform/common-schema';
import type { SearchWord } from './search';
import { database, type Queryable } from '../../platform/db/client';
import { now } from '../../platform/clock';
import { newId } from '../../platform/ids';
import { users } from '../accounts/tables';
import { olderThan, toPage, type Page, type PageQuery } from '../../platform/db/paging';
import { content, contentRevisions, contentSlugs, searchColumnKey } from './tables';
import { searchWords } from '../../platform/db/search';
import type { ContentRecord } from './schema';

/**
 * What a kind derives from a record for the columns its lists sort (`listAt`, ISO), filter and search on, and its
 * slugs (kinds with public addresses), written to `content_slugs`.
 */
export type IndexKeys = {
  listAt: string;
  isPublic: boolean;
  slugs: Localized | null;
  category: string | null;
};

/** A save that would give a record a slug another record has (in the same kind and language). */
export class SlugTaken extends Error {}

/** Who made an editor's save, written beside the record as a revision. */
export type SavedBy = string | null;

/** How long a run of autosaves by one admin stays one revision: the newest autosave replaces it until then. */
export const AUTOSAVE_FOLD_MINUTES = 10;

/** One save of a record, as the revisions list shows it. */
export interface RevisionSummary {
  id: string;
  savedAt: string;
  savedBy: { id: string; name: string } | null;
  title: Localized;
  /**
   * What this save changed from the one before (null: the first save): the record's fields by name, a text's per
   * language as `{field}.{language}` (`title.es`, `content.en`); `updatedAt` and `version` left out.
   */
  changes: string[] | null;
}

/**
 * The `changes` of a revision (RevisionSummary), in SQL: each field of either record that differs, a field whose value
 * has a key per language (a text, slugs, metrics) per language.
 */
function revisionChanges(record: SQL, previous: SQL): SQL<string[] | null> {
  const languages = sql`array[${sql.join(
    LANGUAGES.map((language) => sql`${language}`),
    sql`, `,
  )}]::text[]`;
  // Each record's fields read once (jsonb_each), then compared; a value keyed by language, per language.
  const localized = sql`(jsonb_typeof(fields.now) = 'object' and jsonb_typeof(fields.before) = 'object'
    and fields.now ?| ${languages})`;
  return sql<string[] | null>`case when ${previous} is null then null else array(
    select distinct case when parts.language is null then fields.key else fields.key || '.' || parts.language end
    from (
      select coalesce(now.key, before.key) as key, now.value as now, before.value as before
      from jsonb_each(${record}) as now full join jsonb_each(${previous}) as before on now.key = before.key
    ) as fields
    cross join lateral (
      select language from unnest(${languages}) as language
        where ${localized} and (fields.now -> language) is distinct from (fields.before -> language)
      union all select null where not ${localized}
    ) as parts
    where fields.key not in ('id', 'version', 'updatedAt') and fields.now is distinct from fields.before
    order by 1
  ) end`;
}

/** What a slug found: the record's id, and whether the slug is its current one in the language asked. */
export interface SlugMatch {
  id: string;
  current: boolean;
}

/** A language's search vector (src/features/content/tables.ts). */
const vector = (language: Language) => content[searchColumnKey(language)];

/**
 * A word's prefix (or, `whole`, the word itself) as the language stems it or as written (`simple`); weight A: in the
 * title or slug only.
 */
function wordQuery(word: string, language: Language, weight: 'A' | '' = '', whole = false): SQL {
  const config = sql.raw(`'${languageRow(language).stemming}'`);
  const operand = `${word}:${whole ? '' : '*'}${weight}`.replace(/:$/, '');
  return sql`(to_tsquery(${config}, ${operand}) || to_tsquery('simple', ${operand}))`;
}

/** The records of one kind in the `content` table. Every call is one statement (batch writes: one per 100 records). */
export class ContentCollection<T extends ContentRecord> {
  constructor(
    private readonly kind: {
      name: string;
      schema: z.ZodType<T>;
      keys(record: T): IndexKeys;
      /** Public only from its list date on (scheduled publication), as of the clock's now (src/platform/clock.ts). */
      scheduled: boolean;
    },
  ) {}

  /** Rows as records; a row that does not parse is skipped (and logged), never allowed to break a page. */
  private parse(rows: Array<typeof content.$inferSelect>): T[] {
    return rows.flatMap(({ id, title, description, createdAt, updatedAt, version, fields }) => {
      const parsed = this.kind.schema.safeParse({ ...fields, id, title, description, createdAt, updatedAt, version });
      if (parsed.success) return [parsed.data];
      console.error(`Skipping a malformed ${this.kind.name} record`, parsed.error.issues.slice(0, 3));
      return [];
    });
  }

  private values(record: T) {
    const { id, title, description, createdAt, updatedAt, version, ...fields } = record;
    const { slugs, ...keys } = this.kind.keys(record);
    const slug = slugs ? Object.values(slugs).join(' ') : null;
    return { id, kind: this.kind.name, title, description, createdAt, updatedAt, version, fields, slug, ...keys };
  }

  /** What the public may read: not a draft, and (kinds with scheduling) its time has come. */
  private publicOnly(): SQL | undefined {
    const scheduled = this.kind.scheduled ? lte(content.listAt, now().toISOString()) : undefined;
    return and(eq(content.isPublic, true), scheduled);
  }

  private of(publicOnly: boolean, ...conditions: Array<SQL | undefined>): SQL | undefined {
    return and(eq(content.kind, this.kind.name), publicOnly ? this.publicOnly() : undefined, ...conditions);
  }

  /**
   * Makes `slugs` the record's current slugs (two statements): each language's other slugs stay as old ones (their
   * addresses redirect). A slug another record has as its current one is SlugTaken (rolling the caller's transaction
   * back); one that is only another record's old slug is taken over.
   */
  private async writeSlugs(db: Queryable, id: string, slugs: Localized | null, isNew = false): Promise<void> {
    const given = Object.entries(slugs ?? {}).filter(([, slug]) => slug !== '');
    if (given.length === 0) return;
    if (!isNew) await this.retireSlugs(db, id, given);
    const taken = await db
      .insert(contentSlugs)
      .values(given.map(([language, slug]) => ({ kind: this.kind.name, language, slug, contentId: id, current: true })))
      .onConflictDoUpdate({
        target: [contentSlugs.kind, contentSlugs.language, contentSlugs.slug],
        set: { contentId: id, current: true },
        where: sql`${contentSlugs.contentId} = ${id} OR NOT ${contentSlugs.current}`,
      })
      .returning({ id: contentSlugs.contentId });
    if (taken.length !== given.length) throw new SlugTaken();
  }

  /** Makes a record's slugs other than `kept` old ones. */
  private async retireSlugs(db: Queryable, id: string, kept: Array<[string, string]>): Promise<void> {
    const pairs = sql.join(
      kept.map(([language, slug]) => sql`(${language}, ${slug})`),
      sql`, `,
    );
    await db
      .update(contentSlugs)
      .set({ current: false })
      .where(
        and(eq(contentSlugs.contentId, id), sql`(${contentSlugs.language}, ${contentSlugs.slug}) NOT IN (${pairs})`),
      );
  }

  /**
   * Batch writes (seeding, tests): the records' slugs in one statement (and one more for `replace`, making a stored
   * record's other slugs old ones). A slug another record has as its current one is left to it: the record has no
   * address in that language then, and its id address still answers.
   */
  private async putSlugs(db: Queryable, records: T[], replace: boolean): Promise<void> {
    const rows = new Map<string, typeof contentSlugs.$inferInsert>();
    for (const record of records) {
      for (const [language, slug] of Object.entries(this.kind.keys(record).slugs ?? {})) {
        const key = `${language}/${slug}`;
        if (slug && !rows.has(key))
          rows.set(key, { kind: this.kind.name, language, slug, contentId: record.id, current: true });
      }
    }
    if (rows.size === 0) return;
    if (replace) {
      const ids = records.map((record) => record.id);
      await db.update(contentSlugs).set({ current: false }).where(inArray(contentSlugs.contentId, ids));
    }
    await db
      .insert(contentSlugs)
      .values([...rows.values()])
      .onConflictDoUpdate({
        target: [contentSlugs.kind, contentSlugs.language, contentSlugs.slug],
        set: { contentId: sql`excluded.content_id`, current: true },
        where: sql`${contentSlugs.contentId} = excluded.content_id OR NOT ${contentSlugs.current}`,
      });
  }

  /**
   * Keeps a save as a revision. An autosave (`autosave`, the editor's own while a draft is typed) replaces the newest
   * revision instead when that one is an autosave of the same admin less than AUTOSAVE_FOLD_MINUTES old: a pause in
   * typing every few seconds does not add a revision each time. A save an admin presses is always a revision of its own.
   */
  private async writeRevision(db: Queryable, record: T, savedBy: SavedBy, autosave = false): Promise<void> {
    const { id, updatedAt } = record;
    if (autosave && savedBy !== null) {
      const newest = db
        .select({ id: contentRevisions.id })
        .from(contentRevisions)
        .where(and(eq(contentRevisions.contentId, id), eq(contentRevisions.kind, this.kind.name)))
        .orderBy(desc(contentRevisions.savedAt), desc(contentRevisions.id))
        .limit(1);
      const folded = await db
        .update(contentRevisions)
        .set({ savedAt: updatedAt, record: record })
        .where(
          and(
            inArray(contentRevisions.id, newest),
            eq(contentRevisions.autosave, true),
            eq(contentRevisions.savedBy, savedBy),
            gt(
              contentRevisions.savedAt,
              new Date(Date.parse(updatedAt) - AUTOSAVE_FOLD_MINUTES * 60_000).toISOString(),
            ),
          ),
        )
        .returning({ id: contentRevisions.id });
      if (folded.length === 1) return;
    }
    await db.insert(contentRevisions).values({
      id: newId(Date.parse(updatedAt)),
      contentId: id,
      kind: this.kind.name,
      savedAt: updatedAt,
      savedBy,
      record: record as Record<string, unknown>,
      autosave,
    });
  }

  private rows(where: SQL | undefined, limit?: number, ...order: SQL[]) {
    const query = database()
      .select()
      .from(content)
      .where(where)
      .orderBy(...order, desc(content.listAt), desc(content.id))
      .$dynamic();
    return limit === undefined ? query : query.limit(limit);
  }

  async get(id: string, publicOnly = false): Promise<T | null> {
    return this.parse(await this.rows(this.of(publicOnly, eq(content.id, id))))[0] ?? null;
  }

  /** Every record (or every public one), newest first by list date: for feeds, the sitemap, the chat's knowledge. */
  async all(publicOnly = false): Promise<T[]> {
    return this.parse(await this.rows(this.of(publicOnly)));
  }

  /** A keyset page, newest first; `q` (admins): a word of the title or slug begins with each word typed. */
  async page(query: PageQuery, publicOnly = false): Promise<Page<T>> {
    const matches = searchWords(query.q).map((word) =>
      or(...LANGUAGES.map((language) => sql`${vector(language)} @@ ${wordQuery(word, language, 'A')}`)),
    );
    const after = olderThan(content.listAt, content.id, query.cursor);
    const rows = await this.rows(this.of(publicOnly, after, ...matches), query.limit + 1);
    const page = toPage(rows, query.limit, (row) => ({ at: new Date(row.listAt), id: row.id }));
    return { items: this.parse(page.items), next: page.next };
  }

  /**
   * Public records with every word in one language's search text (title, slug, description, category, body), or in
   * their category's name; best first, then newest.
   */
  async search(words: SearchWord[], language: Language, limit: number): Promise<T[]> {
    if (words.length === 0) return [];
    const queries = words.map(({ word, whole }) => wordQuery(word, language, '', whole));
    const matches = words.map(({ categories }, index) =>
      or(sql`${vector(language)} @@ ${queries[index]}`, inArray(content.category, categories)),
    );
    const rank = sql`ts_rank(${vector(language)}, ${sql.join(queries, sql` && `)})`;
    return this.parse(await this.rows(this.of(true, ...matches), limit, desc(rank)));
  }

  /**
   * A public record by one of its slugs (in any language; the page's language first), or null: which record, and
   * whether the slug is its current one in `language` (else the page redirects to that).
   */
  async bySlug(slug: string, language: Language): Promise<{ record: T; current: boolean } | null> {
    const rows = await database()
      .select({ row: content, language: contentSlugs.language, current: contentSlugs.current })
      .from(contentSlugs)
      .innerJoin(content, eq(content.id, contentSlugs.contentId))
      .where(and(eq(contentSlugs.kind, this.kind.name), eq(contentSlugs.slug, slug), this.of(true)))
      .orderBy(sql`${contentSlugs.language} = ${language} desc`, desc(contentSlugs.current))
      .limit(1);
    const found = rows[0];
    const record = found ? this.parse([found.row])[0] : undefined;
    return record ? { record, current: found!.current && found!.language === language } : null;
  }

  /** Public records other than `id`: those of `category` first, then the rest; newest first in each. */
  async related(id: string, category: string, limit: number): Promise<T[]> {
    const first = sql`${content.category} IS NOT DISTINCT FROM ${category} DESC`;
    return this.parse(await this.rows(this.of(true, sql`${content.id} <> ${id}`), limit, first));
  }

  /** The earliest list date still to come of a record that is public but scheduled (ISO), or null. */
  async nextScheduled(): Promise<string | null> {
    if (!this.kind.scheduled) return null;
    const where = and(
      eq(content.kind, this.kind.name),
      eq(content.isPublic, true),
      gt(content.listAt, now().toISOString()),
    );
    const rows = await database()
      .select({ at: min(content.listAt) })
      .from(content)
      .where(where);
    const at = rows[0]?.at;
    return at ? new Date(at).toISOString() : null;
  }

  /** Adds a new record, its slugs and its first revision, in one transaction. SlugTaken when a slug is another record's. */
  async insert(record: T, savedBy: SavedBy): Promise<void> {
    await database().transaction(async (tx) => {
      await tx.insert(content).values(this.values(record));
      await this.writeSlugs(tx, record.id, this.kind.keys(record).slugs, true);
      await this.writeRevision(tx, record, savedBy);
    });
  }

  /**
   * Replaces the record stored at `version` (`UPDATE … WHERE version = $v`), its slugs (unless the same as
   * `previous`'s) and a revision (`savedBy`; undefined: a server's change, no revision; `autosave`: the editor's own,
   * see `writeRevision`), in one transaction: false when it is not there any more.
   */
  async replace(record: T, version: number, savedBy?: SavedBy, previous?: T, autosave = false): Promise<boolean> {
    const stored = this.of(false, eq(content.id, record.id), eq(content.version, version));
    const slugs = this.kind.keys(record).slugs;
    const sameSlugs = previous && JSON.stringify(this.kind.keys(previous).slugs) === JSON.stringify(slugs);
    return database().transaction(async (tx) => {
      const rows = await tx.update(content).set(this.values(record)).where(stored).returning({ id: content.id });
      if (rows.length !== 1) return false;
      if (!sameSlugs) await this.writeSlugs(tx, record.id, slugs);
      if (savedBy !== undefined) await this.writeRevision(tx, record, savedBy, autosave);
      return true;
    });
  }

  /**
   * A record's saves, newest first: when, who, the title, and what changed since the save before (`changes`, null
   * for the first). One statement that answers only those: the records are compared where they are stored, not read.
   */
  async revisions(id: string): Promise<RevisionSummary[]> {
    const ordered = database()
      .select({
        id: contentRevisions.id,
        savedAt: contentRevisions.savedAt,
        savedBy: contentRevisions.savedBy,
        record: contentRevisions.record,
        previous:
          sql<unknown>`lag(${contentRevisions.record}) over (order by ${contentRevisions.savedAt}, ${contentRevisions.id})`.as(
            'previous',
          ),
      })
      .from(contentRevisions)
      .where(and(eq(contentRevisions.contentId, id), eq(contentRevisions.kind, this.kind.name)))
      .as('ordered');
    const rows = await database()
      .select({
        id: ordered.id,
        savedAt: ordered.savedAt,
        userId: users.id,
        username: users.username,
        title: sql<unknown>`${ordered.record} -> 'title'`,
        changes: revisionChanges(sql`${ordered.record}`, sql`${ordered.previous}`),
      })
      .from(ordered)
      .leftJoin(users, eq(users.id, ordered.savedBy))
      .orderBy(desc(ordered.savedAt), desc(ordered.id));
    return rows.map((row) => ({
      id: row.id,
      savedAt: row.savedAt,
      savedBy: row.userId && row.username ? { id: row.userId, name: row.username } : null,
      title: storedLocalizedSchema.catch(() => byLanguage(() => '')).parse(row.title),
      changes: row.changes,
    }));
  }

  /** One save of a record, as it was stored; null when there is none. */
  async revision(id: string, revisionId: string): Promise<T | null> {
    const rows = await database()
      .select({ record: contentRevisions.record })
      .from(contentRevisions)
      .where(
        and(
          eq(contentRevisions.id, revisionId),
          eq(contentRevisions.contentId, id),
          eq(contentRevisions.kind, this.kind.name),
        ),
      );
    return rows[0] ? (this.parse([this.asRow(rows[0].record)])[0] ?? null) : null;
  }

  /** A revision's record in the shape of a row, so that it is read (and normalised) as one. */
  private asRow(record: Record<string, unknown>): typeof content.$inferSelect {
    const { id, title, description, createdAt, updatedAt, version, ...fields } = record;
    return { id, title, description, createdAt, updatedAt, version, fields } as typeof content.$inferSelect;
  }

  async remove(id: string): Promise<boolean> {
    const stored = this.of(false, eq(content.id, id));
    const rows = await database().delete(content).where(stored).returning({ id: content.id });
    return rows.length === 1;
  }

  /**
   * Writes records, 100 a statement: a stored id is replaced (`replace`: tests, benchmarks) or skipped, as is a stored
   * slug (seeding: seeds racing with the same ids store each record once). Answers how many were written.
   */
  async putMany(records: T[], replace = false): Promise<number> {
    let written = 0;
    for (let start = 0; start < records.length; start += 100) {
      const values = records.slice(start, start + 100).map((record) => this.values(record));
      const set = Object.fromEntries(
        Object.keys(values[0]!).map((key) => [key, sql.raw(`excluded.${toSnakeCase(key)}`)]),
      );
      const ids = await database().transaction(async (tx) => {
        const insert = tx.insert(content).values(values);
        const upsert = replace ? insert.onConflictDoUpdate({ target: content.id, set }) : insert.onConflictDoNothing();
        const stored = new Set((await upsert.returning({ id: content.id })).map((row) => row.id));
        await this.putSlugs(
          tx,
          records.slice(start, start + 100).filter((record) => stored.has(record.id)),
          replace,
        );
        return stored;
      });
      written += ids.size;
    }
    return written;
  }

  async isEmpty(): Promise<boolean> {
    return (await this.rows(this.of(false), 1)).length === 0;
  }
}
