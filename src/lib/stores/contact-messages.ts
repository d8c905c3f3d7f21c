import { and, asc, count, desc, eq, getTableColumns, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { database } from '../db/client';
import { eachPage, MAX_PAGE_SIZE, olderThan, toPage, type Page, type PageQuery } from '../db/paging';
import { contactMessages } from '../db/schema';
import { foldText, prefixQuery } from '../db/search';
import { isId, newId } from '../ids';
import type { ContactInput, ContactMessage } from '../schemas/contact';
import type { InvestorLead } from '../schemas/investor-lead';
import type { Lead, LeadSource, LeadStatus } from '../schemas/lead';
import type { Language } from '../../i18n/languages';

export type { Page, PageQuery } from '../db/paging';

/**
 * Contact messages and their lead state, one row each (src/lib/db/schema/leads.ts; docs/architecture.md,
 * "Storage"). Lists are keyset pages newest first (src/lib/db/paging.ts), filters and searches WHERE clauses on
 * indexed columns: one statement a page, whatever the table's size.
 */

/** A row as read: every column but the search vector (which only WHERE clauses read). */
type Row = Omit<typeof contactMessages.$inferSelect, 'search'>;

/** The message as the API has always shown it: optional parts only when present. */
function toMessage(row: Row): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    phone: row.phone,
    serviceOfInterest: row.serviceOfInterest,
    message: row.message,
    source: row.source,
    ...(row.investor ? { investor: row.investor } : {}),
    ...(row.sessionId ? { sessionId: row.sessionId } : {}),
    language: row.language,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A row of the Messages tab: the message with its status and owner. */
export function toLead(row: Row): Lead {
  return { ...toMessage(row), status: row.status, owner: row.owner };
}

const { search: _search, ...columns } = getTableColumns(contactMessages);

/** Stores a visitor's message exactly as given (the address lower-cased); pages show it as text, never as HTML. */
export async function addContactMessage(
  input: Omit<ContactInput, 'website'> & { investor?: InvestorLead },
  source: ContactMessage['source'] = 'form',
  at?: Date,
  sessionId?: string,
  extra: { language?: Language; id?: string } = {},
): Promise<ContactMessage> {
  const now = at ?? new Date();
  const [row] = await database()
    .insert(contactMessages)
    .values({
      // A given date (seeding, imports) is the id's own time too (newId keeps a time over a minute before the
      // newest id's).
      id: extra.id ?? newId(now.getTime()),
      name: input.name,
      email: input.email.trim().toLowerCase(),
      company: input.company,
      phone: input.phone,
      serviceOfInterest: input.serviceOfInterest,
      message: input.message,
      source,
      investor: input.investor ?? null,
      sessionId: sessionId ?? null,
      language: extra.language ?? 'en',
      createdAt: now,
    })
    // A record filed again under its own id (a replayed provider event: src/lib/leads/video.ts) stays the first.
    .onConflictDoNothing({ target: contactMessages.id })
    .returning(columns);
  if (row) return toMessage(row);
  const existing = await getContactMessage(extra.id ?? '');
  if (!existing) throw new Error('Contact message not stored');
  return existing;
}

async function rowById(id: string): Promise<Row | null> {
  if (!isId(id)) return null;
  const [row] = await database().select(columns).from(contactMessages).where(eq(contactMessages.id, id));
  return row ?? null;
}

/** One message, or null. */
export async function getContactMessage(id: string): Promise<ContactMessage | null> {
  const row = await rowById(id);
  return row ? toMessage(row) : null;
}

/** One lead (the message with its state), or null. */
export async function getLead(id: string): Promise<Lead | null> {
  const row = await rowById(id);
  return row ? toLead(row) : null;
}

/** Deletes one message with its replies (ON DELETE CASCADE); false when there is none. One statement. */
export async function deleteContactMessage(id: string): Promise<boolean> {
  if (!isId(id)) return false;
  const deleted = await database()
    .delete(contactMessages)
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  return deleted.length > 0;
}

export interface LeadFilter {
  status: LeadStatus | null;
  source: LeadSource | null;
  /** An admin's username: the leads they own. */
  owner?: string | null;
}

const NO_FILTER: LeadFilter = { status: null, source: null };

/**
 * The WHERE clause of a search (docs/product.md, "Admin lists"): a whole e-mail address (any case) on the indexed
 * address column; otherwise every word typed must begin a word of the name (accents and case ignored), the longest
 * word 3 letters or more, on the stored search vector. Null when the search cannot match anything.
 */
function searchCondition(q: string): SQL | null {
  const text = foldText(q);
  if (text.includes('@')) return eq(contactMessages.email, text);
  if (!text.split(/[^\p{L}\p{N}]+/u).some((word) => word.length >= 3)) return null;
  const query = prefixQuery(text);
  return query ? sql`${contactMessages.search} @@ to_tsquery('simple', ${query})` : null;
}

async function leadRows(query: PageQuery, filter: LeadFilter): Promise<Page<Row>> {
  const conditions: Array<SQL | undefined> = [olderThan(contactMessages.createdAt, contactMessages.id, query.cursor)];
  if (filter.status) conditions.push(eq(contactMessages.status, filter.status));
  if (filter.source) conditions.push(eq(contactMessages.source, filter.source));
  if (filter.owner) conditions.push(eq(contactMessages.owner, filter.owner));
  if (query.q.trim()) {
    const search = searchCondition(query.q);
    if (!search) return { items: [], next: null };
    conditions.push(search);
  }
  const rows = await database()
    .select(columns)
    .from(contactMessages)
    .where(and(...conditions))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(query.limit + 1);
  return toPage(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
}

/** A page of messages, newest first, with an optional search (a whole e-mail address, or name words). */
export async function listContactMessagesPage(query: PageQuery): Promise<Page<ContactMessage>> {
  const page = await leadRows(query, NO_FILTER);
  return { items: page.items.map(toMessage), next: page.next };
}

/**
 * A page of leads, newest first (docs/product.md, "Lead inbox"), filtered by status, source and owner and searched
 * as `listContactMessagesPage`: one statement, on the index of its filter.
 */
export async function listLeadsPage(query: PageQuery, filter: LeadFilter): Promise<Page<Lead>> {
  const page = await leadRows(query, filter);
  return { items: page.items.map(toLead), next: page.next };
}

/** Every lead, newest first, a page at a time (the CSV export): never all in memory. */
export function eachLead(): AsyncGenerator<Lead[]> {
  return eachPage((cursor) => listLeadsPage({ cursor, limit: MAX_PAGE_SIZE, q: '' }, NO_FILTER));
}

/** Every message, newest first, a page at a time (exports, scheduled jobs): never all in memory. */
export function eachContactMessage(): AsyncGenerator<ContactMessage[]> {
  return eachPage((cursor) => listContactMessagesPage({ cursor, limit: MAX_PAGE_SIZE, q: '' }));
}

/** Every message, newest first. Reads them all: for small tables and tests; lists use listContactMessagesPage. */
export async function listContactMessages(): Promise<ContactMessage[]> {
  const out: ContactMessage[] = [];
  for await (const page of eachContactMessage()) out.push(...page);
  return out;
}

/** Every message sent from one e-mail address (any case), newest first: the address's index. */
export async function contactMessagesByEmail(email: string): Promise<ContactMessage[]> {
  const rows = await database()
    .select(columns)
    .from(contactMessages)
    .where(eq(contactMessages.email, email.trim().toLowerCase()))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
  return rows.map(toMessage);
}

/** The ids of the messages received in `[from, before)`, oldest first, at most `max` (retention, the overview). */
export async function contactMessageIdsBetween(
  from: number,
  before: number,
  max: number,
): Promise<{ ids: string[]; more: boolean }> {
  const rows = await database()
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(and(gte(contactMessages.createdAt, new Date(from)), lt(contactMessages.createdAt, new Date(before))))
    .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id))
    .limit(max + 1);
  return { ids: rows.slice(0, max).map((row) => row.id), more: rows.length > max };
}

/**
 * Retention: deletes the messages received before `before` (their replies with them), oldest first, at most
 * `limit`; answers how many. One statement.
 */
export async function deleteContactMessagesBefore(before: Date, limit: number): Promise<number> {
  const oldest = database()
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(lt(contactMessages.createdAt, before))
    .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id))
    .limit(limit);
  const deleted = await database()
    .delete(contactMessages)
    .where(inArray(contactMessages.id, oldest))
    .returning({ id: contactMessages.id });
  return deleted.length;
}

/**
 * The overview: messages received from `from` on, counted by ISO week (its Monday, UTC, as `YYYY-MM-DD`) and
 * source. One statement on the index of the received time.
 */
export async function countContactMessagesByWeek(
  from: Date,
): Promise<Array<{ week: string; source: LeadSource; count: number }>> {
  const week = sql<string>`to_char(date_trunc('week', ${contactMessages.createdAt} AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`;
  const rows = await database()
    .select({ week, source: contactMessages.source, count: count() })
    .from(contactMessages)
    .where(gte(contactMessages.createdAt, from))
    .groupBy(week, contactMessages.source)
    .orderBy(week, contactMessages.source);
  return rows;
}

/**
 * The leads received in `[from, before)` that are still new, newest first, at most `max` (the weekly digest): one
 * statement on the status index.
 */
export async function newLeadsBetween(
  from: number,
  before: number,
  max: number,
): Promise<{ leads: Lead[]; more: boolean }> {
  const rows = await database()
    .select(columns)
    .from(contactMessages)
    .where(
      and(
        eq(contactMessages.status, 'new'),
        gte(contactMessages.createdAt, new Date(from)),
        lt(contactMessages.createdAt, new Date(before)),
      ),
    )
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(max + 1);
  return { leads: rows.slice(0, max).map(toLead), more: rows.length > max };
}
