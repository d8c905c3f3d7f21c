import { listStores, getStore } from '@netlify/blobs';
import { openLocalBlobs } from '../../scripts/local-blobs';

/** Empties every e2e-* store in the local Blobs folder, then seeds the demo content. */
export async function resetAndSeed(): Promise<void> {
  const blobs = await openLocalBlobs();
  try {
    const { stores } = await listStores();
    for (const name of stores.filter((store) => store.startsWith('e2e-'))) {
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
