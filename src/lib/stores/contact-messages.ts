import { blobsServer, dataStore, storeName } from '../blobs';
import { idTime, isId, newId } from '../ids';
import { contactMessageSchema, type ContactInput, type ContactMessage } from '../schemas/contact';
import type { InvestorLead } from '../schemas/investor-lead';
import {
  allPages,
  decodeCursor,
  emailTerm,
  encodeCursor,
  ensureFeed,
  FEED,
  feedKeys,
  feedPage,
  inBatches,
  nameTerms,
  normaliseSearch,
  parseFeedKey,
  queryTerm,
  termsReady,
  once,
  pointersToDelete,
  recordPointers,
  SEARCH,
  termFolder,
  termPage,
  writePointers,
  type FeedPage,
  type Page,
  type PageQuery,
} from './feed';
import { indexEmail, unindexRecord } from './email-index';
import { feedRange } from './feed-range';
import { listKeys } from './list-keys';
import { markEvent } from './week-markers';
import type { Language } from '../../i18n/languages';
import type { Lead, LeadSource, LeadStatus } from '../schemas/lead';
import { deleteLeadData, filterArea, getLeadState, hasLeadState, writeLeadPointers } from './leads';

/**
 * Keys (docs/architecture.md, "Storage"): `messages/{id}` the message; `feed/{month}/{day}/{time}-{id}` its place in
 * the newest-first feed (src/lib/stores/feed.ts); `search/{hash of a term}/{month}/00/{time}-{id}` one per search
 * term (the e-mail address, each word of the name and its prefixes), a feed of its own. Pointers are empty; the message is written first.
 */
const PREFIX = 'messages/';

const store = () => dataStore('contact-messages');

function searchTerms(message: ContactMessage): string[] {
  return [emailTerm(message.email), ...nameTerms(message.name)];
}

/** A message's pointer keys (`keys`: `recordPointers` to write, `pointersToDelete` to delete). */
function pointerKeys(message: ContactMessage, keys = recordPointers): string[] {
  return keys(idTime(message.id), message.id, searchTerms(message));
}

/** The search terms of the message a feed key names (`migrateTerms`). */
async function termsAt(feed: string): Promise<string[]> {
  const pointer = parseFeedKey(feed);
  const message = pointer ? await getContactMessage(pointer.tag) : null;
  return message ? searchTerms(message) : [];
}

/** Stores a visitor's message exactly as given; pages show it as text, never as HTML. */
export async function addContactMessage(
  input: Omit<ContactInput, 'website'> & { investor?: InvestorLead },
  source: ContactMessage['source'] = 'form',
  at?: Date,
  sessionId?: string,
  extra: { language?: Language; id?: string } = {},
): Promise<ContactMessage> {
  const now = at ?? new Date();
  const message: ContactMessage = {
    // A given date (seeding, imports) is the id's own time (newId keeps a time over a minute before the newest id's),
    // so the feed places the record by it.
    id: extra.id ?? newId(now.getTime()),
    name: input.name,
    email: input.email,
    company: input.company,
    phone: input.phone,
    serviceOfInterest: input.serviceOfInterest,
    message: input.message,
    source,
    ...(input.investor ? { investor: input.investor } : {}),
    ...(sessionId ? { sessionId } : {}),
    language: extra.language ?? 'en',
    createdAt: now.toISOString(),
  };
  await store().setJSON(PREFIX + message.id, message);
  await writePointers(store(), pointerKeys(message));
  await markEvent(source === 'chat' ? 'leads' : 'messages', message.id, now);
  await writeLeadPointers(message.id, message.source);
  // Written by the server with the record: the e-mail index a privacy request reads (src/lib/stores/email-index.ts).
  await indexEmail(message.email, 'message', message.id);
  if (sessionId) await indexEmail(message.email, 'chat', sessionId);
  return message;
}

/** One message, or null. */
export async function getContactMessage(id: string): Promise<ContactMessage | null> {
  if (!isId(id)) return null;
  const raw: unknown = await store().get(PREFIX + id, { type: 'json' });
  if (raw === null) return null;
  const parsed = contactMessageSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  console.error('Skipping a malformed contact message', parsed.error.issues.slice(0, 3));
  return null;
}

/** Deletes one message and its pointers; false when there is none. Constant cost. */
export async function deleteContactMessage(id: string): Promise<boolean> {
  const message = await getContactMessage(id);
  if (!message) return false;
  const s = store();
  await Promise.all(pointerKeys(message, pointersToDelete).map((key) => s.delete(key)));
  await deleteLeadData(id, message.source);
  await s.delete(PREFIX + id);
  await unindexRecord('message', id);
  return true;
}

async function backfill(): Promise<void> {
  const s = store();
  const keys = await listKeys(s, PREFIX);
  await inBatches(keys, 50, async (key) => {
    const message = await getContactMessage(key.slice(PREFIX.length));
    if (message) await writePointers(s, pointerKeys(message));
  });
}

const LEADS_MARKER = 'meta/leads-v1';

/**
 * Messages stored before the lead inbox existed get their filter pointers (status new, their source) once, as the
 * feed's backfill does: one marker read per function instance afterwards.
 */
function leadsReady(id: string): Promise<void> {
  return once(store(), id, LEADS_MARKER, async () => {
    for await (const keys of feedKeys(store(), FEED)) {
      await inBatches(keys, 50, async (key) => {
        const pointer = parseFeedKey(key);
        const message = pointer ? await getContactMessage(pointer.tag) : null;
        if (message && !(await hasLeadState(message.id))) await writeLeadPointers(message.id, message.source);
      });
    }
  });
}

const storeId = () => `${storeName('contact-messages')}|${blobsServer().instance}`;

async function ready(): Promise<void> {
  const id = storeId();
  await ensureFeed(store(), id, backfill);
  await leadsReady(id);
}

/** `ready`, and the search index whole (`termsReady`): before any read of a term's index. */
async function searchReady(): Promise<void> {
  await ready();
  await termsReady(store(), storeId(), termsAt);
}

async function readPage(keys: string[]): Promise<ContactMessage[]> {
  const messages = await inBatches(keys, 50, (key) => {
    const pointer = parseFeedKey(key);
    return pointer ? getContactMessage(pointer.tag) : Promise.resolve(null);
  });
  return messages.filter((message): message is ContactMessage => message !== null);
}

/** Whether a message matches every word of a search (each a prefix of a word of its name, or its whole e-mail). */
function matches(message: ContactMessage, q: string): boolean {
  const text = normaliseSearch(q);
  if (text.includes('@')) return normaliseSearch(message.email) === text;
  const words = normaliseSearch(message.name).split(/[^\p{L}\p{N}]+/u);
  return text
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .every((part) => words.some((word) => word.startsWith(part)));
}

/**
 * A page of messages, newest first. Without a search: one feed page (src/lib/stores/feed.ts). With one: the index of
 * its e-mail address (whole) or of its longest name word (or prefix of at least 3 characters), then every word checked.
 */
export async function listContactMessagesPage(query: PageQuery): Promise<Page<ContactMessage>> {
  await ready();
  const s = store();
  const cursor = decodeCursor(query.cursor);
  let page: FeedPage;
  if (query.q.trim()) {
    const term = queryTerm(query.q);
    if (!term) return { items: [], next: null };
    await searchReady();
    page = await termPage(s, termFolder(SEARCH, term), query.limit, cursor);
  } else {
    page = await feedPage(s, FEED, query.limit, cursor);
  }
  const items = await readPage(page.keys);
  return { items: query.q.trim() ? items.filter((m) => matches(m, query.q)) : items, next: encodeCursor(page.next) };
}

/** Every message, newest first, a page at a time (CSV exports, scheduled jobs): never all in memory. */
export async function* eachContactMessage(): AsyncGenerator<ContactMessage[]> {
  await ready();
  for await (const keys of feedKeys(store(), FEED)) yield await readPage(keys);
}

/** Every message sent from one e-mail address, newest first (case-insensitive): one index folder. */
export async function contactMessagesByEmail(email: string): Promise<ContactMessage[]> {
  await searchReady();
  const out: ContactMessage[] = [];
  let cursor: string | null = null;
  do {
    const page: FeedPage = await termPage(store(), termFolder(SEARCH, emailTerm(email)), 200, cursor);
    out.push(...(await readPage(page.keys)));
    cursor = page.next;
  } while (cursor !== null);
  return out;
}

/** Every message, newest first. Reads them all: for small stores and tests; lists use listContactMessagesPage. */
export async function listContactMessages(): Promise<ContactMessage[]> {
  return allPages(eachContactMessage());
}

/**
 * The ids of the messages received in `[from, before)`, oldest first, at most `max` (the retention job): only the
 * feed's folders of those days are listed (src/lib/stores/feed-range.ts).
 */
export async function contactMessageIdsBetween(
  from: number,
  before: number,
  max: number,
): Promise<{ ids: string[]; more: boolean }> {
  await ready();
  const { records, more } = await feedRange(store(), FEED, from, before, max);
  return { ids: records.map((record) => record.tag), more };
}

/** A message with its lead state: one more read per row. */
export async function withLeadState(message: ContactMessage): Promise<Lead> {
  const state = await getLeadState(message.id);
  return { ...message, status: state.status, owner: state.owner };
}

export interface LeadFilter {
  status: LeadStatus | null;
  source: LeadSource | null;
}

function passes(lead: Lead, filter: LeadFilter): boolean {
  return (!filter.status || lead.status === filter.status) && (!filter.source || lead.source === filter.source);
}

/**
 * A page of leads, newest first (docs/architecture.md, "Lead inbox"). A status or source filter reads its own feed
 * (`st-{status}`, `src-{source}`, `st-{status}-{source}`), so a page costs the same as an unfiltered one; each row's
 * state is read (one read a row) and a row whose state no longer matches (a status changed mid-flight) is left
 * out. A search reads its term's index and keeps the rows that pass the filter: a bounded scan, so such a page may
 * hold fewer rows than asked while the cursor goes on.
 */
export async function listLeadsPage(query: PageQuery, filter: LeadFilter): Promise<Page<Lead>> {
  await ready();
  const area = filterArea(filter.status, filter.source);
  if (query.q.trim() || !area) {
    const page = await listContactMessagesPage(query);
    const leads = await inBatches(page.items, 50, withLeadState);
    return { items: leads.filter((lead) => passes(lead, filter)), next: page.next };
  }
  const page = await feedPage(store(), area, query.limit, decodeCursor(query.cursor));
  const leads = await inBatches(await readPage(page.keys), 50, withLeadState);
  return { items: leads.filter((lead) => passes(lead, filter)), next: encodeCursor(page.next) };
}

/** Every lead, newest first, a page at a time (the CSV export). */
export async function* eachLead(): AsyncGenerator<Lead[]> {
  for await (const page of eachContactMessage()) yield await inBatches(page, 50, withLeadState);
}

/**
 * The leads received in `[from, before)` that are still new, newest first, at most `max` (the weekly digest): only
 * the `st-new` feed's folders of those days are listed (src/lib/stores/feed-range.ts).
 */
export async function newLeadsBetween(
  from: number,
  before: number,
  max: number,
): Promise<{ leads: Lead[]; more: boolean }> {
  await ready();
  const { records, more } = await feedRange(store(), 'st-new', from, before, max);
  const messages = await inBatches(records, 50, (record) => getContactMessage(record.tag));
  const leads = await inBatches(
    messages.filter((message): message is ContactMessage => message !== null),
    50,
    withLeadState,
  );
  return { leads: leads.filter((lead) => lead.status === 'new').reverse(), more };
}
