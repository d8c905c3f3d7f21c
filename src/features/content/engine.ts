import type { z } from 'zod';
import { purgeTags } from '../../platform/cache';
import type { Page, PageQuery } from '../../platform/db/paging';
import { now } from '../../platform/clock';
import { Conflict } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { sanitizeRichText } from '../../platform/sanitize';
import { assertUploadedImageExists } from '../uploads/uploads';
import { byLanguage, type Language, type Localized } from '../../i18n/languages';
import { isId } from '../../platform/ids';
import type { ContentInput, ContentRecord } from './schema';
import { ContentCollection, SlugTaken, type IndexKeys, type RevisionSummary, type SavedBy } from './store';
import type { SearchWord } from './search';

export const STALE_EDIT =
  'Someone else changed this item since you opened it. Reload to see their changes, then edit again.';

/** A record of a kind: the shared fields and the kind's own. */
export type Content<Own extends object> = ContentRecord & Own;

/** What a kind adds to the shared create/update steps. A hook that throws a DomainError (src/platform/errors.ts) refuses the change. */
export interface ContentHooks<Own extends object> {
  /** Before a record is written by an editor; `previous` is null for a new one. */
  beforeWrite?(record: Content<Own>, previous: Content<Own> | null): Promise<void>;
}

/** The dates a kind's own fields may depend on, as ISO strings. */
export interface WriteTimes {
  /** The record's creation date, as it will be stored. */
  createdAt: string;
  /** This write's time. */
  now: string;
  /**
   * 1, or the try of a write whose slug made from the title was another record's: the kind then adds `-{try}` to the
   * slugs it made (never to one an editor gave).
   */
  slugTry: number;
}

/** How many slugs made from a title a write tries (`title`, `title-2`, …) before answering 409. */
const SLUG_TRIES = 20;

/**
 * Everything that makes one kind of content differ from another. A new kind is one descriptor, its schemas and its
 * own fields: the engine does the rest (storage in the `content` table, versions, sanitising, the check that an
 * uploaded image exists, cache purges), and needs no migration.
 */
export interface ContentKind<Own extends object, Input extends ContentInput> {
  /** Its `kind` in the `content` table (src/features/content/tables.ts): lower-case letters and hyphens. */
  name: string;
  /** Names it in "… not found" answers and in logs. */
  label: string;
  /** A stored record, normalised on read (see `storedContentSchema`). */
  storedSchema: z.ZodType<Content<Own>>;
  /** The body of a create or an update. */
  inputSchema: z.ZodType<Input, unknown>;
  /** CDN cache tags: the list's, and `${itemPrefix}-${id}` for one record. */
  cacheTags: { list: string; itemPrefix: string };
  /** The kind's own fields from an editor's input; `previous` is null for a new record. */
  ownFields(input: Input, previous: Content<Own> | null, times: WriteTimes): Own;
  /** The date (ISO) lists sort by, newest first (ties: the newer id first); default `createdAt`. */
  listTime?(record: Content<Own>): string;
  /** Kinds with drafts: what the public may see. Without it, every record is public. */
  isPublic?(record: Content<Own>): boolean;
  /**
   * Scheduled publication: a public record is shown only from its list date on (a future one: when it comes, without
   * a write; as of src/platform/clock.ts).
   */
  scheduled?: boolean;
  /**
   * Kinds with public addresses: a record's slug in every language, unique within the kind and language (a unique
   * index: of editors racing for one slug, exactly one gets it), and what the others hear (409, field `slug`). A
   * record's earlier slugs keep pointing to it (`content_slugs`).
   */
  slugs?: { of(record: Content<Own>): Localized; taken: string };
  /** The record's category, which the public search also finds by its name in the services and categories list. */
  category?(record: Content<Own>): string | null;
  hooks?: ContentHooks<Own>;
  /**
   * Own fields a restore keeps from the current record rather than the revision: the publication state, so that
   * restoring an earlier text never publishes, unpublishes or reschedules a record.
   */
  keptOnRestore?: readonly (keyof Own)[];
}

function sanitizeLocalized(html: Localized): Localized {
  return byLanguage((language) => sanitizeRichText(html[language]));
}

/** What an editor sets of the shared fields; the rest (id, dates, version) the server keeps. */
function sharedFields(input: ContentInput) {
  return {
    title: input.title,
    description: input.description,
    content: sanitizeLocalized(input.content),
    imageUrl: input.imageUrl,
  };
}

/** How often a write whose record changed under it is made again from the newer record (writes without a version). */
const WRITE_ATTEMPTS = 10;

/** The one content service: every kind's reads and writes, for the API functions, the pages and seeding. */
export class ContentEngine<Own extends object, Input extends ContentInput> {
  private readonly collection: ContentCollection<Content<Own>>;

  constructor(readonly kind: ContentKind<Own, Input>) {
    this.collection = new ContentCollection({
      name: kind.name,
      schema: kind.storedSchema,
      keys: (record) => this.indexKeys(record),
      scheduled: kind.scheduled ?? false,
    });
  }

  private indexKeys(record: Content<Own>): IndexKeys {
    const { kind } = this;
    return {
      listAt: kind.listTime?.(record) ?? record.createdAt,
      isPublic: kind.isPublic?.(record) ?? true,
      slugs: kind.slugs?.of(record) ?? null,
      category: kind.category?.(record) ?? null,
    };
  }

  /** The CDN cache tag of every page and answer that lists this kind. */
  get listTag(): string {
    return this.kind.cacheTags.list;
  }

  /** The CDN cache tag of every page and answer that shows record `id`. */
  itemTag(id: string): string {
    return `${this.kind.cacheTags.itemPrefix}-${id}`;
  }

  /** Whether some records are drafts, hidden from the public. */
  get hasDrafts(): boolean {
    return this.kind.isPublic !== undefined;
  }

  /** Every record, drafts included, newest first by list date (server jobs and tests; admins page: `listPage`). */
  list(): Promise<Array<Content<Own>>> {
    return this.collection.all();
  }

  /**
   * A page of the list, newest first by list date, after `query.cursor`: drafts included (admins) unless
   * `publicOnly`. One statement, whatever the number of records. A search (`q`) keeps the records whose title (either
   * language) or slug has a word beginning with each word typed.
   */
  listPage(query: PageQuery, publicOnly = false): Promise<Page<Content<Own>>> {
    return this.collection.page(query, publicOnly);
  }

  /** What the public sees, newest first: every public record (feeds, the sitemap, the pages, the chat's knowledge). */
  listPublic(): Promise<Array<Content<Own>>> {
    return this.collection.all(true);
  }

  /**
   * Public records matching a search in one language (src/features/content/search.ts), best match first: full-text
   * search on the stored vectors of title, description and category.
   */
  searchPublic(words: SearchWord[], language: Language, limit: number): Promise<Array<Content<Own>>> {
    return this.collection.search(words, language, limit);
  }

  /** One record, its rich text sanitised again on the way out: a record that reached the table by other means is still safe. */
  async get(id: string): Promise<Content<Own> | null> {
    return this.sanitized(await this.collection.get(id));
  }

  /** A record the public may see, or null: a draft does not exist for the public. */
  async getPublic(id: string): Promise<Content<Own> | null> {
    return this.sanitized(await this.collection.get(id, true));
  }

  /**
   * A public record by a slug (of any language) or, failing that, by its id: the record, and whether `param` is its
   * current slug in `language` (the page answers 200) or another of its addresses (the page answers 301 to it).
   */
  async resolvePublic(param: string, language: Language): Promise<{ record: Content<Own>; current: boolean } | null> {
    const bySlug = this.kind.slugs ? await this.collection.bySlug(param, language) : null;
    if (bySlug) return { record: this.sanitized(bySlug.record)!, current: bySlug.current };
    if (!isId(param)) return null;
    const record = await this.getPublic(param);
    // A record without a slug in this language (an older one) has only its id address: that is then current.
    return record && { record, current: !this.kind.slugs?.of(record)[language] };
  }

  /**
   * When a scheduled record of this kind next becomes public (ISO), or null: cached lists and pages must not be kept
   * past it (src/http/cdn-cache.ts).
   */
  nextScheduled(): Promise<string | null> {
    return this.collection.nextScheduled();
  }

  /** Public records other than `id`, those of `category` first, newest first in each (one statement). */
  related(id: string, category: string, limit: number): Promise<Array<Content<Own>>> {
    return this.collection.related(id, category, limit);
  }

  /** A record's saves, newest first (admins). */
  revisions(id: string): Promise<RevisionSummary[]> {
    return this.collection.revisions(id);
  }

  /** One save of a record as it was stored, or null (admins: the dashboard compares it with the current one). */
  revision(id: string, revisionId: string): Promise<Content<Own> | null> {
    return this.collection.revision(id, revisionId);
  }

  /**
   * Writes a revision's record as a new save (a new version and a new revision): null when the record or the
   * revision is not there; 409 when `version` (the one the editor loaded) is stale, or a slug of the revision is now
   * another record's.
   */
  async restore(
    id: string,
    revisionId: string,
    version: number | undefined,
    savedBy: SavedBy,
  ): Promise<Content<Own> | null> {
    const saved = await this.collection.revision(id, revisionId);
    if (!saved) return null;
    for (let attempt = 1; ; attempt += 1) {
      const current = await this.collection.get(id);
      if (!current) return null;
      if (version !== undefined && version !== current.version) throw new Conflict(STALE_EDIT, 'version');
      const record: Content<Own> = {
        ...saved,
        content: sanitizeLocalized(saved.content),
        id,
        updatedAt: now().toISOString(),
        version: current.version + 1,
      };
      for (const key of this.kind.keptOnRestore ?? []) record[key] = current[key];
      // The revision's image may have been deleted since: restoring it would put a broken picture on the page.
      await assertUploadedImageExists(record.imageUrl);
      await this.kind.hooks?.beforeWrite?.(record, current);
      const written = await this.slugChecked(
        () => record,
        async (record) => ((await this.collection.replace(record, current.version, savedBy, current)) ? record : null),
      );
      if (written) {
        await this.purge(id);
        return written;
      }
      if (attempt >= WRITE_ATTEMPTS) throw new Conflict(STALE_EDIT, 'version');
    }
  }

  private sanitized(record: Content<Own> | null): Content<Own> | null {
    return record && { ...record, content: sanitizeLocalized(record.content) };
  }

  /** A new record from an editor's input (not stored). */
  build(input: Input, at: Date = now(), slugTry = 1): Content<Own> {
    const stamp = at.toISOString();
    const createdAt = input.createdAt ?? stamp;
    return {
      id: newId(at.getTime()),
      ...sharedFields(input),
      ...this.kind.ownFields(input, null, { createdAt, now: stamp, slugTry }),
      createdAt,
      updatedAt: stamp,
      version: 1,
    };
  }

  /**
   * Runs a write of the record `make` makes for a slug try (WriteTimes): a clash on a slug is tried again with the
   * next try while that changes the slugs (ones made from the title), else it is the kind's 409.
   */
  private async slugChecked<R>(
    make: (slugTry: number) => Content<Own>,
    write: (record: Content<Own>) => Promise<R>,
  ): Promise<R> {
    let record = make(1);
    for (let slugTry = 1; ;) {
      try {
        return await write(record);
      } catch (error) {
        if (!(error instanceof SlugTaken) || !this.kind.slugs) throw error;
        const same = JSON.stringify(this.kind.slugs.of(record));
        slugTry += 1;
        record = make(slugTry);
        if (slugTry > SLUG_TRIES || JSON.stringify(this.kind.slugs.of(record)) === same) {
          throw new Conflict(this.kind.slugs.taken, 'slug');
        }
      }
    }
  }

  /** A new record from an editor's input (`savedBy`: the admin, named in its first revision). */
  async create(input: Input, savedBy: SavedBy = null): Promise<Content<Own>> {
    const first = this.build(input);
    await assertUploadedImageExists(first.imageUrl);
    await this.kind.hooks?.beforeWrite?.(first, null);
    const make = (slugTry: number) => ({ ...this.build(input, new Date(first.updatedAt), slugTry), id: first.id });
    const record = await this.slugChecked(make, async (record) => {
      await this.collection.insert(record, savedBy);
      return record;
    });
    await this.purge(record.id);
    return record;
  }

  /**
   * Updates a record; null when there is none; 409 when the editor's version is stale, or when someone else saved
   * it between this save's read and its write (`UPDATE … WHERE version = $v` changed nothing). An input without a
   * version (older clients) is made again from the newer record instead. `autosave`: the editor saved by itself (its
   * revision may replace the one before: ContentCollection's `writeRevision`).
   */
  async update(id: string, input: Input, savedBy: SavedBy = null, autosave = false): Promise<Content<Own> | null> {
    for (let attempt = 1; ; attempt += 1) {
      const current = await this.collection.get(id);
      if (!current) return null;
      if (input.version !== undefined && input.version !== current.version) throw new Conflict(STALE_EDIT, 'version');
      const stamp = now().toISOString();
      const createdAt = input.createdAt ?? current.createdAt;
      const make = (slugTry: number): Content<Own> => ({
        ...current,
        ...sharedFields(input),
        ...this.kind.ownFields(input, current, { createdAt, now: stamp, slugTry }),
        createdAt,
        updatedAt: stamp,
        version: current.version + 1,
      });
      const first = make(1);
      await assertUploadedImageExists(first.imageUrl);
      await this.kind.hooks?.beforeWrite?.(first, current);
      const written = await this.slugChecked(make, async (record) =>
        (await this.collection.replace(record, current.version, savedBy, current, autosave)) ? record : null,
      );
      if (written) {
        await this.purge(id);
        return written;
      }
      // Changed or deleted meanwhile: read again (an editor's version is then stale: 409; a deleted record: null).
      if (attempt >= WRITE_ATTEMPTS) throw new Conflict(STALE_EDIT, 'version');
    }
  }

  /**
   * A change the server makes to a record's own fields (not an editor's: no hooks, no version check), e.g. a
   * newsletter issue's status; made again from the newer record when an editor saved it meanwhile. Answers the
   * record as written, or null when there is none.
   */
  async patch(id: string, change: (record: Content<Own>) => Content<Own>): Promise<Content<Own> | null> {
    for (let attempt = 1; ; attempt += 1) {
      const current = await this.collection.get(id);
      if (!current) return null;
      const record = { ...change(current), updatedAt: now().toISOString(), version: current.version + 1 };
      if (await this.collection.replace(record, current.version, undefined, current)) {
        await this.purge(id);
        return record;
      }
      if (attempt >= WRITE_ATTEMPTS) throw new Error(`${this.kind.label} ${id} kept changing; not patched`);
    }
  }

  /** Deletes a record; false when there is none. */
  async delete(id: string): Promise<boolean> {
    if (!(await this.collection.remove(id))) return false;
    await this.purge(id);
    return true;
  }

  /** Seeding, tests and benchmarks: many records at once (one statement per 100; the same id is replaced). */
  async saveMany(records: Array<Content<Own>>): Promise<void> {
    await this.collection.putMany(records, true);
    await purgeTags([this.listTag]);
  }

  /**
   * Seeding: stores the records when the kind has none (records whose id or slug is already there are skipped, so
   * seeds racing with the same ids store each once). Answers how many were stored.
   */
  async seedIfEmpty(records: Array<Content<Own>>): Promise<number> {
    if (!(await this.isEmpty())) return 0;
    const written = await this.collection.putMany(records);
    if (written > 0) await purgeTags([this.listTag]);
    return written;
  }

  isEmpty(): Promise<boolean> {
    return this.collection.isEmpty();
  }

  private purge(id: string): Promise<void> {
    return purgeTags([this.listTag, this.itemTag(id)]);
  }
}
