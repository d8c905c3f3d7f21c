import { getStore, type Store } from '@netlify/blobs';
import { deployContext } from './env';

/** Every kind of record has a store of its own. */
export type StoreKind =
  | 'portfolio'
  | 'insights'
  | 'contact-messages'
  | 'newsletter'
  | 'chat-log'
  | 'video-log'
  | 'uploads'
  | 'users'
  | 'auth';

/**
 * Site-wide stores are shared by every deploy of a site, previews included, so
 * the store name carries the deploy scope: a deploy preview or branch deploy can
 * never read or overwrite production data.
 */
export function dataScope(): string {
  // Browser tests run the built site against their own stores (DATA_SCOPE=e2e),
  // so they never touch a developer's local content.
  const override = process.env['DATA_SCOPE'];
  if (override && /^[a-z0-9-]{1,20}$/.test(override)) return override;
  const context = deployContext();
  if (context === 'production') return 'production';
  if (context === 'dev') return 'dev';
  return 'preview';
}

export function storeName(kind: StoreKind, scope: string = dataScope()): string {
  return `${scope}-${kind}`;
}

export function dataStore(kind: StoreKind): Store {
  // Strong consistency: an admin who saves and reloads sees the change.
  return getStore({ name: storeName(kind), consistency: 'strong' });
}
