import { getStore } from '@netlify/blobs';
import { storeName, type StoreKind } from '../../src/lib/blobs';
import { openLocalBlobs } from '../../scripts/local-blobs';

const KINDS: StoreKind[] = [
  'portfolio',
  'insights',
  'contact-messages',
  'newsletter',
  'chat-log',
  'video-log',
  'uploads',
  'users',
  'auth',
  'quotas',
  'investor-updates',
  'documents',
  'document-files',
  'privacy',
  'stats',
  'taxonomy',
  'newsletter-issues',
];

/** Empties every store of a scope (e2e, bench) in the local Blobs folder, then seeds the demo content. */
export async function resetAndSeed(scope = 'e2e'): Promise<void> {
  const blobs = await openLocalBlobs();
  try {
    for (const kind of KINDS) {
      const store = getStore(storeName(kind, scope));
      const { blobs: all } = await store.list();
      await Promise.all(all.map((blob) => store.delete(blob.key)));
    }
    const { seedDemoContent } = await import('../../src/lib/seed/seed');
    await seedDemoContent();
  } finally {
    await blobs.stop();
  }
}
