import { createHash } from 'node:crypto';
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
  | 'auth'
  | 'quotas'
  | 'audit'
  | 'investor-updates'
  | 'documents'
  | 'document-files'
  | 'mail'
  | 'privacy'
  | 'stats'
  | 'taxonomy'
  | 'newsletter-issues';

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

/** The Blobs context of this process, as `getStore` reads it (a base64 JSON set by Netlify or netlify-cli). */
function blobsContext(): Record<string, unknown> {
  const encoded =
    (globalThis as { netlifyBlobsContext?: unknown }).netlifyBlobsContext ?? process.env['NETLIFY_BLOBS_CONTEXT'];
  if (typeof encoded !== 'string' || !encoded) return {};
  try {
    const context: unknown = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
    return typeof context === 'object' && context !== null ? (context as Record<string, unknown>) : {};
  } catch {
    // Not ours to judge: getStore reports a bad context.
    return {};
  }
}

/**
 * Whether this process talks to the local Blobs server (`netlify dev`, `netlify serve`, tests, scripts), whose
 * conditional writes are not atomic (docs/architecture.md, "Local Blobs quirks"); the site the Blobs belong to; and
 * which running server it is (a hash of its address and token: each test's server is another).
 */
export function blobsServer(): { local: boolean; siteID: string; instance: string } {
  const context = blobsContext();
  const text = (name: string) => (typeof context[name] === 'string' ? context[name] : '');
  const loopback = URL.canParse(text('edgeURL'))
    ? ['localhost', '127.0.0.1', '[::1]'].includes(new URL(text('edgeURL')).hostname)
    : false;
  return {
    local: loopback || Boolean(process.env['NETLIFY_DEV'] || process.env['NETLIFY_LOCAL']),
    siteID: text('siteID'),
    instance: createHash('sha256')
      .update(`${text('edgeURL')}\n${text('token')}`)
      .digest('hex')
      .slice(0, 16),
  };
}
