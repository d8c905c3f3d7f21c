import type { z } from 'zod';
import { dataStore, type StoreKind } from '../blobs';
import { listKeys } from './list-keys';

const ITEM_PREFIX = 'items/';
const INDEX_KEY = 'index';

interface Snapshot {
  builtAt: string;
  items: unknown[];
}

/**
 * Content records of every kind (case studies, insights; see
 * src/lib/content/engine.ts): one key per record (the source of truth) plus
 * a snapshot of them all under one key, so that a public list costs one Blobs
 * read however many records there are. Writes are rare (admins), reads are not.
 */
export class ContentCollection<T extends { id: string }> {
  constructor(
    private readonly kind: StoreKind,
    private readonly schema: z.ZodType<T>,
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

  /** Every record, from the snapshot (built on first use). */
  async all(): Promise<T[]> {
    const snapshot = (await this.store().get(INDEX_KEY, { type: 'json' })) as Snapshot | null;
    const items = snapshot && Array.isArray(snapshot.items) ? snapshot.items : await this.rebuildIndex();
    return items.map((raw) => this.parse(raw)).filter((item): item is T => item !== null);
  }

  async get(id: string): Promise<T | null> {
    const raw: unknown = await this.store().get(ITEM_PREFIX + id, { type: 'json' });
    return raw === null ? null : this.parse(raw);
  }

  /** Writes one record, then brings the snapshot up to date. */
  async put(record: T): Promise<void> {
    await this.store().setJSON(ITEM_PREFIX + record.id, record);
    await this.refreshIndex();
  }

  /** Writes many records and builds the snapshot once (seeding, benchmarks). */
  async putMany(records: T[]): Promise<void> {
    const store = this.store();
    for (let i = 0; i < records.length; i += 50) {
      await Promise.all(records.slice(i, i + 50).map((record) => store.setJSON(ITEM_PREFIX + record.id, record)));
    }
    await this.refreshIndex();
  }

  async remove(id: string): Promise<boolean> {
    const store = this.store();
    const existing: unknown = await store.get(ITEM_PREFIX + id, { type: 'json' });
    if (existing === null) return false;
    await store.delete(ITEM_PREFIX + id);
    await this.refreshIndex();
    return true;
  }

  async isEmpty(): Promise<boolean> {
    return (await listKeys(this.store(), ITEM_PREFIX)).length === 0;
  }

  /** Reads every record and writes the snapshot; returns the raw records. */
  private async rebuildIndex(): Promise<unknown[]> {
    const items = await this.readRecords();
    await this.writeIndex(items);
    return items;
  }

  private async writeIndex(items: unknown[]): Promise<void> {
    await this.store().setJSON(INDEX_KEY, { builtAt: new Date().toISOString(), items } satisfies Snapshot);
  }

  /**
   * Two admins saving at once could each build a snapshot from a moment before
   * the other's write, and the later snapshot would then miss a change. So a
   * writer rebuilds until a fresh read equals what it wrote: the writer whose
   * snapshot lands last has then seen every record written before it.
   */
  private async refreshIndex(): Promise<void> {
    let written = JSON.stringify(await this.rebuildIndex());
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const fresh = await this.readRecords();
      const freshText = JSON.stringify(fresh);
      if (freshText === written) return;
      await this.writeIndex(fresh);
      written = freshText;
    }
  }

  private async readRecords(): Promise<unknown[]> {
    const store = this.store();
    const keys = await listKeys(store, ITEM_PREFIX);
    const items: unknown[] = [];
    for (let i = 0; i < keys.length; i += 50) {
      const batch = await Promise.all(keys.slice(i, i + 50).map((key) => store.get(key, { type: 'json' })));
      for (const raw of batch as unknown[]) if (raw !== null) items.push(raw);
    }
    return items;
  }
}
