import { getStore, type Store } from '@netlify/blobs';
import { deployContext } from './env';

/**
 * Netlify Blobs hold the site's files, nothing else (records are rows: src/lib/db): uploaded images and investor
 * documents' bytes, under keys the server makes.
 */
export type FileStore = 'uploads' | 'document-files';

/**
 * A site-wide store, shared by every deploy: a deploy preview's database branch starts from production's records,
 * which name production's files, so a preview reads the same files (and adds its own under new keys).
 */
export function fileStore(kind: FileStore): Store {
  // Strong consistency: an admin who uploads and saves sees the file at once.
  return getStore({ name: kind, consistency: 'strong' });
}

/**
 * Whether this deploy may delete stored bytes: production and local development do; a deploy preview or branch
 * deploy does not, since the files it sees are production's too (its records are a branch; the files are not).
 */
export function mayDeleteFiles(): boolean {
  return ['production', 'dev'].includes(deployContext());
}
