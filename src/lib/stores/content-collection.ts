import type { z } from 'zod';
import { blobsServer, dataStore, storeName, type StoreKind } from '../blobs';
import {
  decodeCursor,
  encodeCursor,
  ensureFeed,
  FEED,
  feedKey,
  feedPage,
  inBatches,
  parseFeedKey,
  type Page,
  type PageQuery,
} from './feed';
import { listKeys } from './list-keys';
import { swapJSON } from './swap';

const ITEM_PREFIX = 'items/';
const INDEX_KEY = 'index';

interface Snapshot {
  builtAt: string;
  items: unknown[];
}

function isSnapshot(value: unknown): value is Snapshot {
  return typeof value === 'object' && value !== null && Array.isArray((value as { items?: unknown }).items);
}

/**
 * Content records of every kind (case studies, insights; see src/lib/content/engine.ts). Keys:
 * - `items/{id}`: the record, the source of truth;
 * - `feed/{month}/00/{time}-{id}`: an empty pointer placing it in the admin's newest-first list by its list date
 *   (src/lib/stores/feed.ts; one folder a month: content is sparse), so an admin page costs the same at 100 records
 *   and at 100,000;
 * - `index`: a snapshot of them all, so that a public list costs one Blobs read however many records there are.
 *
 * A save writes its record and pointer and changes its one entry of the snapshot: a constant number of keys (the
 * snapshot's bytes grow with the collection, written by admins). Two saves racing over the snapshot cannot lose a
 * change: in production it is swapped only if its etag is still the one read (`onlyIfMatch`); on the local server,
 * which does not make that atomic, changes of one snapshot run one at a time under a lock (slot-lock.ts).
 */
export class ContentCollection<T extends { id: string }> {
  constructor(
    private readonly kind: StoreKind,
    private readonly schema: z.ZodType<T>,
    /** The date a record is listed by (ISO): the admin list is newest first by it. Default: `createdAt`. */
    private readonly listTime: (record: T) => string = (record) =>
      String((record as { createdAt?: unknown }).createdAt ?? ''),
  ) {}

  private store() {
    return dataStore(this.kind);
  }

  private parse(raw: unknown): T | null {
    const parsed = this.schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    // A record that does not parse is skipped, never allowed to break a page.
    console.error(`Skipping a malformed ${this.kind} record`, parsed.error.issues.slice(0, 3));
    return null;
  }

  private pointer(record: T): string {
    return feedKey(FEED, Date.parse(this.listTime(record)) || 0, record.id, true);
  }

  /** Every record, from the snapshot (built on first use). */
  async all(): Promise<T[]> {
    const snapshot: unknown = await this.store().get(INDEX_KEY, { type: 'json' });
    const items = isSnapshot(snapshot) ? snapshot.items : await this.rebuildIndex();
    return items.map((raw) => this.parse(raw)).filter((item): item is T => item !== null);
  }

  async get(id: string): Promise<T | null> {
    const raw: unknown = await this.store().get(ITEM_PREFIX + id, { type: 'json' });
    return raw === null ? null : this.parse(raw);
  }

  /** Writes one record (`previous`: as it was stored, null for a new one), its pointer and its snapshot entry. */
  async put(record: T, previous: T | null = null): Promise<void> {
    const store = this.store();
    await store.setJSON(ITEM_PREFIX + record.id, record);
    const pointer = this.pointer(record);
    const old = previous ? this.pointer(previous) : null;
    await store.set(pointer, '');
    if (old !== null && old !== pointer) await store.delete(old);
    await this.changeIndex((items) => [...items.filter((item) => (item as { id?: unknown }).id !== record.id), record]);
  }

  /** Writes many records and builds the snapshot once (seeding, benchmarks). */
  async putMany(records: T[]): Promise<void> {
    const store = this.store();
    await inBatches(records, 50, async (record) => {
      await store.setJSON(ITEM_PREFIX + record.id, record);
      await store.set(this.pointer(record), '');
    });
    await this.rebuildIndex();
  }

  async remove(id: string): Promise<boolean> {
    const store = this.store();
    const existing = await this.get(id);
    if (existing === null && (await store.getMetadata(ITEM_PREFIX + id)) === null) return false;
    await store.delete(ITEM_PREFIX + id);
    if (existing) await store.delete(this.pointer(existing));
    await this.changeIndex((items) => items.filter((item) => (item as { id?: unknown }).id !== id));
    return true;
  }

  async isEmpty(): Promise<boolean> {
    return (await this.store().list({ prefix: ITEM_PREFIX })).blobs.length === 0;
  }

  private ready(): Promise<void> {
    return ensureFeed(this.store(), `${storeName(this.kind)}|${blobsServer().instance}`, async () => {
      const store = this.store();
      await inBatches(await listKeys(store, ITEM_PREFIX), 50, async (key) => {
        const record = this.parse(await store.get(key, { type: 'json' }));
        if (record) await store.set(this.pointer(record), '');
      });
    });
  }

  /**
   * A page of the admin list, newest first by list date (src/lib/stores/feed.ts), `keep` filtering it (a search):
   * one feed page and one read per record, whatever the collection's size.
   */
  async page(query: PageQuery, keep: (record: T) => boolean = () => true): Promise<Page<T>> {
    await this.ready();
    const page = await feedPage(this.store(), FEED, query.limit, decodeCursor(query.cursor));
    const records = await inBatches(page.keys, 50, async (key) => {
      const pointer = parseFeedKey(key);
      const record = pointer ? await this.get(pointer.tag) : null;
      // A pointer left behind by a racing save that moved the record is not shown twice.
      return record && this.pointer(record) === key ? record : null;
    });
    return {
      items: records.filter((record): record is T => record !== null && keep(record)),
      next: encodeCursor(page.next),
    };
  }

  /**
   * Applies a change to the snapshot's items (swapJSON: no racing change is lost); a missing snapshot is built from
   * the records instead, within the same swap.
   */
  private async changeIndex(change: (items: unknown[]) => unknown[]): Promise<void> {
    const swapped = await swapJSON(this.kind, INDEX_KEY, async (current) => ({
      builtAt: new Date().toISOString(),
      items: isSnapshot(current) ? change(current.items) : await this.readRecords(),
    }));
    if (!swapped) await this.rebuildIndex();
  }

  /** Reads every record and writes the snapshot; returns the raw records. Only for a missing snapshot and seeding. */
  private async rebuildIndex(): Promise<unknown[]> {
    const items = await this.readRecords();
    await this.writeIndex(items);
    return items;
  }

  private async writeIndex(items: unknown[]): Promise<void> {
    await this.store().setJSON(INDEX_KEY, { builtAt: new Date().toISOString(), items } satisfies Snapshot);
  }

  private async readRecords(): Promise<unknown[]> {
    const store = this.store();
    const keys = await listKeys(store, ITEM_PREFIX);
    const items = await inBatches(keys, 50, (key) => store.get(key, { type: 'json' }) as Promise<unknown>);
    return items.filter((raw) => raw !== null);
  }
}
