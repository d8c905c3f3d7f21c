import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, gte, inArray, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Language } from '../../i18n/languages';
import { database } from '../db/client';
import { eachPage, allPages, olderThan, toPage, type Page, type PageQuery } from '../db/paging';
import { newsletterRecipients, newsletterSubscribers as subscribers } from '../db/schema';
import { prefixQuery } from '../db/search';
import { newId } from '../ids';
import type { NewsletterInput, NewsletterSubscription, StoredSubscriber } from '../schemas/newsletter';

/**
 * Newsletter subscribers, one row per address (src/lib/db/schema/newsletter.ts): the address is stored lower-cased
 * and trimmed under a UNIQUE index, so racing sign-ups of one address meet on one row; its link token is UNIQUE too.
 */

/** Pending sign-ups are forgotten after this long (deleteExpiredPending). */
export const PENDING_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows a page of an export (or of the confirmed subscribers) reads at a time. */
const EXPORT_PAGE = 500;

function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The normalised address's SHA-256, hex: names an address (send rows, outbox keys) without holding it. */
export function addressHash(email: string): string {
  return createHash('sha256').update(normalEmail(email)).digest('hex');
}

/** A subscriber's secret for their links: 192 random bits. */
function newToken(): string {
  return randomBytes(24).toString('base64url');
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

type Row = typeof subscribers.$inferSelect;

/** What leaves the store for lists and answers: never the token. */
const PUBLIC_COLUMNS = {
  id: subscribers.id,
  fullName: subscribers.fullName,
  email: subscribers.email,
  registeredAt: subscribers.registeredAt,
  status: subscribers.status,
  language: subscribers.language,
  confirmedAt: subscribers.confirmedAt,
  unsubscribedAt: subscribers.unsubscribedAt,
};
const STORED_COLUMNS = { ...PUBLIC_COLUMNS, token: subscribers.token };

type PublicRow = Pick<Row, keyof typeof PUBLIC_COLUMNS>;

function toSubscription(row: PublicRow): NewsletterSubscription {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    registrationDate: row.registeredAt.toISOString(),
    status: row.status,
    language: row.language,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
  };
}

function toStored(row: PublicRow & Pick<Row, 'token'>): StoredSubscriber {
  return { ...toSubscription(row), token: row.token };
}

export type SubscribeResult =
  | { status: 'created'; subscriber: StoredSubscriber }
  | { status: 'pending'; subscriber: StoredSubscriber }
  | { status: 'duplicate' };

/** A column's new value when an unsubscribed address signs up again (a new sign-up), else its value as it is. */
function whenUnsubscribed(column: AnyColumn, fresh: SQL): SQL {
  return sql`CASE WHEN ${subscribers.status} = 'unsubscribed' THEN ${fresh} ELSE ${column} END`;
}

/**
 * A sign-up (double opt-in). A confirmed address is a duplicate (nothing written). Otherwise `beforeWrite` runs (the
 * visitor's quota), then one statement: a new address gets a pending row, an unsubscribed one becomes a new pending
 * sign-up (new id and date, its link token kept), a pending one stays as it is; the answer is the row as stored,
 * whose token the confirmation mail carries. Racing sign-ups of one address meet on its UNIQUE index: one row, one
 * token in every mail.
 */
export async function subscribe(
  input: Pick<NewsletterInput, 'fullName' | 'email'> & { language?: Language },
  beforeWrite?: () => Promise<void>,
  at?: Date,
): Promise<SubscribeResult> {
  const email = normalEmail(input.email);
  const existing = await getSubscriber(email);
  if (existing?.status === 'confirmed') return { status: 'duplicate' };
  await beforeWrite?.();
  const now = at ?? new Date();
  // A given date (seeding, imports) is the id's own time, as the list orders by it.
  const id = newId(now.getTime());
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
      token: newToken(),
      registeredAt: now,
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
      setWhere: sql`${subscribers.status} <> 'confirmed'`,
    })
    .returning(STORED_COLUMNS);
  if (!row) return { status: 'duplicate' };
  return { status: row.id === id ? 'created' : 'pending', subscriber: toStored(row) };
}

/**
 * Takes one of the address's `cap` confirmation mails of `now`'s UTC day, if it is pending and fewer were sent:
 * one statement, whose row lock orders racing sign-ups (each sees the count the previous left).
 */
export async function takeConfirmationMail(email: string, cap: number, now = new Date()): Promise<boolean> {
  const day = now.toISOString().slice(0, 10);
  const rows = await database()
    .update(subscribers)
    .set({
      confirmationMails: sql`CASE WHEN ${subscribers.confirmationDay} = ${day} THEN ${subscribers.confirmationMails} + 1 ELSE 1 END`,
      confirmationDay: day,
    })
    .where(
      and(
        eq(subscribers.email, normalEmail(email)),
        eq(subscribers.status, 'pending'),
        sql`(${subscribers.confirmationDay} IS DISTINCT FROM ${day} OR ${subscribers.confirmationMails} < ${cap})`,
      ),
    )
    .returning({ id: subscribers.id });
  return rows.length > 0;
}

/** The stored record of an address (any status, with its token), or null: one statement. */
export async function getSubscriber(email: string): Promise<StoredSubscriber | null> {
  const [row] = await database()
    .select(STORED_COLUMNS)
    .from(subscribers)
    .where(eq(subscribers.email, normalEmail(email)));
  return row ? toStored(row) : null;
}

/** The subscriber with this address (case-insensitive), or null: one statement. */
export async function getSubscriberByEmail(email: string): Promise<NewsletterSubscription | null> {
  const [row] = await database()
    .select(PUBLIC_COLUMNS)
    .from(subscribers)
    .where(eq(subscribers.email, normalEmail(email)));
  return row ? toSubscription(row) : null;
}

/** The subscriber a link's token belongs to (null: unknown token, or the subscriber was removed). */
export async function subscriberByToken(token: string): Promise<StoredSubscriber | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await database().select(STORED_COLUMNS).from(subscribers).where(eq(subscribers.token, token));
  return row ? toStored(row) : null;
}

/**
 * Confirms a pending sign-up; a confirmed one stays so (its confirmation time kept). Null when the link is unknown or
 * the address unsubscribed. One statement.
 */
export async function confirmSubscription(token: string, now = new Date()): Promise<StoredSubscriber | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await database()
    .update(subscribers)
    .set({
      confirmedAt: sql`CASE WHEN ${subscribers.status} = 'pending' THEN ${now.toISOString()}::timestamptz ELSE ${subscribers.confirmedAt} END`,
      status: 'confirmed',
    })
    .where(and(eq(subscribers.token, token), inArray(subscribers.status, ['pending', 'confirmed'])))
    .returning(STORED_COLUMNS);
  return row ? toStored(row) : null;
}

/** Unsubscribes at once (one-click); already unsubscribed stays so. Null when the link is unknown. One statement. */
export async function unsubscribeByToken(token: string, now = new Date()): Promise<StoredSubscriber | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await database()
    .update(subscribers)
    .set({
      unsubscribedAt: sql`CASE WHEN ${subscribers.status} = 'unsubscribed' THEN ${subscribers.unsubscribedAt} ELSE ${now.toISOString()}::timestamptz END`,
      status: 'unsubscribed',
    })
    .where(eq(subscribers.token, token))
    .returning(STORED_COLUMNS);
  return row ? toStored(row) : null;
}

/** A subscriber's token for their links (every row has one): `unsubscribeHeaders(await subscriberToken(s))`. */
export async function subscriberToken(subscriber: StoredSubscriber): Promise<string> {
  if (subscriber.token) return subscriber.token;
  const stored = await getSubscriber(subscriber.email);
  if (!stored?.token) throw new Error(`Subscriber ${subscriber.id} has no token`);
  return stored.token;
}

/**
 * The admin's search as a condition: an address (it has an `@`) is looked up whole, on the UNIQUE index; other text is
 * name words or their first letters, all required, on the stored tsvector. Null when nothing can match.
 */
function searchCondition(q: string): SQL | null | undefined {
  if (!q.trim()) return undefined;
  if (q.includes('@')) return eq(subscribers.email, normalEmail(q));
  const query = prefixQuery(q);
  return query === null ? null : sql`${subscribers.search} @@ to_tsquery('simple', ${query})`;
}

/**
 * A page of subscribers, newest first (keyset: registration time and id), optionally searched by name words or their
 * first letters (all required) or a whole address: one statement.
 */
export async function listSubscribersPage(query: PageQuery): Promise<Page<NewsletterSubscription>> {
  return page(query, undefined, (row) => toSubscription(row));
}

async function page<T>(
  query: PageQuery,
  filter: SQL | undefined,
  map: (row: PublicRow & Pick<Row, 'token'>) => T,
): Promise<Page<T>> {
  const search = searchCondition(query.q);
  if (search === null) return { items: [], next: null };
  const rows = await database()
    .select(STORED_COLUMNS)
    .from(subscribers)
    .where(and(filter, search, olderThan(subscribers.registeredAt, subscribers.id, query.cursor)))
    .orderBy(desc(subscribers.registeredAt), desc(subscribers.id))
    .limit(query.limit + 1);
  return toPage(rows, query.limit, (row) => ({ at: row.registeredAt, id: row.id }), map);
}

/** Every subscriber, newest first, a page at a time (CSV exports): never all in memory. */
export function eachSubscriber(): AsyncGenerator<NewsletterSubscription[]> {
  return eachPage((cursor) => listSubscribersPage({ cursor, limit: EXPORT_PAGE, q: '' }));
}

/** Every subscriber, newest first. Reads them all: for small tables and tests; lists use listSubscribersPage. */
export async function listSubscribers(): Promise<NewsletterSubscription[]> {
  return allPages(eachSubscriber());
}

/** The confirmed subscribers, with their tokens, newest first, a page at a time. */
export function eachConfirmedSubscriber(): AsyncGenerator<StoredSubscriber[]> {
  return eachPage((cursor) =>
    page({ cursor, limit: EXPORT_PAGE, q: '' }, eq(subscribers.status, 'confirmed'), (row) => toStored(row)),
  );
}

/** The confirmed subscribers, with their tokens (all in memory: small lists, tests). */
export async function confirmedSubscribers(): Promise<StoredSubscriber[]> {
  return allPages(eachConfirmedSubscriber());
}

/**
 * Deletes the subscribers a condition names, with their rows in issues' sends (named by the address's hash): one
 * statement. Answers how many subscribers it deleted.
 */
async function removeWhere(condition: SQL, limit?: number): Promise<number> {
  const db = database();
  const target =
    limit === undefined
      ? condition
      : inArray(subscribers.id, db.select({ id: subscribers.id }).from(subscribers).where(condition).limit(limit));
  const gone = db.$with('gone').as(db.delete(subscribers).where(target).returning({ hash: subscribers.addressHash }));
  const sends = db.$with('sends').as(
    db
      .delete(newsletterRecipients)
      .where(inArray(newsletterRecipients.addressHash, db.select({ hash: gone.hash }).from(gone)))
      .returning({ hash: newsletterRecipients.addressHash }),
  );
  const [row] = await db.with(gone, sends).select({ removed: count() }).from(gone);
  return row?.removed ?? 0;
}

/** Removes a subscriber (by address) and its link token (privacy erasure): one statement. */
export async function removeSubscription(
  subscription: NewsletterSubscription & { token?: string | null },
): Promise<void> {
  await removeWhere(eq(subscribers.email, normalEmail(subscription.email)));
}

/** Removes the subscriber with this id; false when there is none. One statement. */
export async function deleteSubscriber(id: string): Promise<boolean> {
  return (await removeWhere(eq(subscribers.id, id))) > 0;
}

/**
 * Removes at most `limit` sign-ups still pending that were made before `cutoff` (their links stop working): one
 * statement. Answers how many.
 */
export function deletePendingBefore(cutoff: Date, limit = 10_000): Promise<number> {
  return removeWhere(and(eq(subscribers.status, 'pending'), lt(subscribers.registeredAt, cutoff))!, limit);
}

/** Removes sign-ups still pending PENDING_DAYS after they were made (the retention job, daily); answers how many. */
export function deleteExpiredPending(now = new Date()): Promise<number> {
  return deletePendingBefore(new Date(now.getTime() - PENDING_DAYS * DAY_MS));
}

/**
 * Confirmations per ISO week (Monday, UTC, as YYYY-MM-DD) between `from` (inclusive) and `to` (exclusive), for the
 * overview: one statement. Weeks without any are absent.
 */
export async function confirmationsPerWeek(from: Date, to: Date): Promise<Record<string, number>> {
  const week = sql<string>`to_char(date_trunc('week', ${subscribers.confirmedAt} AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`;
  const rows = await database()
    .select({ week, count: count() })
    .from(subscribers)
    .where(and(gte(subscribers.confirmedAt, from), lt(subscribers.confirmedAt, to)))
    .groupBy(week);
  return Object.fromEntries(rows.map((row) => [row.week, row.count]));
}
