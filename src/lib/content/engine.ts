import type { z } from 'zod';
import type { StoreKind } from '../blobs';
import { purgeTags } from '../cache';
import { HttpError } from '../http';
import { newId } from '../ids';
import { sanitizeRichText } from '../sanitize';
import { assertUploadedImageExists } from '../uploads';
import type { Localized } from '../schemas/common';
import type { ContentInput, ContentRecord } from '../schemas/content';
import { ContentCollection } from '../stores/content-collection';
import { normaliseSearch, type Page, type PageQuery } from '../stores/feed';

export const STALE_EDIT =
  'Someone else changed this item since you opened it. Reload to see their changes, then edit again.';

/** A record of a kind: the shared fields and the kind's own. */
export type Content<Own extends object> = ContentRecord & Own;

/** Reads a kind's hooks may need (e.g. whether the holder of a slug still exists). */
export interface ContentReader<Own extends object> {
  get(id: string): Promise<Content<Own> | null>;
}

/** What a kind adds to the shared create/update/delete steps. A hook that throws an HttpError refuses the change. */
export interface ContentHooks<Own extends object> {
  /** Before a record is written; `previous` is null for a new one. */
  beforeWrite?(record: Content<Own>, previous: Content<Own> | null, reader: ContentReader<Own>): Promise<void>;
  /** After a record is written. */
  afterWrite?(record: Content<Own>, previous: Content<Own> | null): Promise<void>;
  /** After a record is deleted. A kind with this hook answers "not found" for a record it cannot read. */
  afterDelete?(record: Content<Own>): Promise<void>;
  /** Before many records are written at once (seeding, benchmarks). */
  beforeSaveMany?(records: Array<Content<Own>>): Promise<void>;
}

/** The dates a kind's own fields may depend on, as ISO strings. */
export interface WriteTimes {
  /** The record's creation date, as it will be stored. */
  createdAt: string;
  /** This write's time. */
  now: string;
}

/**
 * Everything that makes one kind of content differ from another. A new kind
 * is one descriptor, its schemas and its own fields: the engine does the rest
 * (storage, snapshot, versions, sanitising, the check that an uploaded image exists, cache purges).
 */
export interface ContentKind<Own extends object, Input extends ContentInput> {
  /** Its Blobs store (src/lib/blobs.ts). */
  store: StoreKind;
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
  /** List order; default newest first by `listTime`, then by id (the order of the admin's paged list). */
  compare?(a: Content<Own>, b: Content<Own>): number;
  /** The date (ISO) the admin's paged list sorts by, newest first (the one `compare` orders by first); default `createdAt`. */
  listTime?(record: Content<Own>): string;
  /** Kinds with drafts: what the public may see. Without it, every record is public. */
  isPublic?(record: Content<Own>): boolean;
  hooks?: ContentHooks<Own>;
}

function sanitizeLocalized(html: Localized): Localized {
  return { en: sanitizeRichText(html.en), es: sanitizeRichText(html.es) };
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

/** The one content service: every kind's reads and writes, for the API functions, the pages and seeding. */
export class ContentEngine<Own extends object, Input extends ContentInput> {
  private readonly collection: ContentCollection<Content<Own>>;

  constructor(readonly kind: ContentKind<Own, Input>) {
    this.collection = new ContentCollection(kind.store, kind.storedSchema, (record) => this.listTime(record));
  }

  private listTime(record: Content<Own>): string {
    return this.kind.listTime?.(record) ?? record.createdAt;
  }

  private compare(a: Content<Own>, b: Content<Own>): number {
    if (this.kind.compare) return this.kind.compare(a, b);
    return this.listTime(b).localeCompare(this.listTime(a)) || b.id.localeCompare(a.id);
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

  /** Every record, drafts included (admin), in the kind's order. */
  async list(): Promise<Array<Content<Own>>> {
    return (await this.collection.all()).sort((a, b) => this.compare(a, b));
  }

  /**
   * A page of the admin list, newest first by list date, drafts included: constant cost whatever the collection's
   * size. A search (`q`) keeps the page's records whose title (either language) or slug holds every word: a bounded
   * scan of one page, so a page may hold fewer rows than asked and the cursor goes on.
   */
  listPage(query: PageQuery): Promise<Page<Content<Own>>> {
    const words = normaliseSearch(query.q).split(/\s+/).filter(Boolean);
    const keep = (record: Content<Own>) => {
      const text = normaliseSearch(
        [record.title.en, record.title.es, (record as { slug?: unknown }).slug ?? ''].join(' '),
      );
      return words.every((word) => text.includes(word));
    };
    return this.collection.page(query, keep);
  }

  /** What the public sees, in the kind's order. */
  async listPublic(): Promise<Array<Content<Own>>> {
    const all = await this.list();
    const { isPublic } = this.kind;
    return isPublic ? all.filter((record) => isPublic(record)) : all;
  }

  /** One record, its rich text sanitised again on the way out: a record that reached Blobs by other means is still safe. */
  async get(id: string): Promise<Content<Own> | null> {
    const record = await this.collection.get(id);
    return record && { ...record, content: sanitizeLocalized(record.content) };
  }

  /** A record the public may see, or null: a draft does not exist for the public. */
  async getPublic(id: string): Promise<Content<Own> | null> {
    const record = await this.get(id);
    if (!record) return null;
    return this.kind.isPublic && !this.kind.isPublic(record) ? null : record;
  }

  /** A new record from an editor's input (not stored). */
  build(input: Input, now: Date = new Date()): Content<Own> {
    const stamp = now.toISOString();
    const createdAt = input.createdAt ?? stamp;
    return {
      id: newId(now.getTime()),
      ...sharedFields(input),
      ...this.kind.ownFields(input, null, { createdAt, now: stamp }),
      createdAt,
      updatedAt: stamp,
      version: 1,
    };
  }

  async create(input: Input): Promise<Content<Own>> {
    const record = this.build(input);
    await assertUploadedImageExists(record.imageUrl);
    await this.kind.hooks?.beforeWrite?.(record, null, this);
    await this.collection.put(record);
    await this.kind.hooks?.afterWrite?.(record, null);
    await this.purge(record.id);
    return record;
  }

  /** Updates a record; null when there is none; 409 when the editor's version is stale. */
  async update(id: string, input: Input): Promise<Content<Own> | null> {
    const current = await this.collection.get(id);
    if (!current) return null;
    if (input.version !== undefined && input.version !== current.version)
      throw new HttpError(409, STALE_EDIT, 'version');
    const now = new Date().toISOString();
    const createdAt = input.createdAt ?? current.createdAt;
    const record: Content<Own> = {
      ...current,
      ...sharedFields(input),
      ...this.kind.ownFields(input, current, { createdAt, now }),
      createdAt,
      updatedAt: now,
      version: current.version + 1,
    };
    await assertUploadedImageExists(record.imageUrl);
    await this.kind.hooks?.beforeWrite?.(record, current, this);
    await this.collection.put(record, current);
    await this.kind.hooks?.afterWrite?.(record, current);
    await this.purge(id);
    return record;
  }

  /**
   * A change the server makes to a record's own fields (not an editor's: no hooks, no version check), e.g. a
   * newsletter issue's status. Answers the record as written, or null when there is none.
   */
  async patch(id: string, change: (record: Content<Own>) => Content<Own>): Promise<Content<Own> | null> {
    const current = await this.collection.get(id);
    if (!current) return null;
    const record = { ...change(current), updatedAt: new Date().toISOString(), version: current.version + 1 };
    await this.collection.put(record, current);
    await this.purge(id);
    return record;
  }

  /** Deletes a record; false when there is none. */
  async delete(id: string): Promise<boolean> {
    const afterDelete = this.kind.hooks?.afterDelete;
    const current = afterDelete ? await this.collection.get(id) : null;
    if (afterDelete && !current) return false;
    if (!(await this.collection.remove(id))) return false;
    if (afterDelete && current) await afterDelete(current);
    await this.purge(id);
    return true;
  }

  /** Seeding and benchmarks: many records at once, the snapshot built once. */
  async saveMany(records: Array<Content<Own>>): Promise<void> {
    await this.kind.hooks?.beforeSaveMany?.(records);
    await this.collection.putMany(records);
  }

  isEmpty(): Promise<boolean> {
    return this.collection.isEmpty();
  }

  private purge(id: string): Promise<void> {
    return purgeTags([this.listTag, this.itemTag(id)]);
  }
}
