import { and, asc, count, eq, gt, gte, inArray, isNull, lt, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import { database } from '../../platform/db/client';
import { newsletterRecipients as recipients, newsletterSends as sends, newsletterSubscribers } from './tables';
import type { IssueSend } from './issue-schema';

const ofIssue = (issueId: string, ...more: (SQL | undefined)[]) => and(eq(recipients.issueId, issueId), ...more);

/** Starts an issue's send with its mails and recipient count, once (the issue is the key): null for other callers. */
export async function createIssueSend(issueId: string, startedBy: string, mails: IssueSend['mails'], now = new Date()) {
  const s = newsletterSubscribers;
  const total = sql<number>`(${database().select({ n: count() }).from(s).where(eq(s.status, 'confirmed'))})`;
  const row = { issueId, startedAt: now.toISOString(), startedBy, mails, total, aliveAt: now };
  const [send] = await database().insert(sends).values(row).onConflictDoNothing().returning();
  return send ?? null;
}

export async function getIssueSend(id: string): Promise<IssueSend | null> {
  const [send] = await database().select().from(sends).where(eq(sends.issueId, id));
  return send ?? null;
}

export async function markAlive(id: string, at = new Date()): Promise<void> {
  await database().update(sends).set({ aliveAt: at }).where(eq(sends.issueId, id));
}

/** The unfinished sends silent since `silentSince`, marked alive in the same statement (one schedule resumes each). */
export async function claimSilentSends(silentSince: Date, now = new Date()): Promise<string[]> {
  const silent = and(isNull(sends.finishedAt), lt(sends.aliveAt, silentSince));
  const rows = await database().update(sends).set({ aliveAt: now }).where(silent).returning({ id: sends.issueId });
  return rows.map((row) => row.id);
}

type Walk = { after: string | null; limit: number; now: Date; staleBefore: Date };

/**
 * Claims the next confirmed subscribers by address hash (after `after`) without a row for the issue (done, or claimed
 * since `staleBefore`): a `sending` row each, written only if new or stale, so of racing runs one gets each. Two
 * statements. `last` is where the walk goes on from; null when it is over.
 */
export async function claimRecipients(issueId: string, { after, limit, now, staleBefore }: Walk) {
  const s = newsletterSubscribers;
  const done = or(ne(recipients.status, 'sending'), gte(recipients.at, staleBefore));
  const mine = ofIssue(issueId, eq(recipients.addressHash, s.addressHash), done);
  const taken = database().select().from(recipients).where(mine);
  const next = and(eq(s.status, 'confirmed'), after === null ? undefined : gt(s.addressHash, after), notExists(taken));
  const recipient = { hash: s.addressHash, email: s.email, language: s.language, token: s.token };
  const candidates = await database().select(recipient).from(s).where(next).orderBy(asc(s.addressHash)).limit(limit);
  const last = candidates.at(-1)?.hash ?? null;
  if (!candidates.length) return { claimed: candidates, last };
  const claim = { issueId, status: 'sending' as const, at: now };
  const won = await database()
    .insert(recipients)
    .values(candidates.map((c) => ({ ...claim, addressHash: c.hash, language: c.language })))
    .onConflictDoUpdate({
      target: [recipients.issueId, recipients.addressHash],
      set: { at: now, language: sql.raw('excluded."language"') },
      setWhere: sql`${recipients.status} = 'sending' AND ${recipients.at} < ${staleBefore}`,
    })
    .returning({ hash: recipients.addressHash });
  const ours = new Set(won.map((row) => row.hash));
  return { claimed: candidates.filter((c) => ours.has(c.hash)), last };
}

/** Gives back claims a run did not get to (it stopped early): another run takes them at once. */
export async function releaseRecipients(issueId: string, hashes: string[]): Promise<void> {
  if (!hashes.length) return;
  const mine = ofIssue(issueId, inArray(recipients.addressHash, hashes), eq(recipients.status, 'sending'));
  await database().delete(recipients).where(mine);
}

type Result = { status: 'sent' | 'failed'; at: Date; error: string | null };

export async function recordRecipient(issueId: string, hash: string, result: Result): Promise<void> {
  const theirs = ofIssue(issueId, eq(recipients.addressHash, hash));
  await database().update(recipients).set(result).where(theirs);
}

/** How many recipients were sent their mail, how many failed, and how many a run still holds: one statement. */
export async function recipientCounts(issueId: string): Promise<{ sent: number; failed: number; sending: number }> {
  const of = (status: string) => sql<number>`count(*) FILTER (WHERE ${recipients.status} = ${status})`.mapWith(Number);
  const counts = { sent: of('sent'), failed: of('failed'), sending: of('sending') };
  const [row] = await database().select(counts).from(recipients).where(ofIssue(issueId));
  return row ?? { sent: 0, failed: 0, sending: 0 };
}

/** The hashes of (at most `limit`) recipients whose mail failed: the mail schedule may have sent it since. */
export async function failedRecipients(issueId: string, limit = 50): Promise<string[]> {
  const failed = ofIssue(issueId, eq(recipients.status, 'failed'));
  const rows = await database().select({ hash: recipients.addressHash }).from(recipients).where(failed).limit(limit);
  return rows.map((row) => row.hash);
}

/** Marks a send finished if no run holds a recipient any more: true for the one caller that did (one statement). */
export async function finishIssueSend(issueId: string, at = new Date()): Promise<boolean> {
  const sending = ofIssue(issueId, eq(recipients.status, 'sending'));
  const held = database().select().from(recipients).where(sending);
  const open = and(eq(sends.issueId, issueId), isNull(sends.finishedAt), notExists(held));
  const rows = await database().update(sends).set({ finishedAt: at.toISOString() }).where(open).returning();
  return rows.length > 0;
}
