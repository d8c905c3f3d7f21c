import { createHash, randomBytes } from 'node:crypto';
import { dataStore } from '../blobs';
import type { Language } from '../../i18n/languages';
import { newId } from '../ids';
import { listKeys } from './list-keys';
import {
  storedSubscriberSchema,
  type NewsletterInput,
  type NewsletterSubscription,
  type StoredSubscriber,
} from '../schemas/newsletter';

const PREFIX = 'subscribers/';
/** `tokens/{token}` → the subscriber's key: how a confirmation or unsubscribe link finds its subscriber. */
const TOKENS = 'tokens/';

/** Pending sign-ups are forgotten after this long (deleteExpiredPending). */
export const PENDING_DAYS = 30;

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

const store = () => dataStore('newsletter');

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
): Promise<SubscribeResult> {
  const key = subscriberKey(input.email);
  const existing = await read(key);
  if (existing?.status === 'confirmed') return { status: 'duplicate' };
  await beforeWrite?.();
  if (existing?.status === 'pending') return { status: 'pending', subscriber: existing };
  const now = new Date();
  const subscriber: StoredSubscriber = {
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

async function readAll(): Promise<StoredSubscriber[]> {
  const keys = await listKeys(store(), PREFIX);
  const out: StoredSubscriber[] = [];
  for (let i = 0; i < keys.length; i += 50) {
    const values = await Promise.all(keys.slice(i, i + 50).map((key) => read(key)));
    for (const subscriber of values) if (subscriber) out.push(subscriber);
  }
  return out.sort((a, b) => b.id.localeCompare(a.id));
}

/** Every subscriber (any status), newest first, without tokens. */
export async function listSubscribers(): Promise<NewsletterSubscription[]> {
  return (await readAll()).map(publicSubscriber);
}

/** The subscribers an issue goes to: confirmed ones only, with their tokens. */
export async function confirmedSubscribers(): Promise<StoredSubscriber[]> {
  return (await readAll()).filter((subscriber) => subscriber.status === 'confirmed');
}

async function remove(subscriber: StoredSubscriber): Promise<void> {
  await store().delete(subscriberKey(subscriber.email));
  if (subscriber.token) await store().delete(TOKENS + subscriber.token);
}

/** Removes the subscriber with this id; false when there is none. */
export async function deleteSubscriber(id: string): Promise<boolean> {
  const match = (await readAll()).find((subscription) => subscription.id === id);
  if (!match) return false;
  await remove(match);
  return true;
}

/**
 * Removes sign-ups still pending PENDING_DAYS after they were made (for the retention job, which calls it daily);
 * answers how many. Links of a removed sign-up stop working.
 */
export async function deleteExpiredPending(now = new Date()): Promise<number> {
  const cutoff = now.getTime() - PENDING_DAYS * 24 * 60 * 60 * 1000;
  const expired = (await readAll()).filter(
    (subscriber) => subscriber.status === 'pending' && Date.parse(subscriber.registrationDate) < cutoff,
  );
  for (const subscriber of expired) await remove(subscriber);
  return expired.length;
}
