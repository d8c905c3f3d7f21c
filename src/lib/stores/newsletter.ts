import { createHash, randomBytes } from 'node:crypto';
import { blobsServer, dataStore, storeName } from '../blobs';
import type { Language } from '../../i18n/languages';
import { idTime, isId, newId } from '../ids';
import { listKeys } from './list-keys';
import {
  allPages,
  decodeCursor,
  encodeCursor,
  ensureFeed,
  FEED,
  feedKey,
  feedKeys,
  feedPage,
  inBatches,
  nameTerms,
  normaliseSearch,
  parseFeedKey,
  queryTerm,
  pointersToDelete,
  recordPointers,
  SEARCH,
  settledKeys,
  termsReady,
  termFolder,
  termPage,
  writePointers,
  type FeedPage,
  type Page,
  type PageQuery,
} from './feed';
import { feedRange } from './feed-range';
import {
  storedSubscriberSchema,
  type NewsletterInput,
  type NewsletterSubscription,
  type StoredSubscriber,
} from '../schemas/newsletter';
import { markEvent } from './week-markers';

/**
 * Keys (docs/architecture.md, "Storage"): `subscribers/{sha256(e-mail)}` the subscriber (the key keeps one record per
 * address); `tokens/{token}` → the subscriber's key (how a confirmation or unsubscribe link finds its subscriber);
 * `feed/{month}/{day}/{time}-{id}.{hash}` its place in the newest-first feed; `search/{hash of a name
 * term}/{month}/{day}/{time}-{id}.{hash}` one per word of the name and its prefixes, a feed of its own. A search by e-mail reads the subscriber's key.
 */
const PREFIX = 'subscribers/';
const TOKENS = 'tokens/';

/** Pending sign-ups are forgotten after this long (deleteExpiredPending). */
export const PENDING_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const store = () => dataStore('newsletter');

/**
 * The key is a hash of the normalised address, so one address can only ever
 * be one record, whatever order racing sign-ups land in (docs/architecture.md, "Storage").
 * The hash also keeps addresses out of key listings.
 */
export function subscriberKey(email: string): string {
  return PREFIX + addressHash(email);
}

/** The normalised address's SHA-256, hex: names an address in keys without holding it. */
export function addressHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/** A subscriber's secret for their links: 192 random bits. */
function newToken(): string {
  return randomBytes(24).toString('base64url');
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

function parse(raw: unknown): StoredSubscriber | null {
  if (raw === null) return null;
  const parsed = storedSubscriberSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  console.error('Skipping a malformed newsletter record');
  return null;
}

async function read(key: string): Promise<StoredSubscriber | null> {
  return parse(await store().get(key, { type: 'json' }));
}

/** The record without its token: what leaves the store for lists and answers. */
export function publicSubscriber({ token, ...subscriber }: StoredSubscriber): NewsletterSubscription {
  void token;
  return subscriber;
}

/** A subscriber's pointer keys (`keys`: `recordPointers` to write, `pointersToDelete` to delete). */
function pointerKeys(subscription: NewsletterSubscription, keys = recordPointers): string[] {
  const tag = `${subscription.id}.${addressHash(subscription.email)}`;
  return keys(idTime(subscription.id), tag, nameTerms(subscription.fullName));
}

/** The search terms of the subscriber a feed key names (`migrateTerms`). */
async function termsAt(feed: string): Promise<string[]> {
  const subscription = await readPointer(feed);
  return subscription ? nameTerms(subscription.fullName) : [];
}

export type SubscribeResult =
  | { status: 'created'; subscriber: StoredSubscriber }
  | { status: 'pending'; subscriber: StoredSubscriber }
  | { status: 'duplicate' };

/**
 * A sign-up (double opt-in). A confirmed address is a duplicate (nothing written). Otherwise `beforeWrite` runs (the
 * visitor's quota), then a new or unsubscribed address gets a pending record with a new token, and a pending one
 * stays as it is; the answer is the record as stored, whose token the confirmation mail carries. Racing sign-ups of
 * one address leave one record; on the local server each racer may have written its own token first, and each of
 * those tokens keeps working (its `tokens/` entry names the address), so no mail carries a dead link.
 */
export async function subscribe(
  input: Pick<NewsletterInput, 'fullName' | 'email'> & { language?: Language },
  beforeWrite?: () => Promise<void>,
  at?: Date,
): Promise<SubscribeResult> {
  const key = subscriberKey(input.email);
  const existing = await read(key);
  if (existing?.status === 'confirmed') return { status: 'duplicate' };
  await beforeWrite?.();
  if (existing?.status === 'pending') return { status: 'pending', subscriber: existing };
  const now = at ?? new Date();
  const subscriber: StoredSubscriber = {
    // A given date (seeding, imports) is the id's own time (newId keeps a time over a minute before the newest id's),
    // so the feed places the record by it.
    id: newId(now.getTime()),
    fullName: input.fullName,
    email: input.email,
    registrationDate: now.toISOString(),
    status: 'pending',
    language: input.language ?? 'en',
    confirmedAt: null,
    unsubscribedAt: null,
    token: newToken(),
  };
  await store().setJSON(TOKENS + subscriber.token, { key });
  const { modified } = existing
    ? await store().setJSON(key, subscriber)
    : await store().setJSON(key, subscriber, { onlyIfNew: true });
  const stored = modified ? subscriber : await read(key);
  // A new record gets its places in the feed and the name index; where a race left two (the local server), a page
  // shows only the one the key holds.
  if (modified) await writePointers(store(), pointerKeys(subscriber));
  if (!stored) return { status: 'created', subscriber };
  if (stored.status === 'confirmed') return { status: 'duplicate' };
  return { status: modified ? 'created' : 'pending', subscriber: stored };
}

/** The stored record of an address (any status), or null. */
export async function getSubscriber(email: string): Promise<StoredSubscriber | null> {
  return read(subscriberKey(email));
}

/** The subscriber a link's token belongs to (null: unknown token, or the subscriber was removed). */
export async function subscriberByToken(token: string): Promise<{ key: string; subscriber: StoredSubscriber } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const entry = (await store().get(TOKENS + token, { type: 'json' })) as { key?: unknown } | null;
  if (typeof entry?.key !== 'string' || !entry.key.startsWith(PREFIX)) return null;
  const subscriber = await read(entry.key);
  return subscriber ? { key: entry.key, subscriber } : null;
}

/** Confirms a pending sign-up; a confirmed one stays so. Null when the link is unknown or the address unsubscribed. */
export async function confirmSubscription(token: string, now = new Date()): Promise<StoredSubscriber | null> {
  const found = await subscriberByToken(token);
  if (!found || found.subscriber.status === 'unsubscribed') return null;
  if (found.subscriber.status === 'confirmed') return found.subscriber;
  const confirmed: StoredSubscriber = { ...found.subscriber, status: 'confirmed', confirmedAt: now.toISOString() };
  await store().setJSON(found.key, confirmed);
  await markEvent('subscribers', confirmed.id, now);
  return confirmed;
}

/** Unsubscribes at once (one-click); already unsubscribed stays so. Null when the link is unknown. */
export async function unsubscribeByToken(token: string, now = new Date()): Promise<StoredSubscriber | null> {
  const found = await subscriberByToken(token);
  if (!found) return null;
  if (found.subscriber.status === 'unsubscribed') return found.subscriber;
  const gone: StoredSubscriber = { ...found.subscriber, status: 'unsubscribed', unsubscribedAt: now.toISOString() };
  await store().setJSON(found.key, gone);
  return gone;
}

/**
 * A subscriber's token for their links, made (and stored) for a record from before double opt-in that has none.
 * For sending issues: `unsubscribeHeaders(await subscriberToken(s))`.
 */
export async function subscriberToken(subscriber: StoredSubscriber): Promise<string> {
  if (subscriber.token) return subscriber.token;
  const key = subscriberKey(subscriber.email);
  const token = newToken();
  await store().setJSON(TOKENS + token, { key });
  await store().setJSON(key, { ...subscriber, token });
  return token;
}

/** The subscriber with this address (case-insensitive), or null: one read. */
export async function getSubscriberByEmail(email: string): Promise<NewsletterSubscription | null> {
  const subscriber = await read(subscriberKey(email));
  return subscriber && publicSubscriber(subscriber);
}

/** The subscriber a pointer names, if the address's key still holds that very subscription. */
async function readTag(tag: string): Promise<StoredSubscriber | null> {
  const match = /^([0-9a-z]{26})\.([0-9a-f]{64})$/.exec(tag);
  if (!match) return null;
  const subscription = await read(PREFIX + match[2]);
  return subscription?.id === match[1] ? subscription : null;
}

async function readPointer(key: string): Promise<StoredSubscriber | null> {
  const pointer = parseFeedKey(key);
  return pointer ? readTag(pointer.tag) : null;
}

async function readStoredPage(keys: string[]): Promise<StoredSubscriber[]> {
  return (await inBatches(keys, 50, readPointer)).filter((s): s is StoredSubscriber => s !== null);
}

async function readPage(keys: string[]): Promise<NewsletterSubscription[]> {
  return (await readStoredPage(keys)).map(publicSubscriber);
}

async function backfill(): Promise<void> {
  const s = store();
  await inBatches(await listKeys(s, PREFIX), 50, async (key) => {
    const subscription = await read(key);
    if (subscription && isId(subscription.id)) await writePointers(s, pointerKeys(subscription));
  });
}

const storeId = () => `${storeName('newsletter')}|${blobsServer().instance}`;

async function ready(): Promise<void> {
  await ensureFeed(store(), storeId(), backfill);
}

/**
 * A page of subscribers, newest first. A search with `@` reads the address's one key; other searches use the name
 * index (a word, or a prefix of at least 3 characters) and check every word.
 */
export async function listSubscribersPage(query: PageQuery): Promise<Page<NewsletterSubscription>> {
  await ready();
  const q = normaliseSearch(query.q);
  if (q.includes('@')) {
    const subscription = query.cursor ? null : await getSubscriberByEmail(q);
    return { items: subscription ? [subscription] : [], next: null };
  }
  const cursor = decodeCursor(query.cursor);
  let page: FeedPage;
  if (q) {
    const term = queryTerm(q);
    if (!term) return { items: [], next: null };
    await termsReady(store(), storeId(), termsAt);
    page = await termPage(store(), termFolder(SEARCH, term), query.limit, cursor);
  } else {
    page = await feedPage(store(), FEED, query.limit, cursor);
  }
  let items = await readPage(page.keys);
  if (q) {
    const parts = q.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    items = items.filter((s) => {
      const words = normaliseSearch(s.fullName).split(/[^\p{L}\p{N}]+/u);
      return parts.every((part) => words.some((word) => word.startsWith(part)));
    });
  }
  return { items, next: encodeCursor(page.next) };
}

/** Every subscriber, newest first, a page at a time (CSV exports): never all in memory. */
export async function* eachSubscriber(): AsyncGenerator<NewsletterSubscription[]> {
  await ready();
  for await (const keys of feedKeys(store(), FEED)) yield await readPage(keys);
}

/** Every subscriber, newest first. Reads them all: for small stores and tests; lists use listSubscribersPage. */
export async function listSubscribers(): Promise<NewsletterSubscription[]> {
  return allPages(eachSubscriber());
}

/** The subscribers an issue goes to: confirmed ones only, with their tokens, a page at a time. */
export async function* eachConfirmedSubscriber(): AsyncGenerator<StoredSubscriber[]> {
  await ready();
  for await (const keys of feedKeys(store(), FEED)) {
    yield (await readStoredPage(keys)).filter((subscriber) => subscriber.status === 'confirmed');
  }
}

/** The subscribers an issue goes to: confirmed ones only, with their tokens (all in memory: small lists, tests). */
export async function confirmedSubscribers(): Promise<StoredSubscriber[]> {
  return allPages(eachConfirmedSubscriber());
}

/** Removes a subscriber, its link token and its pointers. */
export async function removeSubscription(
  subscription: NewsletterSubscription & { token?: string | null },
): Promise<void> {
  const s = store();
  await Promise.all(pointerKeys(subscription, pointersToDelete).map((key) => s.delete(key)));
  const stored = subscription.token === undefined ? await read(subscriberKey(subscription.email)) : null;
  const token = subscription.token ?? stored?.token;
  if (token) await s.delete(TOKENS + token);
  await s.delete(subscriberKey(subscription.email));
}

/**
 * Removes the subscriber with this id; false when there is none. Constant cost: the id's time names its day folder,
 * whose pointer names the address's key.
 */
export async function deleteSubscriber(id: string): Promise<boolean> {
  if (!isId(id)) return false;
  await ready();
  const day = feedKey(FEED, idTime(id), id).split('/').slice(0, 3).join('/');
  const pointer = (await settledKeys(store(), `${day}/`)).find((key) => parseFeedKey(key)?.tag.startsWith(`${id}.`));
  const subscription = pointer ? await readPointer(pointer) : null;
  if (!subscription) return false;
  await removeSubscription(subscription);
  return true;
}

/**
 * Removes sign-ups still pending PENDING_DAYS after they were made (for the retention job, which calls it daily);
 * answers how many. Links of a removed sign-up stop working. Only the feed's days of the month before the cutoff are
 * opened (src/lib/stores/feed-range.ts), so a run costs the same however many subscribers there are; a job that
 * missed more than a month of runs leaves the older ones (they can be deleted from the dashboard).
 */
export async function deleteExpiredPending(now = new Date()): Promise<number> {
  await ready();
  const cutoff = now.getTime() - PENDING_DAYS * DAY_MS;
  const { records } = await feedRange(store(), FEED, cutoff - PENDING_DAYS * DAY_MS, cutoff, 5_000);
  let removed = 0;
  for (const { tag } of records) {
    const subscriber = await readTag(tag);
    if (subscriber?.status !== 'pending' || Date.parse(subscriber.registrationDate) >= cutoff) continue;
    await removeSubscription(subscriber);
    removed += 1;
  }
  return removed;
}
