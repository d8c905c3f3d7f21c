import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gte, inArray, lt, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, type Language } from '../../i18n/languages';
import { database } from '../../platform/db/client';
import { eachPage, allPages, olderThan, toPage, type Page, type PageQuery } from '../../platform/db/paging';
import { weekOf } from '../../platform/db/columns';
import { newsletterRecipients, newsletterSubscribers as subscribers } from './tables';
import { prefixQuery } from '../../platform/db/search';
import { newId } from '../../platform/ids';
import type { NewsletterInput, NewsletterSubscription, StoredSubscriber } from './schema';
import { normaliseEmail } from '../../platform/emails';

/** Pending sign-ups are forgotten after this long (deleteExpiredPending). */
export const PENDING_DAYS = 30;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

const byEmail = (email: string) => eq(subscribers.email, normaliseEmail(email));
const byToken = (token: string) => eq(subscribers.token, token);

/** The normalised address's SHA-256, hex: names an address (send rows, outbox keys) without holding it. */
export function addressHash(email: string): string {
  return createHash('sha256').update(normaliseEmail(email)).digest('hex');
}

/** What leaves the store for lists and answers: never the token. */
const PUBLIC = {
  id: subscribers.id,
  fullName: subscribers.fullName,
  email: subscribers.email,
  registrationDate: subscribers.registeredAt,
  status: subscribers.status,
  language: subscribers.language,
  confirmedAt: subscribers.confirmedAt,
  unsubscribedAt: subscribers.unsubscribedAt,
};
const STORED = { ...PUBLIC, token: subscribers.token };
const NEWEST = sql`${subscribers.registeredAt} DESC, ${subscribers.id} DESC`;

export type SubscribeResult = { status: 'created' | 'pending'; subscriber: StoredSubscriber } | { status: 'duplicate' };

/** A column's value when an unsubscribed address signs up again (its `excluded` one, or NULL), else as it is. */
function whenUnsubscribed(column: AnyColumn, excluded?: string): SQL {
  const fresh = excluded ? sql.raw(`excluded."${excluded}"`) : sql`NULL`;
  return sql`CASE WHEN ${subscribers.status} = 'unsubscribed' THEN ${fresh} ELSE ${column} END`;
}

/**
 * A sign-up (double opt-in): a confirmed address is a duplicate (nothing written); else `beforeWrite` (the quota), then
 * one upsert: an unsubscribed address signs up anew (new id and date, token kept), a pending one stays as it is.
 * Racing sign-ups of one address meet on its UNIQUE index: one row, one token in every mail.
 */
export async function subscribe(
  {
    email: address,
    fullName,
    language = DEFAULT_LANGUAGE,
  }: Pick<NewsletterInput, 'fullName' | 'email'> & { language?: Language },
  beforeWrite?: () => Promise<void>,
  at = new Date(),
): Promise<SubscribeResult> {
  const email = normaliseEmail(address);
  if ((await getSubscriber(email))?.status === 'confirmed') return { status: 'duplicate' };
  await beforeWrite?.();
  // A given date (seeding, imports) is the id's own time, as the list orders by it.
  const id = newId(at.getTime());
  const fresh = { id, email, addressHash: addressHash(email), fullName, language, registeredAt: at.toISOString() };
  const [row] = await database()
    .insert(subscribers)
    .values({ ...fresh, status: 'pending', token: randomBytes(24).toString('base64url') })
    .onConflictDoUpdate({
      target: subscribers.email,
      set: {
        id: whenUnsubscribed(subscribers.id, 'id'),
        fullName: whenUnsubscribed(subscribers.fullName, 'full_name'),
        language: whenUnsubscribed(subscribers.language, 'language'),
        registeredAt: whenUnsubscribed(subscribers.registeredAt, 'registered_at'),
        confirmedAt: whenUnsubscribed(subscribers.confirmedAt),
        unsubscribedAt: whenUnsubscribed(subscribers.unsubscribedAt),
        status: 'pending',
      },
      // Confirmed meanwhile (a racing confirmation): a duplicate, left as it is.
      setWhere: ne(subscribers.status, 'confirmed'),
    })
    .returning(STORED);
  return row ? { status: row.id === id ? 'created' : 'pending', subscriber: row } : { status: 'duplicate' };
}

/** Takes one of a pending address's `cap` confirmation mails of the UTC day; the row lock orders racing sign-ups. */
export async function takeConfirmationMail(email: string, cap: number, now = new Date()): Promise<boolean> {
  const day = now.toISOString().slice(0, 10);
  const { confirmationDay, confirmationMails } = subscribers;
  const left = sql`(${confirmationDay} IS DISTINCT FROM ${day} OR ${confirmationMails} < ${cap})`;
  const taken = sql`CASE WHEN ${confirmationDay} = ${day} THEN ${confirmationMails} + 1 ELSE 1 END`;
  const pending = and(byEmail(email), eq(subscribers.status, 'pending'), left);
  const set = { confirmationMails: taken, confirmationDay: day };
  const rows = await database().update(subscribers).set(set).where(pending).returning({ id: subscribers.id });
  return rows.length > 0;
}

/** The stored record (any status, with its token) of an address or of a link's token, or null: one statement. */
export async function getSubscriber(key: string | { token: string }): Promise<StoredSubscriber | null> {
  if (typeof key === 'object' && !TOKEN_PATTERN.test(key.token)) return null;
  const where = typeof key === 'string' ? byEmail(key) : byToken(key.token);
  const [row] = await database().select(STORED).from(subscribers).where(where);
  return row ?? null;
}

/**
 * Moves the subscriber of a link's token to `status`, its time stamped unless already there (an unsubscribed address
 * is never confirmed again by an old link): one statement.
 */
async function setStatus(token: string, status: 'confirmed' | 'unsubscribed', now = new Date()) {
  if (!TOKEN_PATTERN.test(token)) return null;
  const time = status === 'confirmed' ? 'confirmedAt' : 'unsubscribedAt';
  const stamp = sql`CASE WHEN ${subscribers.status} = ${status} THEN ${subscribers[time]} ELSE ${now.toISOString()}::timestamptz END`;
  const set = { status, [time]: stamp };
  const where = and(byToken(token), status === 'confirmed' ? ne(subscribers.status, 'unsubscribed') : undefined);
  const [row] = await database().update(subscribers).set(set).where(where).returning(STORED);
  return row ?? null;
}

/** Confirms a pending sign-up (double opt-in); null when the link is unknown or the address unsubscribed. */
export const confirmSubscription = (token: string, now?: Date) => setStatus(token, 'confirmed', now);
/** Unsubscribes at once (one-click); null when the link is unknown. */
export const unsubscribeByToken = (token: string, now?: Date) => setStatus(token, 'unsubscribed', now);

/** A page of subscribers, newest first (keyset), one statement: searched by a whole address or name words' starts. */
export async function listSubscribersPage({ q, cursor, limit }: PageQuery): Promise<Page<NewsletterSubscription>> {
  const email = q.includes('@') ? byEmail(q) : undefined;
  const words = email || !q.trim() ? undefined : prefixQuery(q);
  if (words === null) return { items: [], next: null };
  const named = words === undefined ? undefined : sql`${subscribers.search} @@ to_tsquery('simple', ${words})`;
  const page = and(email, named, olderThan(subscribers.registeredAt, subscribers.id, cursor));
  const more = limit + 1;
  const rows = await database().select(PUBLIC).from(subscribers).where(page).orderBy(NEWEST).limit(more);
  return toPage(rows, limit, (row) => ({ at: new Date(row.registrationDate), id: row.id }));
}

/** One subscriber as the admin list shows it, by id (a link to it: the contact view's), or null. One statement. */
export async function subscriberById(id: string): Promise<NewsletterSubscription | null> {
  const [row] = await database().select(PUBLIC).from(subscribers).where(eq(subscribers.id, id));
  return row ?? null;
}

/** Every subscriber, newest first, a page at a time (CSV exports): never all in memory. */
export const eachSubscriber = () => eachPage((cursor) => listSubscribersPage({ cursor, limit: 500, q: '' }));
/** Every subscriber, newest first, all in memory: for small tables and tests. */
export const listSubscribers = () => allPages(eachSubscriber());

/** Deletes (at most `limit` of) the subscribers a condition names and their rows in issues' sends: one statement. */
async function removeWhere(condition: SQL | undefined, limit = 1): Promise<number> {
  const db = database();
  const ids = db.select({ id: subscribers.id }).from(subscribers).where(condition).limit(limit);
  const target = inArray(subscribers.id, ids);
  const gone = db.$with('gone').as(db.delete(subscribers).where(target).returning({ hash: subscribers.addressHash }));
  const theirs = inArray(newsletterRecipients.addressHash, db.select({ hash: gone.hash }).from(gone));
  const sends = db.$with('sends').as(db.delete(newsletterRecipients).where(theirs).returning());
  const [row] = await db.with(gone, sends).select({ removed: count() }).from(gone);
  return row?.removed ?? 0;
}

/** Removes a subscriber by id (the admin), or by address (privacy erasure); false when there is none. */
export async function deleteSubscriber(key: string | { email: string }): Promise<boolean> {
  return (await removeWhere(typeof key === 'string' ? eq(subscribers.id, key) : byEmail(key.email))) > 0;
}

/** Removes (at most `limit`) sign-ups still pending PENDING_DAYS after they were made: their links stop working. */
export function deleteExpiredPending(now = new Date(), limit = 10_000): Promise<number> {
  const cutoff = new Date(now.getTime() - PENDING_DAYS * 86_400_000).toISOString();
  return removeWhere(and(eq(subscribers.status, 'pending'), lt(subscribers.registeredAt, cutoff)), limit);
}

/** Confirmations per ISO week (Monday, UTC, YYYY-MM-DD) in [from, to), for the overview; weeks without any absent. */
export async function confirmationsPerWeek(from: Date, to: Date): Promise<Record<string, number>> {
  const { confirmedAt } = subscribers;
  const week = weekOf(confirmedAt);
  const between = and(gte(confirmedAt, from.toISOString()), lt(confirmedAt, to.toISOString()));
  const rows = await database().select({ week, count: count() }).from(subscribers).where(between).groupBy(week);
  return Object.fromEntries(rows.map((row) => [row.week, row.count]));
}
