import { blobsServer, dataStore, storeName, type StoreKind } from '../blobs';
import { withKeyLock } from './slot-lock';

/** Tries of an etag-checked swap before giving up (production). */
const SWAP_TRIES = 8;

/**
 * Read-modify-write of one JSON key that loses no racing change (docs/architecture.md, "Storage"): in production the
 * new value is written only if the key's etag is still the one read (`onlyIfMatch`, or `onlyIfNew` for a missing
 * key), and tried again otherwise; on the local server, which does not make those atomic, the swaps of one key run
 * one at a time under its lock (slot-lock.ts). `change` gets the current value (null when missing) and answers the
 * new one. Answers false when production contention outlasted the tries (the caller falls back).
 */
export async function swapJSON(kind: StoreKind, key: string, change: (current: unknown) => unknown): Promise<boolean> {
  const store = dataStore(kind);
  const server = blobsServer();
  if (server.local) {
    return withKeyLock(`${server.instance}/${storeName(kind)}/${key}`, async () => {
      const current: unknown = await store.get(key, { type: 'json' });
      await store.setJSON(key, await change(current));
      return true;
    });
  }
  for (let attempt = 0; attempt < SWAP_TRIES; attempt += 1) {
    const current = await store.getWithMetadata(key, { type: 'json' });
    const next = await change(current ? (current.data as unknown) : null);
    const condition = current?.etag ? { onlyIfMatch: current.etag } : { onlyIfNew: true as const };
    const { modified } = await store.setJSON(key, next, condition);
    if (modified) return true;
  }
  return false;
}
