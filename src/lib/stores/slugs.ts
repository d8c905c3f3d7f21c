import { blobsServer, dataStore, storeName, type StoreKind } from '../blobs';
import { withKeyLock } from './slot-lock';

const SLUG_PREFIX = 'slugs/';

/** A reservation this young is kept even before its record exists: the record's create is still under way. */
const PENDING_MS = 60_000;

function reservedAt(raw: unknown): number {
  if (typeof raw !== 'object' || raw === null || !('at' in raw) || typeof raw.at !== 'string') return 0;
  return Date.parse(raw.at) || 0;
}

function holderId(raw: unknown): string | null {
  if (typeof raw !== 'object' || raw === null || !('id' in raw)) return null;
  return typeof raw.id === 'string' ? raw.id : null;
}

/**
 * A slug belongs to one record: it is reserved under a key of its own,
 * written only if new (docs/architecture.md, storage), so two records cannot
 * both take it. A reservation left by a record that no longer exists is reclaimed.
 */
export class SlugReservations {
  constructor(private readonly kind: StoreKind) {}

  private store() {
    return dataStore(this.kind);
  }

  /**
   * Reserves `slug` for record `id`; false when a live record (per `exists`) holds it. On the local server, whose
   * `onlyIfNew` is not atomic, the reservations of one slug run one at a time under its lock (slot-lock.ts).
   */
  async reserve(slug: string, id: string, exists: (holder: string) => Promise<boolean>): Promise<boolean> {
    const server = blobsServer();
    if (!server.local) return this.claim(slug, id, exists);
    return withKeyLock(`${server.instance}/${storeName(this.kind)}/${SLUG_PREFIX}${slug}`, () =>
      this.claim(slug, id, exists),
    );
  }

  private async claim(slug: string, id: string, exists: (holder: string) => Promise<boolean>): Promise<boolean> {
    const store = this.store();
    const key = SLUG_PREFIX + slug;
    const mine = { id, at: new Date().toISOString() };
    const { modified } = await store.setJSON(key, mine, { onlyIfNew: true });
    if (modified) return true;
    const raw: unknown = await store.get(key, { type: 'json' });
    const holder = holderId(raw);
    if (holder === id) return true;
    if (holder !== null && (Date.now() - reservedAt(raw) < PENDING_MS || (await exists(holder)))) return false;
    await store.setJSON(key, mine);
    return true;
  }

  /** Frees `slug` if record `id` still holds it. */
  async release(slug: string, id: string): Promise<void> {
    const store = this.store();
    if (holderId(await store.get(SLUG_PREFIX + slug, { type: 'json' })) === id) await store.delete(SLUG_PREFIX + slug);
  }

  /** Seeding and benchmarks: records known to have distinct slugs take them outright. */
  async claimAll(entries: Array<{ slug: string; id: string }>): Promise<void> {
    const store = this.store();
    await Promise.all(entries.map(({ slug, id }) => store.setJSON(SLUG_PREFIX + slug, { id })));
  }
}
