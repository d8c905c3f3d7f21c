import { createHash } from 'node:crypto';
import { blobsServer, dataStore, storeName } from '../blobs';
import { idAt, idTime, isId, newId } from '../ids';
import { listKeys } from './list-keys';
import {
  decodeCursor,
  encodeCursor,
  ensureFeed,
  feedKey,
  feedKeys,
  feedPage,
  inBatches,
  nameTerms,
  normaliseSearch,
  parseFeedKey,
  queryTerm,
  settledKeys,
  termFolder,
  termPage,
  type FeedPage,
  type Page,
  type PageQuery,
} from './feed';
import { newsletterSubscriptionSchema, type NewsletterInput, type NewsletterSubscription } from '../schemas/newsletter';

/**
 * Keys (docs/architecture.md, "Storage"): `subscribers/{sha256(e-mail)}` the subscriber (the key keeps one record per
 * address); `feed/{month}/{day}/{time}-{id}.{hash}` its place in the newest-first feed; `search/{hash of a name
 * term}/{time}-{id}.{hash}` one per word of the name and its prefixes. A search by e-mail reads the subscriber's key.
 */
const PREFIX = 'subscribers/';
const FEED = 'feed';
const SEARCH = 'search';

const store = () => dataStore('newsletter');

function emailHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/**
 * The key is a hash of the normalised address, so one address can only ever
 * be one record, whatever order racing sign-ups land in (docs/architecture.md, "Storage").
 * The hash also keeps addresses out of key listings.
 */
export function subscriberKey(email: string): string {
  return PREFIX + emailHash(email);
}

function pointerKeys(subscription: NewsletterSubscription): string[] {
  const tag = `${subscription.id}.${emailHash(subscription.email)}`;
  const feed = feedKey(FEED, idTime(subscription.id), tag);
  const file = feed.split('/').pop() as string;
  return [feed, ...nameTerms(subscription.fullName).map((term) => `${termFolder(SEARCH, term)}/${file}`)];
}

async function writePointers(subscription: NewsletterSubscription): Promise<void> {
  const s = store();
  await Promise.all(pointerKeys(subscription).map((key) => s.set(key, '')));
}

export type SubscribeResult = { status: 'created'; subscription: NewsletterSubscription } | { status: 'duplicate' };

/** `beforeCreate` runs once the address is not known to be subscribed, before the write (the visitor's quota). */
export async function subscribe(
  input: Pick<NewsletterInput, 'fullName' | 'email'>,
  beforeCreate?: () => Promise<void>,
  at?: Date,
): Promise<SubscribeResult> {
  const s = store();
  const key = subscriberKey(input.email);
  const now = at ?? new Date();
  const subscription: NewsletterSubscription = {
    // A given date (seeding, imports) is the id's own time, so the feed places the record by it.
    id: at ? idAt(at.getTime()) : newId(now.getTime()),
    fullName: input.fullName,
    email: input.email,
    registrationDate: now.toISOString(),
  };
  // Cheap early answer for the common case of a repeat sign-up.
  if ((await s.getMetadata(key)) !== null) return { status: 'duplicate' };
  await beforeCreate?.();
  const { modified } = await s.setJSON(key, subscription, { onlyIfNew: true });
  if (!modified) return { status: 'duplicate' };
  // Where a race left two pointers for one address (the local server), a page shows only the one the key holds.
  await writePointers(subscription);
  return { status: 'created', subscription };
}

function parse(raw: unknown): NewsletterSubscription | null {
  if (raw === null) return null;
  const parsed = newsletterSubscriptionSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  console.error('Skipping a malformed newsletter record');
  return null;
}

/** The subscriber with this address (case-insensitive), or null: one read. */
export async function getSubscriberByEmail(email: string): Promise<NewsletterSubscription | null> {
  return parse(await store().get(subscriberKey(email), { type: 'json' }));
}

/** The subscriber a pointer names, if the address's key still holds that very subscription. */
async function readPointer(key: string): Promise<NewsletterSubscription | null> {
  const pointer = parseFeedKey(key);
  const match = pointer && /^([0-9a-z]{26})\.([0-9a-f]{64})$/.exec(pointer.tag);
  if (!match) return null;
  const subscription = parse(await store().get(PREFIX + match[2], { type: 'json' }));
  return subscription?.id === match[1] ? subscription : null;
}

async function readPage(keys: string[]): Promise<NewsletterSubscription[]> {
  return (await inBatches(keys, 50, readPointer)).filter((s): s is NewsletterSubscription => s !== null);
}

async function backfill(): Promise<void> {
  const s = store();
  await inBatches(await listKeys(s, PREFIX), 50, async (key) => {
    const subscription = parse(await s.get(key, { type: 'json' }));
    if (subscription && isId(subscription.id)) await writePointers(subscription);
  });
}

function ready(): Promise<void> {
  return ensureFeed(store(), `${storeName('newsletter')}|${blobsServer().instance}`, backfill);
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
  const out: NewsletterSubscription[] = [];
  for await (const page of eachSubscriber()) out.push(...page);
  return out;
}

/** Removes a subscriber and its pointers. */
export async function removeSubscription(subscription: NewsletterSubscription): Promise<void> {
  const s = store();
  await Promise.all(pointerKeys(subscription).map((key) => s.delete(key)));
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
