import { and, asc, count, eq, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { database } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { OutboxMail } from '../schemas/mail';

/**
 * The outbox (table `mail_outbox`, src/lib/db/schema/leads.ts): every e-mail is written here before it is sent,
 * under the reason it is sent for (`alerts/contact/{id}`, `confirm/{subscriber}/{id}`…), the primary key, so
 * whatever happens to SMTP nothing is lost and a reason is queued once. A sender takes a waiting mail by setting
 * its `claimed_at` in an UPDATE whose WHERE only an unclaimed (or long-abandoned) mail matches: of any number of
 * racing senders, one gets it. Once sent, the row keeps only its reason and `sent_at` (no address, no text): a
 * reason once sent is never queued or sent again.
 */

/** A mail to queue: its reason, recipients and rendered parts. */
export interface NewOutboxMail {
  key: string;
  to: 'leads' | string[];
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

type Row = typeof mailOutbox.$inferSelect;

/** The row of a new mail, due at once (for an INSERT, here or in a caller's transaction). */
export function outboxRow(mail: NewOutboxMail, now: Date): typeof mailOutbox.$inferInsert {
  return {
    reason: mail.key,
    toLeads: mail.to === 'leads',
    toAddresses: mail.to === 'leads' ? [] : mail.to,
    replyTo: mail.replyTo,
    content: { subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers },
    createdAt: now,
    attempts: 0,
    nextAttemptAt: now,
    updatedAt: now,
  };
}

function toMail(row: Row): OutboxMail | null {
  if (!row.content || row.sentAt) return null;
  const at = (date: Date | null) => (date ?? row.updatedAt).toISOString();
  return {
    key: row.reason,
    to: row.toLeads ? 'leads' : row.toAddresses,
    replyTo: row.replyTo,
    ...row.content,
    createdAt: row.createdAt.toISOString(),
    attempts: row.attempts,
    nextAttemptAt: at(row.nextAttemptAt),
    updatedAt: row.updatedAt.toISOString(),
    lastError: row.lastError,
  };
}

/** Puts a mail in the outbox unless its reason was ever queued (waiting or sent); answers whether it wrote. */
export async function putInOutbox(mail: NewOutboxMail, now = new Date()): Promise<boolean> {
  const written = await database()
    .insert(mailOutbox)
    .values(outboxRow(mail, now))
    .onConflictDoNothing({ target: mailOutbox.reason })
    .returning({ reason: mailOutbox.reason });
  return written.length > 0;
}

export async function wasSent(key: string): Promise<boolean> {
  const [row] = await database()
    .select({ reason: mailOutbox.reason })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.reason, key), isNotNull(mailOutbox.sentAt)));
  return row !== undefined;
}

/** A mail while it waits, or null (none, or sent). */
export async function getOutboxMail(key: string): Promise<OutboxMail | null> {
  const [row] = await database().select().from(mailOutbox).where(eq(mailOutbox.reason, key));
  return row ? toMail(row) : null;
}

const waiting = isNull(mailOutbox.sentAt);

/** The reasons of every mail waiting in the outbox, the first due first (tests; the status counts them). */
export async function outboxKeys(): Promise<string[]> {
  const rows = await database()
    .select({ reason: mailOutbox.reason })
    .from(mailOutbox)
    .where(waiting)
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.reason));
  return rows.map((row) => row.reason);
}

/** How many mails wait. One statement. */
export async function waitingMailCount(): Promise<number> {
  const [row] = await database().select({ count: count() }).from(mailOutbox).where(waiting);
  return row?.count ?? 0;
}

/** What a claim may take. */
export interface ClaimRules {
  /** The time the attempt is made at: due mails are those whose next attempt is not after it. */
  now: Date;
  /** A claim older than this was abandoned (its sender died): the mail may be taken again. */
  staleBefore: Date;
  /** Whether mail to the firm's inbox can be sent (LEADS_TO is set): if not, it is left waiting. */
  leadsConfigured: boolean;
  /** Take it even if it is not due yet. */
  force?: boolean;
}

function claimable(rules: ClaimRules): SQL | undefined {
  return and(
    waiting,
    rules.force ? undefined : lte(mailOutbox.nextAttemptAt, rules.now),
    or(isNull(mailOutbox.claimedAt), lt(mailOutbox.claimedAt, rules.staleBefore)),
    rules.leadsConfigured ? undefined : eq(mailOutbox.toLeads, false),
  );
}

const claim = (now: Date) => ({ claimedAt: now, attempts: sql`${mailOutbox.attempts} + 1`, updatedAt: now });

/**
 * Takes one waiting mail for an attempt (its `attempts` counts it): the mail, or null when it is not there, sent,
 * not due, not sendable, or held by another sender. One statement; of racing callers one gets it.
 */
export async function claimMail(key: string, rules: ClaimRules): Promise<OutboxMail | null> {
  const [row] = await database()
    .update(mailOutbox)
    .set(claim(rules.now))
    .where(and(eq(mailOutbox.reason, key), claimable(rules)))
    .returning();
  return row ? toMail(row) : null;
}

/**
 * Takes up to `limit` due mails for an attempt each, the first due first (the scheduled retry): one statement,
 * `UPDATE … WHERE reason IN (SELECT … FOR UPDATE SKIP LOCKED)`, so racing retries take different mails.
 */
export async function claimDueMail(rules: ClaimRules, limit: number): Promise<OutboxMail[]> {
  const due = database()
    .select({ reason: mailOutbox.reason })
    .from(mailOutbox)
    .where(claimable(rules))
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.reason))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await database()
    .update(mailOutbox)
    .set(claim(rules.now))
    .where(inArray(mailOutbox.reason, due))
    .returning();
  return rows
    .map(toMail)
    .filter((mail): mail is OutboxMail => mail !== null)
    .sort((a, b) => a.nextAttemptAt.localeCompare(b.nextAttemptAt) || a.key.localeCompare(b.key));
}

/** Where a mail stands, for a sender that could not claim it: sent, held by someone, or neither (waiting). */
export async function mailStanding(key: string): Promise<'sent' | 'claimed' | 'waiting' | null> {
  const [row] = await database()
    .select({ sentAt: mailOutbox.sentAt, claimedAt: mailOutbox.claimedAt })
    .from(mailOutbox)
    .where(eq(mailOutbox.reason, key));
  if (!row) return null;
  if (row.sentAt) return 'sent';
  return row.claimedAt ? 'claimed' : 'waiting';
}

/** Records that the mail was sent and forgets its addresses and content. */
export async function markSent(key: string, at: Date): Promise<void> {
  await database()
    .update(mailOutbox)
    .set({
      sentAt: at,
      content: null,
      toAddresses: [],
      replyTo: null,
      claimedAt: null,
      nextAttemptAt: null,
      lastError: null,
      updatedAt: at,
    })
    .where(eq(mailOutbox.reason, key));
}

/** Records a failed attempt: its code, and when the next is due. */
export async function markFailed(key: string, error: string, nextAttemptAt: Date, at: Date): Promise<void> {
  await database()
    .update(mailOutbox)
    .set({ lastError: error, nextAttemptAt, claimedAt: null, updatedAt: at })
    .where(and(eq(mailOutbox.reason, key), waiting));
}

/**
 * Forgets every mail about someone whose data is erased, before their records go: under each of `keys`
 * (`alerts/contact/{id}`, `replies/{id}`…: the reason itself and those below it, waiting or sent), and every waiting
 * mail addressed to `email` or answering to it (`replyTo`). One statement; answers how many waiting mails it dropped.
 */
export async function dropMailAbout(email: string, keys: string[]): Promise<number> {
  const address = email.trim().toLowerCase();
  const named = sql`EXISTS (SELECT 1 FROM unnest(${sql.param(keys)}::text[]) AS about(key)
    WHERE ${mailOutbox.reason} = about.key OR starts_with(${mailOutbox.reason}, about.key || '/'))`;
  const addressed = sql`(lower(trim(${mailOutbox.replyTo})) = ${address} OR EXISTS (SELECT 1 FROM
    unnest(${mailOutbox.toAddresses}) AS recipient(address) WHERE lower(trim(recipient.address)) = ${address}))`;
  const dropped = await database()
    .delete(mailOutbox)
    .where(or(named, and(waiting, addressed)))
    .returning({ sentAt: mailOutbox.sentAt });
  return dropped.filter((row) => row.sentAt === null).length;
}

/**
 * Retention: forgets the marks of mail sent before `before` (no address or text: only that a reason was sent), at
 * most `limit`; answers how many. One statement.
 */
export async function deleteSentMailBefore(before: Date, limit: number): Promise<number> {
  const old = database()
    .select({ reason: mailOutbox.reason })
    .from(mailOutbox)
    .where(lt(mailOutbox.sentAt, before))
    .limit(limit);
  const deleted = await database()
    .delete(mailOutbox)
    .where(inArray(mailOutbox.reason, old))
    .returning({ reason: mailOutbox.reason });
  return deleted.length;
}
