import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { database } from '../db/client';
import { olderThan, toPage, type Page, type PageQuery } from '../db/paging';
import { content } from '../db/schema';
import { foldText } from '../db/search';
import type { ContentRecord } from '../schemas/content';

/** What a kind derives from a record for the columns its lists sort, filter and search on (never read back). */
export interface IndexKeys {
  /** The list date (ISO): lists are newest first by it. */
  listAt: string;
  isPublic: boolean;
  slug: string | null;
  category: string | null;
}

/** A save that would give a kind two records with one slug (the unique index refused it). */
export class SlugTaken extends Error {}

/** A public search's words, and for each the categories whose name (in the page's language) one of its words begins with. */
export interface SearchWord {
  word: string;
  categories: string[];
}

/** At most this many words of a search are matched (the rest are ignored). */
const MAX_WORDS = 8;

/**
 * The words of a search (folded: lower case, no accents), letters and digits only, so that `word:*` is always a
 * valid tsquery operand whatever was typed.
 */
export function searchWords(q: string): string[] {
  return foldText(q)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
}

type Row = typeof content.$inferSelect;
type Language = 'en' | 'es';

const CONFIG = { en: sql.raw(`'english'`), es: sql.raw(`'spanish'`) } as const;
const VECTOR = { en: content.searchEn, es: content.searchEs } as const;

/**
 * One word as a query on one language's vector (src/lib/db/schema/content.ts): a prefix of a word as the language
 * stems it, or as written (`simple`), optionally only in the title and slug (weight A).
 */
function wordQuery(word: string, language: Language, titleOnly: boolean): SQL {
  const operand = `${word}:*${titleOnly ? 'A' : ''}`;
  return sql`(to_tsquery(${CONFIG[language]}, ${operand}) || to_tsquery('simple', ${operand}))`;
}

/** Unique violations reach us as pg's error, possibly wrapped by Drizzle (its `cause`). */
function uniqueViolation(error: unknown): string | null {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as Error & { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? '';
  }
  return null;
}

/** Rows written per statement by `putMany`. */
const BATCH = 100;

/**
 * The records of one kind of content in the `content` table (src/lib/db/schema/content.ts): the shared fields in
 * columns, the rest in `fields`, and the columns the kind derives (`IndexKeys`). Every call is one statement (a
 * batch write, one per 100 records).
 */
export class ContentCollection<T extends ContentRecord> {
  constructor(
    private readonly kind: string,
    private readonly schema: z.ZodType<T>,
    private readonly keys: (record: T) => IndexKeys,
  ) {}

  private parse(row: Row): T | null {
    const parsed = this.schema.safeParse({
      id: row.id,
      title: { en: row.titleEn, es: row.titleEs },
      description: { en: row.descriptionEn, es: row.descriptionEs },
      ...row.fields,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      version: row.version,
    });
    if (parsed.success) return parsed.data;
    // A record that does not parse is skipped, never allowed to break a page.
    console.error(`Skipping a malformed ${this.kind} record`, parsed.error.issues.slice(0, 3));
    return null;
  }

  private parseAll(rows: Row[]): T[] {
    return rows.map((row) => this.parse(row)).filter((record): record is T => record !== null);
  }

  private values(record: T): typeof content.$inferInsert {
    const { id, title, description, createdAt, updatedAt, version, ...fields } = record;
    const keys = this.keys(record);
    return {
      id,
      kind: this.kind,
      version,
      createdAt: new Date(createdAt),
      updatedAt: new Date(updatedAt),
      listAt: new Date(keys.listAt),
      isPublic: keys.isPublic,
      slug: keys.slug,
      category: keys.category,
      titleEn: title.en,
      titleEs: title.es,
      descriptionEn: description.en,
      descriptionEs: description.es,
      fields,
    };
  }

  private ofKind(...conditions: Array<SQL | undefined>): SQL | undefined {
    return and(eq(content.kind, this.kind), ...conditions);
  }

  private newest() {
    return [desc(content.listAt), desc(content.id)];
  }

  /** Runs a write, answering SlugTaken for a clash on the kind's slug. */
  private async write<R>(run: () => Promise<R>): Promise<R> {
    try {
      return await run();
    } catch (error) {
      if (uniqueViolation(error) === 'content_kind_slug') throw new SlugTaken();
      throw error;
    }
  }

  async get(id: string, publicOnly = false): Promise<T | null> {
    const [row] = await database()
      .select()
      .from(content)
      .where(this.ofKind(eq(content.id, id), publicOnly ? eq(content.isPublic, true) : undefined));
    return row ? this.parse(row) : null;
  }

  /** Every record (or every public one), newest first by list date: for feeds, the sitemap, the chat's knowledge. */
  async all(publicOnly = false): Promise<T[]> {
    const rows = await database()
      .select()
      .from(content)
      .where(this.ofKind(publicOnly ? eq(content.isPublic, true) : undefined))
      .orderBy(...this.newest());
    return this.parseAll(rows);
  }

  /**
   * A page, newest first by list date, after the cursor's record (keyset: the same cost at any size). `q` (admins):
   * only records whose title (either language) or slug holds a word beginning with each word typed.
   */
  async page(query: PageQuery, publicOnly = false): Promise<Page<T>> {
    const words = searchWords(query.q);
    const matches = words.map(
      (word) =>
        or(
          sql`${content.searchEn} @@ ${wordQuery(word, 'en', true)}`,
          sql`${content.searchEs} @@ ${wordQuery(word, 'es', true)}`,
        ) as SQL,
    );
    const rows = await database()
      .select()
      .from(content)
      .where(
        this.ofKind(
          publicOnly ? eq(content.isPublic, true) : undefined,
          olderThan(content.listAt, content.id, query.cursor),
          ...matches,
        ),
      )
      .orderBy(...this.newest())
      .limit(query.limit + 1);
    const page = toPage(rows, query.limit, (row) => ({ at: row.listAt, id: row.id }));
    return { items: this.parseAll(page.items), next: page.next };
  }

  /**
   * Public records matching every word in one language's title, description or category (or whose category's name
   * begins with the word: `categories`), best match first, then newest. At most `limit`.
   */
  async search(words: SearchWord[], language: Language, limit: number): Promise<T[]> {
    if (words.length === 0) return [];
    const vector = VECTOR[language];
    const queries = words.map(({ word }) => wordQuery(word, language, false));
    const matches = words.map(({ categories }, index) => {
      const inVector = sql`${vector} @@ ${queries[index]}`;
      return categories.length ? (or(inVector, inArray(content.category, categories)) as SQL) : inVector;
    });
    const rank = sql`ts_rank(${vector}, ${sql.join(queries, sql` && `)})`;
    const rows = await database()
      .select()
      .from(content)
      .where(this.ofKind(eq(content.isPublic, true), ...matches))
      .orderBy(desc(rank), ...this.newest())
      .limit(limit);
    return this.parseAll(rows);
  }

  /** Adds a new record. SlugTaken when its slug is another record's. */
  async insert(record: T): Promise<void> {
    await this.write(() => database().insert(content).values(this.values(record)));
  }

  /**
   * Replaces the record stored at `version` by `record`, in one statement (`UPDATE … WHERE version = $v`): false when
   * there is no such record at that version any more. SlugTaken when its new slug is another record's.
   */
  async replace(record: T, version: number): Promise<boolean> {
    const { id, kind, ...values } = this.values(record);
    void kind;
    const rows = await this.write(() =>
      database()
        .update(content)
        .set(values)
        .where(this.ofKind(eq(content.id, id), eq(content.version, version)))
        .returning({ id: content.id }),
    );
    return rows.length === 1;
  }

  /** Deletes a record; answers it as it was, or null when there was none. */
  async remove(id: string): Promise<T | null> {
    const [row] = await database()
      .delete(content)
      .where(this.ofKind(eq(content.id, id)))
      .returning();
    return row ? this.parse(row) : null;
  }

  /** Writes many records (a record with the same id is replaced): seeding, tests and benchmarks. */
  async putMany(records: T[]): Promise<void> {
    for (let start = 0; start < records.length; start += BATCH) {
      const values = records.slice(start, start + BATCH).map((record) => this.values(record));
      await this.write(() =>
        database()
          .insert(content)
          .values(values)
          .onConflictDoUpdate({
            target: content.id,
            set: Object.fromEntries(
              Object.keys(values[0] ?? {})
                .filter((key) => key !== 'id')
                .map((key) => [key, sql.raw(`excluded.${snakeCase(key)}`)]),
            ),
          }),
      );
    }
  }

  /**
   * Seeding: writes the records that are not there yet (by id or slug), in one statement per 100; seeds racing with
   * the same ids store each record once. Answers how many were written.
   */
  async seed(records: T[]): Promise<number> {
    let written = 0;
    for (let start = 0; start < records.length; start += BATCH) {
      const values = records.slice(start, start + BATCH).map((record) => this.values(record));
      const rows = await database().insert(content).values(values).onConflictDoNothing().returning({ id: content.id });
      written += rows.length;
    }
    return written;
  }

  async isEmpty(): Promise<boolean> {
    const rows = await database().select({ id: content.id }).from(content).where(this.ofKind()).limit(1);
    return rows.length === 0;
  }
}

function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}
