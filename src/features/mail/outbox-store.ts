import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { database } from '../../platform/db/client';
import { mailOutbox } from './tables';
import type { OutboxMail } from './schema';
import { normaliseEmail } from '../../platform/emails';

export type NewOutboxMail = Pick<
  OutboxMail,
  'key' | 'to' | 'replyTo' | 'subject' | 'text' | 'html' | 'headers' | 'calendar'
>;

/** The row of a new mail, due at once (for an INSERT, here or in a caller's transaction). */
export function outboxRow({ key, to, replyTo, subject, text, html, headers, calendar }: NewOutboxMail, now: Date) {
  const at = now.toISOString();
  return {
    reason: key,
    toLeads: to === 'leads',
    toAddresses: to === 'leads' ? [] : to,
    replyTo,
    content: { subject, text, html, headers, ...(calendar ? { calendar } : {}) },
    createdAt: at,
    nextAttemptAt: at,
    updatedAt: at,
  };
}

function toMail(row: typeof mailOutbox.$inferSelect): OutboxMail | null {
  const { reason, toLeads, toAddresses, content, nextAttemptAt, claimedAt: _claimedAt, sentAt, ...mail } = row;
  if (!content || sentAt) return null;
  const to = toLeads ? 'leads' : toAddresses;
  return { key: reason, to, ...content, ...mail, nextAttemptAt: nextAttemptAt ?? mail.updatedAt };
}

/** Puts a mail in the outbox unless its reason was ever queued (waiting or sent); answers whether it wrote. */
export async function putInOutbox(mail: NewOutboxMail, now = new Date()): Promise<boolean> {
  const { rowCount } = await database().insert(mailOutbox).values(outboxRow(mail, now)).onConflictDoNothing();
  return rowCount === 1;
}

export async function getOutboxMail(key: string): Promise<OutboxMail | null> {
  const [row] = await database().select().from(mailOutbox).where(eq(mailOutbox.reason, key));
  return row ? toMail(row) : null;
}

const waiting = isNull(mailOutbox.sentAt);

export async function outboxKeys(): Promise<string[]> {
  const rows = await database()
    .select({ reason: mailOutbox.reason })
    .from(mailOutbox)
    .where(waiting)
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.reason));
  return rows.map((row) => row.reason);
}

export async function waitingMailCount(): Promise<number> {
  return database().$count(mailOutbox, waiting);
}

export type ClaimRules = { now: Date; staleBefore: Date; leadsConfigured: boolean; force?: boolean };

/**
 * Takes up to `limit` mails (only `key`, if given) for an attempt each, the first due first: waiting, due at `now` (any,
 * with `force`), not held by a live sender (claims before `staleBefore` were abandoned), to LEADS_TO only if it is set.
 * One statement, `UPDATE … WHERE reason IN (SELECT … FOR UPDATE)`: one racing sender gets a mail; batches SKIP LOCKED.
 */
export async function claimMail(rules: ClaimRules, limit: number, key?: string): Promise<OutboxMail[]> {
  const now = rules.now.toISOString();
  const claimable = and(
    waiting,
    key === undefined ? undefined : eq(mailOutbox.reason, key),
    rules.force ? undefined : lte(mailOutbox.nextAttemptAt, now),
    or(isNull(mailOutbox.claimedAt), lt(mailOutbox.claimedAt, rules.staleBefore.toISOString())),
    rules.leadsConfigured ? undefined : eq(mailOutbox.toLeads, false),
  );
  const due = database()
    .select({ reason: mailOutbox.reason })
    .from(mailOutbox)
    .where(claimable)
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.reason))
    .limit(limit)
    .for('update', key === undefined ? { skipLocked: true } : {});
  const rows = await database()
    .update(mailOutbox)
    .set({ claimedAt: now, attempts: sql`${mailOutbox.attempts} + 1`, updatedAt: now })
    .where(inArray(mailOutbox.reason, due))
    .returning();
  const mails = rows.flatMap((row) => toMail(row) ?? []);
  return mails.sort((a, b) => a.nextAttemptAt.localeCompare(b.nextAttemptAt) || a.key.localeCompare(b.key));
}

/** Where a mail stands, for a sender that could not claim it: sent, held by someone, or neither (waiting). */
export async function mailStanding(key: string): Promise<'sent' | 'claimed' | 'waiting' | null> {
  const { sentAt, claimedAt } = mailOutbox;
  const [row] = await database().select({ sentAt, claimedAt }).from(mailOutbox).where(eq(mailOutbox.reason, key));
  return row ? (row.sentAt ? 'sent' : row.claimedAt ? 'claimed' : 'waiting') : null;
}

/** Records a failure (its code, when the next attempt is due), or a send: a sent mail keeps no address or text. */
export async function markAttempt(key: string, at: Date, failure?: { error: string; next: Date }): Promise<void> {
  const outcome = failure
    ? { lastError: failure.error, nextAttemptAt: failure.next.toISOString() }
    : { sentAt: at.toISOString(), content: null, toAddresses: [], replyTo: null, nextAttemptAt: null, lastError: null };
  await database()
    .update(mailOutbox)
    .set({ ...outcome, claimedAt: null, updatedAt: at.toISOString() })
    .where(and(eq(mailOutbox.reason, key), waiting));
}

/**
 * Forgets the mail about an erased address, before its records go: under `keys` (each reason and those below it, sent
 * or not), and waiting mail to or answering to `email`. One statement; answers how many waiting mails it dropped.
 */
export async function dropMailAbout(email: string, keys: string[]): Promise<number> {
  const address = normaliseEmail(email);
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

/** Retention: forgets the marks of up to `limit` mails sent before `before` (only that a reason was sent). */
export async function deleteSentMailBefore(before: Date, limit: number): Promise<number> {
  const old = database()
    .select({ reason: mailOutbox.reason })
    .from(mailOutbox)
    .where(lt(mailOutbox.sentAt, before.toISOString()))
    .limit(limit);
  const { rowCount } = await database().delete(mailOutbox).where(inArray(mailOutbox.reason, old));
  return rowCount ?? 0;
}
