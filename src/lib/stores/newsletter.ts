import { createHash } from 'node:crypto';
import { dataStore } from '../blobs';
import { newId } from '../ids';
import { listKeys } from './list-keys';
import { newsletterSubscriptionSchema, type NewsletterInput, type NewsletterSubscription } from '../schemas/newsletter';

const PREFIX = 'subscribers/';

/**
 * The key is a hash of the normalised address, so one address can only ever
 * be one record, whatever order racing sign-ups land in (docs/architecture.md, "Storage").
 * The hash also keeps addresses out of key listings.
 */
export function subscriberKey(email: string): string {
  return PREFIX + createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

export type SubscribeResult = { status: 'created'; subscription: NewsletterSubscription } | { status: 'duplicate' };

/** `beforeCreate` runs once the address is not known to be subscribed, before the write (the visitor's quota). */
export async function subscribe(
  input: Pick<NewsletterInput, 'fullName' | 'email'>,
  beforeCreate?: () => Promise<void>,
): Promise<SubscribeResult> {
  const store = dataStore('newsletter');
  const key = subscriberKey(input.email);
  const now = new Date();
  const subscription: NewsletterSubscription = {
    id: newId(now.getTime()),
    fullName: input.fullName,
    email: input.email,
    registrationDate: now.toISOString(),
  };
  // Cheap early answer for the common case of a repeat sign-up.
  if ((await store.getMetadata(key)) !== null) return { status: 'duplicate' };
  await beforeCreate?.();
  const { modified } = await store.setJSON(key, subscription, { onlyIfNew: true });
  return modified ? { status: 'created', subscription } : { status: 'duplicate' };
}

/** Every subscriber, newest first. */
export async function listSubscribers(): Promise<NewsletterSubscription[]> {
  const store = dataStore('newsletter');
  const keys = await listKeys(store, PREFIX);
  const out: NewsletterSubscription[] = [];
  for (let i = 0; i < keys.length; i += 50) {
    const values = await Promise.all(
      keys.slice(i, i + 50).map((key) => store.get(key, { type: 'json' }) as Promise<unknown>),
    );
    for (const raw of values) {
      const parsed = newsletterSubscriptionSchema.safeParse(raw);
      if (parsed.success) out.push(parsed.data);
      else if (raw !== null) console.error('Skipping a malformed newsletter record');
    }
  }
  return out.sort((a, b) => b.id.localeCompare(a.id));
}

/** Removes the subscriber with this id; false when there is none. */
export async function deleteSubscriber(id: string): Promise<boolean> {
  const match = (await listSubscribers()).find((subscription) => subscription.id === id);
  if (!match) return false;
  await dataStore('newsletter').delete(subscriberKey(match.email));
  return true;
}

/** The subscription of an address, or null (one read: the key is the address's hash). */
export async function getSubscription(email: string): Promise<NewsletterSubscription | null> {
  const raw: unknown = await dataStore('newsletter').get(subscriberKey(email), { type: 'json' });
  const parsed = newsletterSubscriptionSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** Removes the subscription of an address; false when there is none. */
export async function deleteSubscription(email: string): Promise<boolean> {
  const store = dataStore('newsletter');
  if ((await store.getMetadata(subscriberKey(email))) === null) return false;
  await store.delete(subscriberKey(email));
  return true;
}
