import type { Store } from '@netlify/blobs';

/**
 * Every key under a prefix.
 *
 * The local Blobs server (`netlify dev`, tests) answers a list with only part
 * of the keys when a write or delete in the same folder is under way: it walks
 * the folder and stops at a temporary file renamed under it (measured here:
 * 40 racing writers each listing after their own write saw 0, 1 or 40 keys).
 * So a list is repeated until two in a row agree and hold the key the caller
 * knows exists, and the union is answered. Netlify's own Blobs do not need
 * this; there it costs one extra list.
 */
export async function listKeys(store: Store, prefix: string, mustInclude?: string): Promise<string[]> {
  const seen = new Set<string>();
  let previous = -1;
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const { blobs } = await store.list({ prefix });
    for (const blob of blobs) seen.add(blob.key);
    const holdsKnown = mustInclude === undefined || blobs.some((blob) => blob.key === mustInclude);
    if (blobs.length === previous && holdsKnown) break;
    previous = holdsKnown ? blobs.length : -1;
  }
  return [...seen].sort();
}
