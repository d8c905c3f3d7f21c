import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { z } from 'zod';
import { LANGUAGES, languageRow, type Language } from '../../i18n/languages';
import type { SearchWord } from './search';
import { database } from '../../platform/db/client';
import { olderThan, toPage, type Page, type PageQuery } from '../../platform/db/paging';
import { content, searchColumnKey } from './tables';
import { searchWords } from '../../platform/db/search';
import type { ContentRecord } from './schema';

/** What a kind derives from a record for the columns its lists sort (`listAt`, ISO), filter and search on. */
export type IndexKeys = { listAt: string; isPublic: boolean; slug: string | null; category: string | null };

/** A save that would give a kind two records with one slug (the unique index refused it). */
export class SlugTaken extends Error {}

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
  constructor(private readonly kind: { name: string; schema: z.ZodType<T>; keys(record: T): IndexKeys }) {}

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
    const keys = this.kind.keys(record);
    return { id, kind: this.kind.name, title, description, createdAt, updatedAt, version, fields, ...keys };
  }

  private of(publicOnly: boolean, ...conditions: Array<SQL | undefined>): SQL | undefined {
    return and(eq(content.kind, this.kind.name), publicOnly ? eq(content.isPublic, true) : undefined, ...conditions);
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

  /** Runs a write, answering SlugTaken for a clash on the kind's slug (pg's error, which Drizzle's wraps). */
  private async write<R>(run: Promise<R>): Promise<R> {
    try {
      return await run;
    } catch (error: unknown) {
      const clash = (error as { cause?: { constraint?: string } })?.cause?.constraint === 'content_kind_slug';
      throw clash ? new SlugTaken() : error;
    }
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

  /** Adds a new record. SlugTaken when its slug is another record's. */
  async insert(record: T): Promise<void> {
    await this.write(database().insert(content).values(this.values(record)));
  }

  /** Replaces the record stored at `version` (`UPDATE … WHERE version = $v`): false when it is not there any more. */
  async replace(record: T, version: number): Promise<boolean> {
    const stored = this.of(false, eq(content.id, record.id), eq(content.version, version));
    const rows = await this.write(database().update(content).set(this.values(record)).where(stored).returning());
    return rows.length === 1;
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
      const insert = database().insert(content).values(values);
      const upsert = replace ? insert.onConflictDoUpdate({ target: content.id, set }) : insert.onConflictDoNothing();
      written += (await this.write(upsert.returning({ id: content.id }))).length;
    }
    return written;
  }

  async isEmpty(): Promise<boolean> {
    return (await this.rows(this.of(false), 1)).length === 0;
  }
}
