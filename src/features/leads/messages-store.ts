import { and, asc, count, desc, eq, getTableColumns, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { database, type Queryable } from '../../platform/db/client';
import { eachPage, MAX_PAGE_SIZE, olderThan, toPage, type Page, type PageQuery } from '../../platform/db/paging';
import { weekOf } from '../../platform/db/columns';
import { contactMessages } from './tables';
import { foldText, prefixQuery } from '../../platform/db/search';
import { isId, newId } from '../../platform/ids';
import type { ContactInput, ContactMessage } from './contact-schema';
import type { Lead, LeadRow, LeadSummary } from './schema';
import { preview } from './preview';
import { normaliseEmail } from '../../platform/emails';
import type { Attribution } from '../analytics/schema';

const { search: _search, phoneKey: _phoneKey, ...columns } = getTableColumns(contactMessages);
/** A row as read here (the search vector and phone key only serve WHERE clauses), or every column of a RETURNING. */
type Row = Omit<typeof contactMessages.$inferSelect, 'search' | 'phoneKey'> &
  Partial<typeof contactMessages.$inferSelect>;

/** A lead as the API has always shown it: its record's fields only, a message's optional parts only when present. */
export function toLead({
  investor,
  sessionId,
  search: _s,
  phoneKey: _p,
  updatedAt: _u,
  replyCount: _r,
  readAt: _read,
  ...lead
}: Row): Lead {
  return { ...lead, ...(investor ? { investor } : {}), ...(sessionId ? { sessionId } : {}) };
}

/** A row of the Messages tab: the lead, its message's preview, and whether an admin opened it. */
function toLeadRow(row: Row): LeadRow {
  return { ...toLead(row), preview: preview(row.message), readAt: row.readAt };
}

/** Stores a visitor's message exactly as given (the address lower-cased); pages show it as text, never as HTML. */
export async function addContactMessage(
  input: Omit<ContactInput, 'website'> & Pick<ContactMessage, 'investor'>,
  source: Lead['source'] = 'form',
  at = new Date(),
  sessionId?: string,
  extra: Pick<ContactMessage, 'language'> & { id?: string; db?: Queryable; attribution?: Attribution | null } = {},
): Promise<Lead> {
  // `db`: a caller's transaction that files the lead with its own record (a booked meeting: src/features/meetings).
  const db = extra.db ?? database();
  const [row] = await db
    .insert(contactMessages)
    .values({
      ...input,
      // A given date (seeding, imports) is the id's own time too.
      id: extra.id ?? newId(at.getTime()),
      email: normaliseEmail(input.email),
      source,
      sessionId,
      language: extra.language,
      createdAt: at.toISOString(),
      // The lead's state is the server's, whatever an input object carries.
      status: 'new',
      owner: null,
      notes: null,
      outcome: null,
      value: null,
      // Where the lead came from, as the server saw it (src/features/analytics/analytics.ts, attributionOf), never from the input.
      attribution: extra.attribution ?? null,
    })
    // A record filed again under its own id (a replayed provider event: src/features/video/lead.ts) stays the first.
    .onConflictDoNothing({ target: contactMessages.id })
    .returning(columns);
  const lead = row ? toLead(row) : await getLead(extra.id ?? '', db);
  if (!lead) throw new Error('Contact message not stored');
  return lead;
}

export async function getLead(id: string, db: Queryable = database()): Promise<Lead | null> {
  if (!isId(id)) return null;
  const [row] = await db.select(columns).from(contactMessages).where(eq(contactMessages.id, id));
  return row ? toLead(row) : null;
}

/** Deletes a message with its replies (ON DELETE CASCADE); false when there is none. */
export async function deleteContactMessage(id: string): Promise<boolean> {
  if (!isId(id)) return false;
  const { rowCount } = await database().delete(contactMessages).where(eq(contactMessages.id, id));
  return rowCount === 1;
}

export async function deleteContactMessagesBefore(before: Date, limit: number): Promise<number> {
  const oldest = database()
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(lt(contactMessages.createdAt, before.toISOString()))
    .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id))
    .limit(limit);
  const { rowCount } = await database().delete(contactMessages).where(inArray(contactMessages.id, oldest));
  return rowCount ?? 0;
}

function newest(where: SQL | undefined, limit?: number) {
  const rows = database()
    .select(columns)
    .from(contactMessages)
    .where(where)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
  return limit === undefined ? rows : rows.limit(limit);
}

/** A search (docs/product.md, "Admin lists"): a whole address, or words that begin the name's; null: no match. */
function searchCondition(q: string): SQL | null {
  const text = foldText(q);
  if (text.includes('@')) return eq(contactMessages.email, text);
  if (!text.split(/[^\p{L}\p{N}]+/u).some((word) => word.length >= 3)) return null;
  const query = prefixQuery(text);
  return query ? sql`${contactMessages.search} @@ to_tsquery('simple', ${query})` : null;
}

/** The Messages tab's filters (an owner is an admin's username), and the weekly digest's `[since, before)`. */
export type LeadFilter = { [K in 'status' | 'source' | 'owner']?: Lead[K] | null } & { since?: Date; before?: Date };

export async function listLeadsPage(query: PageQuery, filter: LeadFilter = {}): Promise<Page<LeadRow>> {
  const search = query.q.trim() ? searchCondition(query.q) : undefined;
  if (search === null) return { items: [], next: null };
  const where = and(
    olderThan(contactMessages.createdAt, contactMessages.id, query.cursor),
    filter.status ? eq(contactMessages.status, filter.status) : undefined,
    filter.source ? eq(contactMessages.source, filter.source) : undefined,
    filter.owner ? eq(contactMessages.owner, filter.owner) : undefined,
    filter.since ? gte(contactMessages.createdAt, filter.since.toISOString()) : undefined,
    filter.before ? lt(contactMessages.createdAt, filter.before.toISOString()) : undefined,
    search,
  );
  const rows = await newest(where, query.limit + 1);
  return toPage(rows, query.limit, (row) => ({ at: new Date(row.createdAt), id: row.id }), toLeadRow);
}

/** An admin opened the lead: the first time is kept (the unread count). One statement. */
export async function markLeadRead(id: string, now = new Date()): Promise<void> {
  if (!isId(id)) return;
  await database()
    .update(contactMessages)
    .set({ readAt: now.toISOString() })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.readAt)));
}

/** A lead waits for an answer while it is new and no reply was sent (docs/product.md, "Lead inbox"). */
const waiting = sql`${contactMessages.status} = 'new' AND ${contactMessages.replyCount} = 0`;

/**
 * The Messages tab's counts over every lead (LeadSummary): one statement of three subqueries, on the partial index
 * `contact_messages_unread` and the status index, so it reads the unread and the new leads only, not every lead.
 */
export async function leadSummary(): Promise<LeadSummary> {
  const { rows } = await database().execute<{ unread: number; waiting: number; oldest: string | Date | null }>(sql`
    SELECT
      (SELECT count(*)::int FROM ${contactMessages} WHERE ${isNull(contactMessages.readAt)}) AS unread,
      (SELECT count(*)::int FROM ${contactMessages} WHERE ${waiting}) AS waiting,
      (SELECT min(${contactMessages.createdAt}) FROM ${contactMessages} WHERE ${waiting}) AS oldest`);
  const row = rows[0];
  return {
    unread: Number(row?.unread ?? 0),
    waiting: Number(row?.waiting ?? 0),
    oldestWaitingSince: row?.oldest ? new Date(row.oldest).toISOString() : null,
  };
}

/** Every lead, newest first, a page at a time (the CSV export): never all in memory. */
export function eachLead(): AsyncGenerator<Lead[]> {
  return eachPage((cursor) => listLeadsPage({ cursor, limit: MAX_PAGE_SIZE, q: '' }));
}

/**
 * Every message sent from one address (any case), newest first: a privacy request's, with the partners' notes on it
 * (what the firm wrote about the person is data about them, like its replies) and without the status and owner.
 */
export async function contactMessagesByEmail(email: string): Promise<Array<ContactMessage & Pick<Lead, 'notes'>>> {
  const rows = await newest(eq(contactMessages.email, normaliseEmail(email)));
  return rows.map(toLead).map(({ status: _status, owner: _owner, ...message }) => message);
}

/** The overview: messages received from `from` on, counted by ISO week (its Monday, UTC, `YYYY-MM-DD`) and source. */
export async function countContactMessagesByWeek(from: Date) {
  const week = weekOf(contactMessages.createdAt);
  return database()
    .select({ week, source: contactMessages.source, count: count() })
    .from(contactMessages)
    .where(gte(contactMessages.createdAt, from.toISOString()))
    .groupBy(week, contactMessages.source)
    .orderBy(week, contactMessages.source);
}
