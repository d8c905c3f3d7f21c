import { and, asc, count, eq, gt, gte, inArray, isNull, lt, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../i18n/languages';
import { database } from '../db/client';
import { newsletterRecipients as recipients, newsletterSends as sends, newsletterSubscribers } from '../db/schema';
import type { IssueMailPart, IssueSend } from '../schemas/newsletter-issue';

const ofIssue = (issueId: string, ...more: (SQL | undefined)[]) => and(eq(recipients.issueId, issueId), ...more);

/**
 * Starts an issue's send, its mails frozen and the confirmed subscribers counted in the same statement. The issue's
 * id is the key: one send per issue, however many admins press Send at once; null for every other caller.
 */
export async function createIssueSend(
  issueId: string,
  startedBy: string,
  mails: Record<Language, IssueMailPart>,
  now = new Date(),
): Promise<IssueSend | null> {
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

/** The run's sign of life. */
export async function markAlive(id: string, at = new Date()): Promise<void> {
  await database().update(sends).set({ aliveAt: at }).where(eq(sends.issueId, id));
}

/** The unfinished sends silent since `silentSince`, marked alive in the same statement (one schedule resumes each). */
export async function claimSilentSends(silentSince: Date, now = new Date()): Promise<string[]> {
  const silent = and(isNull(sends.finishedAt), lt(sends.aliveAt, silentSince));
  const rows = await database().update(sends).set({ aliveAt: now }).where(silent).returning({ id: sends.issueId });
  return rows.map((row) => row.id);
}

/**
 * The next confirmed subscribers of a run's walk (by address hash, after `after`) without a row for the issue (done,
 * or claimed since `staleBefore`), and their claim: a `sending` row each, written only if new or stale, so of racing
 * runs one gets each. Two statements. `last` is where the walk goes on from; null when it is over.
 */
export async function claimRecipients(
  issueId: string,
  { after, limit, now, staleBefore }: { after: string | null; limit: number; now: Date; staleBefore: Date },
) {
  const db = database();
  const s = newsletterSubscribers;
  const done = or(ne(recipients.status, 'sending'), gte(recipients.at, staleBefore));
  const mine = ofIssue(issueId, eq(recipients.addressHash, s.addressHash), done);
  const taken = db.select().from(recipients).where(mine);
  const next = and(eq(s.status, 'confirmed'), after === null ? undefined : gt(s.addressHash, after), notExists(taken));
  const candidates = await db
    .select({ hash: s.addressHash, email: s.email, language: s.language, token: s.token })
    .from(s)
    .where(next)
    .orderBy(asc(s.addressHash))
    .limit(limit);
  const last = candidates.at(-1)?.hash ?? null;
  if (!candidates.length) return { claimed: candidates, last };
  const claim = { issueId, status: 'sending' as const, at: now };
  const won = await db
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

/** A recipient's result. */
export async function recordRecipient(
  issueId: string,
  hash: string,
  result: { status: 'sent' | 'failed'; at: Date; error: string | null },
): Promise<void> {
  await database()
    .update(recipients)
    .set(result)
    .where(ofIssue(issueId, eq(recipients.addressHash, hash)));
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
  const held = database()
    .select()
    .from(recipients)
    .where(ofIssue(issueId, eq(recipients.status, 'sending')));
  const open = and(eq(sends.issueId, issueId), isNull(sends.finishedAt), notExists(held));
  const rows = await database().update(sends).set({ finishedAt: at.toISOString() }).where(open).returning();
  return rows.length > 0;
}
