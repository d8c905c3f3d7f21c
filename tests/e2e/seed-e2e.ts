import { listStores, getStore } from '@netlify/blobs';
import { openLocalBlobs } from '../../scripts/local-blobs';

/** Empties every store of a scope (e2e-*, bench-*) in the local Blobs folder, then seeds the demo content. */
export async function resetAndSeed(prefix = 'e2e-'): Promise<void> {
  const blobs = await openLocalBlobs();
  try {
    const { stores } = await listStores();
    for (const name of stores.filter((store) => store.startsWith(prefix))) {
      const store = getStore(name);
      const { blobs: all } = await store.list();
      await Promise.all(all.map((blob) => store.delete(blob.key)));
    }
    const { seedDemoContent } = await import('../../src/lib/seed/seed');
    await seedDemoContent();
  } finally {
    await blobs.stop();
  }
}
