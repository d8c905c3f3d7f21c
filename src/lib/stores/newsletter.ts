import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, gte, inArray, lt, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Language } from '../../i18n/languages';
import { database } from '../db/client';
import { eachPage, allPages, olderThan, toPage, type Page, type PageQuery } from '../db/paging';
import { newsletterRecipients, newsletterSubscribers as subscribers } from '../db/schema';
import { prefixQuery } from '../db/search';
import { newId } from '../ids';
import type {
  NewsletterInput,
  NewsletterSubscription,
  StoredSubscriber,
  SubscriberStatus,
} from '../schemas/newsletter';

/** Pending sign-ups are forgotten after this long (deleteExpiredPending). */
export const PENDING_DAYS = 30;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

const normalEmail = (email: string) => email.trim().toLowerCase();
const byEmail = (email: string) => eq(subscribers.email, normalEmail(email));

/** The normalised address's SHA-256, hex: names an address (send rows, outbox keys) without holding it. */
export function addressHash(email: string): string {
  return createHash('sha256').update(normalEmail(email)).digest('hex');
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

export type SubscribeResult = { status: 'created' | 'pending'; subscriber: StoredSubscriber } | { status: 'duplicate' };

/** A column's new value when an unsubscribed address signs up again (a new sign-up), else its value as it is. */
function whenUnsubscribed(column: AnyColumn, fresh: SQL): SQL {
  return sql`CASE WHEN ${subscribers.status} = 'unsubscribed' THEN ${fresh} ELSE ${column} END`;
}

/**
 * A sign-up (double opt-in). A confirmed address is a duplicate (nothing written). Otherwise `beforeWrite` runs (the
 * visitor's quota), then one statement: a new address gets a pending row, an unsubscribed one becomes a new pending
 * sign-up (new id and date, its link token kept), a pending one stays as it is. Racing sign-ups of one address meet
 * on its UNIQUE index: one row, one token in every mail.
 */
export async function subscribe(
  input: Pick<NewsletterInput, 'fullName' | 'email'> & { language?: Language },
  beforeWrite?: () => Promise<void>,
  at = new Date(),
): Promise<SubscribeResult> {
  const email = normalEmail(input.email);
  if ((await getSubscriber(email))?.status === 'confirmed') return { status: 'duplicate' };
  await beforeWrite?.();
  // A given date (seeding, imports) is the id's own time, as the list orders by it.
  const id = newId(at.getTime());
  const excluded = (column: string) => sql.raw(`excluded."${column}"`);
  const [row] = await database()
    .insert(subscribers)
    .values({
      id,
      email,
      addressHash: addressHash(email),
      fullName: input.fullName,
      language: input.language ?? 'en',
      status: 'pending',
      token: randomBytes(24).toString('base64url'),
      registeredAt: at.toISOString(),
    })
    .onConflictDoUpdate({
      target: subscribers.email,
      set: {
        id: whenUnsubscribed(subscribers.id, excluded('id')),
        fullName: whenUnsubscribed(subscribers.fullName, excluded('full_name')),
        language: whenUnsubscribed(subscribers.language, excluded('language')),
        registeredAt: whenUnsubscribed(subscribers.registeredAt, excluded('registered_at')),
        confirmedAt: whenUnsubscribed(subscribers.confirmedAt, sql`NULL`),
        unsubscribedAt: whenUnsubscribed(subscribers.unsubscribedAt, sql`NULL`),
        status: sql`'pending'`,
      },
      // Confirmed meanwhile (a racing confirmation): a duplicate, left as it is.
      setWhere: ne(subscribers.status, 'confirmed'),
    })
    .returning(STORED);
  return row ? { status: row.id === id ? 'created' : 'pending', subscriber: row } : { status: 'duplicate' };
}

/**
 * Takes one of the address's `cap` confirmation mails of `now`'s UTC day, if it is pending and fewer were sent:
 * one statement, whose row lock orders racing sign-ups (each sees the count the previous left).
 */
export async function takeConfirmationMail(email: string, cap: number, now = new Date()): Promise<boolean> {
  const day = now.toISOString().slice(0, 10);
  const { confirmationDay, confirmationMails } = subscribers;
  const left = sql`(${confirmationDay} IS DISTINCT FROM ${day} OR ${confirmationMails} < ${cap})`;
  const rows = await database()
    .update(subscribers)
    .set({
      confirmationMails: sql`CASE WHEN ${confirmationDay} = ${day} THEN ${confirmationMails} + 1 ELSE 1 END`,
      confirmationDay: day,
    })
    .where(and(byEmail(email), eq(subscribers.status, 'pending'), left))
    .returning({ id: subscribers.id });
  return rows.length > 0;
}

/** The stored record (any status, with its token) of an address or of a link's token, or null: one statement. */
export async function getSubscriber(key: string | { token: string }): Promise<StoredSubscriber | null> {
  if (typeof key === 'object' && !TOKEN_PATTERN.test(key.token)) return null;
  const where = typeof key === 'string' ? byEmail(key) : eq(subscribers.token, key.token);
  const [row] = await database().select(STORED).from(subscribers).where(where);
  return row ?? null;
}

/** Moves the subscriber of a link's token to `status`, its time stamped unless already there: one statement. */
async function setStatus(token: string, status: 'confirmed' | 'unsubscribed', now: Date, only?: SQL) {
  if (!TOKEN_PATTERN.test(token)) return null;
  const time = status === 'confirmed' ? 'confirmedAt' : 'unsubscribedAt';
  const stamp = sql`CASE WHEN ${subscribers.status} = ${status} THEN ${subscribers[time]} ELSE ${now.toISOString()}::timestamptz END`;
  const [row] = await database()
    .update(subscribers)
    .set({ status, [time]: stamp })
    .where(and(eq(subscribers.token, token), only))
    .returning(STORED);
  return row ?? null;
}

/** Confirms a pending sign-up; a confirmed one stays so. Null when the link is unknown or the address unsubscribed. */
export function confirmSubscription(token: string, now = new Date()): Promise<StoredSubscriber | null> {
  return setStatus(token, 'confirmed', now, ne(subscribers.status, 'unsubscribed'));
}

/** Unsubscribes at once (one-click); already unsubscribed stays so. Null when the link is unknown. */
export function unsubscribeByToken(token: string, now = new Date()): Promise<StoredSubscriber | null> {
  return setStatus(token, 'unsubscribed', now);
}

/**
 * The admin's search: an address (it has an `@`) is looked up whole, on the UNIQUE index; other text is name words or
 * their first letters, all required, on the stored tsvector. Null when nothing can match.
 */
function searchCondition(q: string): SQL | null | undefined {
  if (!q.trim()) return undefined;
  if (q.includes('@')) return byEmail(q);
  const words = prefixQuery(q);
  return words === null ? null : sql`${subscribers.search} @@ to_tsquery('simple', ${words})`;
}

/** A page of subscribers (of a status), newest first (keyset: registration time and id), maybe searched: one statement. */
export async function listSubscribersPage(
  query: PageQuery,
  status?: SubscriberStatus,
): Promise<Page<NewsletterSubscription>> {
  const search = searchCondition(query.q);
  if (search === null) return { items: [], next: null };
  const page = and(
    status && eq(subscribers.status, status),
    search,
    olderThan(subscribers.registeredAt, subscribers.id, query.cursor),
  );
  const rows = await database()
    .select(PUBLIC)
    .from(subscribers)
    .where(page)
    .orderBy(desc(subscribers.registeredAt), desc(subscribers.id))
    .limit(query.limit + 1);
  return toPage(rows, query.limit, (row) => ({ at: new Date(row.registrationDate), id: row.id }));
}

/** Every subscriber (of a status), newest first, a page at a time (CSV exports): never all in memory. */
export function eachSubscriber(status?: SubscriberStatus): AsyncGenerator<NewsletterSubscription[]> {
  return eachPage((cursor) => listSubscribersPage({ cursor, limit: 500, q: '' }, status));
}

/** Every subscriber (of a status), newest first, all in memory: for small tables and tests. */
export async function listSubscribers(status?: SubscriberStatus): Promise<NewsletterSubscription[]> {
  return allPages(eachSubscriber(status));
}

/**
 * Deletes (at most `limit` of) the subscribers a condition names, with their rows in issues' sends (named by the
 * address's hash): one statement. Answers how many subscribers it deleted.
 */
async function removeWhere(condition: SQL | undefined, limit = 1): Promise<number> {
  const db = database();
  const target = db.select({ id: subscribers.id }).from(subscribers).where(condition).limit(limit);
  const gone = db
    .$with('gone')
    .as(db.delete(subscribers).where(inArray(subscribers.id, target)).returning({ hash: subscribers.addressHash }));
  const hashes = db.select({ hash: gone.hash }).from(gone);
  const sends = db
    .$with('sends')
    .as(db.delete(newsletterRecipients).where(inArray(newsletterRecipients.addressHash, hashes)).returning());
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
  const week = sql<string>`to_char(date_trunc('week', ${confirmedAt} AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`;
  const between = and(gte(confirmedAt, from.toISOString()), lt(confirmedAt, to.toISOString()));
  const rows = await database().select({ week, count: count() }).from(subscribers).where(between).groupBy(week);
  return Object.fromEntries(rows.map((row) => [row.week, row.count]));
}
