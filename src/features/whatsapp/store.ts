import { and, asc, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { database, type Queryable } from '../../platform/db/client';
import { hasSqlState, SQLSTATE } from '../../platform/db/errors';
import { olderThan, toPage, type Page, type PageQuery } from '../../platform/db/paging';
import { normaliseEmail } from '../../platform/emails';
import { phoneKeySql } from '../../platform/db/phones';
import { contactMessages } from '../leads/tables';
import type { Language } from '../../i18n/languages';
import type { LeadState } from '../conversations/schema';
import { conversationLeads } from '../conversations/store';
import { whatsappContacts as contacts, whatsappMessages as messages } from './tables';

// The WhatsApp conversations (src/features/whatsapp/tables.ts). Every write is one statement; a retried message is
// refused by its key, never by a read first.
export type ContactRow = typeof contacts.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type MessageStatus = MessageRow['status'];

/** An inbound message and who sent it, as the webhook reads them. */
export interface Inbound {
  contactId: string;
  phone: string | null;
  name: string | null;
  /** The language the message says (null: it does not say; a new contact then gets `fallbackLanguage`). */
  language: Language | null;
  fallbackLanguage: Language;
  wamid: string;
  type: string;
  body: string;
  /** ISO time Meta gives the message. */
  at: string;
}

/**
 * Stores an inbound message and its sender in one statement: the contact is made or brought up to date (phone and
 * profile name when given, language when the message says one, the newest inbound time), and the message is
 * inserted unless its wamid is already stored (Meta retries). A contact new under this id whose phone wrote STOP
 * under another id (Meta's user id changed, or came after the phone) is stopped too: a stop follows the phone.
 * Answers the contact as it now is, and `fresh`: false for a message already stored (nothing more is done for it).
 */
export async function recordInbound(
  inbound: Inbound,
  db: Queryable = database(),
): Promise<(ContactRow & { fresh: boolean }) | null> {
  const { contactId, at } = inbound;
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    with contact as (
      insert into whatsapp_contacts as c (id, phone, name, language, started, last_inbound_at, last_activity, stopped_at)
      values (${contactId}, ${inbound.phone}, ${inbound.name}, ${inbound.language ?? inbound.fallbackLanguage},
        ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz,
        (select min(stopped_at) from whatsapp_contacts where phone = ${inbound.phone}::text))
      on conflict (id) do update set
        phone = coalesce(excluded.phone, c.phone),
        name = coalesce(excluded.name, c.name),
        language = case when ${inbound.language}::text is null then c.language else excluded.language end,
        started = least(c.started, excluded.started),
        last_inbound_at = greatest(c.last_inbound_at, excluded.last_inbound_at),
        last_activity = greatest(c.last_activity, excluded.last_activity),
        stopped_at = coalesce(c.stopped_at, excluded.stopped_at)
      returning *
    ), message as (
      insert into whatsapp_messages (wamid, contact_id, direction, type, body, at, status)
      select ${inbound.wamid}, id, 'in', ${inbound.type}, ${inbound.body}, ${at}::timestamptz, 'received' from contact
      on conflict (wamid) do nothing
      returning wamid
    )
    select contact.id, exists (select 1 from message) as fresh from contact`);
  const row = rows[0];
  if (!row) return null;
  const contact = await whatsappContact(contactId, db);
  return contact && { ...contact, fresh: row['fresh'] === true };
}

/** A status callback as the webhook reads it (`applyStatus`). */
export interface StatusEvent {
  wamid: string;
  status: MessageStatus;
  at: string;
  note: string | null;
}

const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Records a webhook call's events before any of them is answered, in one transaction: every status callback, and
 * every inbound message with its sender (`recordInbound`). Answers, in the payload's order, the contact after each
 * inbound message, or null for one already stored (a retry) or not stored. Rows are written in one order whatever
 * the payload's (statuses by wamid, contacts by id, each contact's messages in the payload's order), so two calls
 * naming the same contacts in opposite orders wait for each other instead of deadlocking; a deadlock all the same
 * (Postgres aborts one of the two) is retried once.
 */
export async function recordEvents(
  statuses: StatusEvent[],
  inbound: Inbound[],
): Promise<Array<(ContactRow & { fresh: boolean }) | null>> {
  if (!statuses.length && !inbound.length) return [];
  const ordered = [...statuses].sort((a, b) => byKey(a.wamid, b.wamid));
  const order = inbound.map((_, index) => index);
  order.sort((a, b) => byKey(inbound[a]!.contactId, inbound[b]!.contactId) || a - b);
  const record = () =>
    database().transaction(async (tx) => {
      for (const status of ordered) await applyStatus(status.wamid, status.status, status.at, status.note, tx);
      const recorded: Array<(ContactRow & { fresh: boolean }) | null> = inbound.map(() => null);
      for (const index of order) recorded[index] = await recordInbound(inbound[index]!, tx);
      return recorded;
    });
  try {
    return await record();
  } catch (error) {
    if (!hasSqlState(error, SQLSTATE.deadlock)) throw error;
    console.warn('WhatsApp events: deadlock, recorded again', error);
    return record();
  }
}

/** Which of these wamids are already stored (a retried message: it takes no quota again). One statement. */
export async function storedWamids(wamids: string[]): Promise<Set<string>> {
  if (!wamids.length) return new Set();
  const rows = await database().select({ wamid: messages.wamid }).from(messages).where(inArray(messages.wamid, wamids));
  return new Set(rows.map((row) => row.wamid));
}

/** One contact, or null. */
export async function whatsappContact(id: string, db: Queryable = database()): Promise<ContactRow | null> {
  const [row] = await db.select().from(contacts).where(eq(contacts.id, id));
  return row ?? null;
}

/**
 * Claims the turn to answer one of a contact's messages until `until` (ISO): the contact as it is now, or null while
 * another of their messages is being answered (and its claim has not run out). Parallel messages of one person are so
 * answered one at a time, each reading the lead state the one before saved. One statement.
 */
export async function claimTurn(contactId: string, now: string, until: string): Promise<ContactRow | null> {
  const [row] = await database()
    .update(contacts)
    .set({ answeringUntil: until })
    .where(and(eq(contacts.id, contactId), or(isNull(contacts.answeringUntil), lt(contacts.answeringUntil, now))))
    .returning();
  return row ?? null;
}

/**
 * Saves where the lead flow stands after an exchange, in the turn claimed until `until`: a claim that ran out and was
 * taken by another message saves nothing (that message's state stands). One statement; false when the claim was lost.
 */
export async function saveLeadState(contactId: string, until: string, lead: LeadState | null): Promise<boolean> {
  const rows = await database()
    .update(contacts)
    .set({
      leadStep: lead?.step ?? null,
      leadConsent: lead?.consent ?? false,
      leadName: lead?.name ?? null,
      leadEmail: lead?.email ?? null,
      leadBooking: lead?.booking ?? null,
    })
    .where(and(eq(contacts.id, contactId), eq(contacts.answeringUntil, until)))
    .returning({ id: contacts.id });
  return rows.length > 0;
}

/** Ends the turn claimed until `until`: the contact's next message may be answered. One statement. */
export async function endTurn(contactId: string, until: string): Promise<void> {
  await database()
    .update(contacts)
    .set({ answeringUntil: null })
    .where(and(eq(contacts.id, contactId), eq(contacts.answeringUntil, until)));
}

/**
 * Marks a contact stopped (STOP, BAJA), and every other contact with its phone (Meta's user id and the phone name the
 * same person; `phone`: the one the stop word came from, when the contact's row does not have it yet); true only for
 * the message that stopped it. One statement.
 */
export async function markStopped(contactId: string, at: string, phone: string | null = null): Promise<boolean> {
  const rows = await database()
    .update(contacts)
    .set({ stoppedAt: at })
    .where(
      and(
        or(
          eq(contacts.id, contactId),
          sql`${contacts.phone} = coalesce(${phone}::text, (select phone from whatsapp_contacts where id = ${contactId}))`,
        ),
        isNull(contacts.stoppedAt),
      ),
    )
    .returning({ id: contacts.id });
  return rows.some((row) => row.id === contactId);
}

/** Takes the disclosure: true for the first reply to a contact (only one of racing replies). One statement. */
export async function takeDisclosure(contactId: string, at: string): Promise<boolean> {
  const rows = await database()
    .update(contacts)
    .set({ disclosedAt: at })
    .where(and(eq(contacts.id, contactId), isNull(contacts.disclosedAt)))
    .returning({ id: contacts.id });
  return rows.length > 0;
}

/** Gives the disclosure back when the reply that carried it was not sent. */
export async function returnDisclosure(contactId: string, at: string): Promise<void> {
  await database()
    .update(contacts)
    .set({ disclosedAt: null })
    .where(and(eq(contacts.id, contactId), eq(contacts.disclosedAt, at)));
}

/** Stores an outbound message (sent, or not sent and why) and the contact's newest activity. One statement. */
export async function recordOutbound(message: {
  wamid: string;
  contactId: string;
  body: string;
  at: string;
  status: 'sent' | 'not-sent';
  note: string | null;
  inReplyTo: string;
}): Promise<void> {
  await database().execute(sql`
    with message as (
      insert into whatsapp_messages (wamid, contact_id, direction, type, body, at, status, note, in_reply_to)
      values (${message.wamid}, ${message.contactId}, 'out', 'text', ${message.body}, ${message.at}::timestamptz,
        ${message.status}, ${message.note}, ${message.inReplyTo})
      on conflict (wamid) do nothing
      returning contact_id
    )
    update whatsapp_contacts set last_activity = greatest(last_activity, ${message.at}::timestamptz)
    where id in (select contact_id from message)`);
}

/**
 * A status callback: the state of one of our messages (sent, delivered, read, failed), unless a later callback
 * already set one (Meta's callbacks can come out of order). One statement; an unknown id changes nothing.
 */
export async function applyStatus(
  wamid: string,
  status: MessageStatus,
  at: string,
  note: string | null,
  db: Queryable = database(),
) {
  await db
    .update(messages)
    .set({ status, statusAt: at, note })
    .where(
      and(
        eq(messages.wamid, wamid),
        eq(messages.direction, 'out'),
        sql`(${messages.statusAt} is null or ${messages.statusAt} <= ${at}::timestamptz)`,
      ),
    );
}

/** A contact's newest messages, newest first (at most `limit`). One statement. */
export async function newestMessages(contactId: string, limit: number): Promise<MessageRow[]> {
  return database()
    .select()
    .from(messages)
    .where(eq(messages.contactId, contactId))
    .orderBy(desc(messages.at), desc(messages.wamid))
    .limit(limit);
}

/** What a read of the conversations names: a page (`q`: see `named`), one by id, by phone, or by lead address. */
export type Selection = PageQuery | { id: string } | { phone: string } | { email: string };

/**
 * The contacts whose phone is the number `text` names, in any format ("+34 600 123 456", "0034600123456",
 * "600123456", "34600123456"): the contact timeline's phone rule (src/platform/db/phones.ts, phoneKeySql, the one
 * definition), without its `+` since Meta's `wa_id` has none. Text that is no phone names none. Uses the phone index.
 */
function phoneIs(text: string): SQL {
  return eq(contacts.phone, sql`ltrim(${phoneKeySql(sql`${text}::text`)}, '+')`);
}

/**
 * The conversations that gave an address: to the lead flow now under way, or to a lead filed from them (the flow
 * forgets what it collected once the lead is filed; the lead keeps it).
 */
function givenAddress(email: string): SQL {
  const address = normaliseEmail(email);
  return sql`(lower(${contacts.leadEmail}) = ${address} or ${contacts.id} in (select ${contactMessages.sessionId}
    from ${contactMessages} where ${contactMessages.email} = ${address} and ${contactMessages.source} = 'whatsapp'))`;
}

function named(selection: Selection): SQL | undefined {
  if ('id' in selection) return eq(contacts.id, selection.id);
  if ('phone' in selection) return phoneIs(selection.phone);
  if ('email' in selection) return givenAddress(selection.email);
  const q = selection.q.trim();
  const search = q.includes('@') ? givenAddress(q) : or(phoneIs(q), eq(contacts.id, q));
  return and(olderThan(contacts.started, contacts.id, selection.cursor), q ? search : undefined);
}

/** A WhatsApp conversation as a person's timeline shows it (src/features/contacts/timeline.ts). */
export interface WhatsAppSummary {
  id: string;
  lastActivity: string;
  /** The person's first text message, null when they sent none. */
  firstQuestion: string | null;
}

/**
 * The conversations that gave this address (`givenAddress`) or are of one of these phones, newest activity first,
 * each with its first question: one statement, reading one message per conversation (whatsapp_messages_in_order).
 */
export async function whatsappSummaries(email: string, phones: string[]): Promise<WhatsAppSummary[]> {
  const numbers = [...new Set(phones)];
  return database()
    .select({
      id: contacts.id,
      lastActivity: contacts.lastActivity,
      firstQuestion: sql<string | null>`(select ${messages.body} from ${messages}
        where ${messages.contactId} = ${contacts.id} and ${messages.direction} = 'in' and ${messages.type} = 'text'
        order by ${messages.at}, ${messages.wamid} limit 1)`,
    })
    .from(contacts)
    .where(or(givenAddress(email), ...numbers.map(phoneIs)))
    .orderBy(desc(contacts.lastActivity), desc(contacts.id));
}

/**
 * The conversations a selection names, newest first (by their first message), with their messages, oldest first,
 * and the leads filed from them (each contact's newest). Three statements.
 */
export async function whatsappConversationRows(selection: Selection) {
  const query = database()
    .select()
    .from(contacts)
    .where(named(selection))
    .orderBy(desc(contacts.started), desc(contacts.id))
    .$dynamic();
  const page: Page<ContactRow> =
    'limit' in selection
      ? toPage(await query.limit(selection.limit + 1), selection.limit, (row) => ({
          at: new Date(row.started),
          id: row.id,
        }))
      : { items: await query, next: null };
  const ids = page.items.map((row) => row.id);
  const [rows, leads] = ids.length
    ? await Promise.all([
        database()
          .select()
          .from(messages)
          .where(inArray(messages.contactId, ids))
          .orderBy(asc(messages.contactId), asc(messages.at), asc(messages.direction), asc(messages.wamid)),
        conversationLeads('whatsapp', ids),
      ])
    : [[], new Map<string, { id: string; name: string; email: string }>()];
  return {
    next: page.next,
    items: page.items.map((contact) => ({
      contact,
      messages: rows.filter((row) => row.contactId === contact.id),
      lead: leads.get(contact.id) ?? null,
    })),
  };
}

/**
 * Deletes conversations with their messages in one statement: these ids, or (retention) at most `limit`, oldest
 * first, whose last activity is before `before`. Answers how many.
 */
export async function deleteWhatsAppContacts(which: string[] | { before: Date; limit: number }): Promise<number> {
  if (Array.isArray(which) && !which.length) return 0;
  const ids = Array.isArray(which)
    ? which
    : database()
        .select({ id: contacts.id })
        .from(contacts)
        .where(lt(contacts.lastActivity, which.before.toISOString()))
        .orderBy(asc(contacts.lastActivity), asc(contacts.id))
        .limit(which.limit);
  const deleted = await database().delete(contacts).where(inArray(contacts.id, ids)).returning({ id: contacts.id });
  return deleted.length;
}
