import { and, asc, count, eq, gt, gte, inArray, lt, ne, notExists, or, sql } from 'drizzle-orm';
import type { Language } from '../../i18n/languages';
import { database } from '../db/client';
import { newsletterRecipients as recipients, newsletterSends as sends, newsletterSubscribers } from '../db/schema';
import type { IssueMailPart, IssueSend } from '../schemas/newsletter-issue';

/**
 * The sends of newsletter issues (src/lib/db/schema/newsletter.ts): `newsletter_sends`, one row per issue (its primary
 * key is the claim: one send per issue, however many admins press Send at once), and `newsletter_recipients`, one
 * row per issue and recipient (the address's hash): a run claims recipients by inserting their rows (`sending`),
 * then records `sent` or `failed`. The issue itself is content (src/lib/content/kinds/newsletter-issues.ts).
 */

type SendRow = typeof sends.$inferSelect;

function toSend(row: SendRow): IssueSend {
  return {
    issueId: row.issueId,
    startedAt: row.startedAt.toISOString(),
    startedBy: row.startedBy,
    mails: row.mails,
    total: row.total,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Starts the send of an issue: its row, with the mails frozen and the confirmed subscribers counted in the same
 * statement. The send for exactly one caller, ever; null for every other (the issue was already sent).
 */
export async function createIssueSend(
  issueId: string,
  startedBy: string,
  mails: Record<Language, IssueMailPart>,
  now = new Date(),
): Promise<IssueSend | null> {
  const confirmed = database()
    .select({ count: count() })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, 'confirmed'));
  const [row] = await database()
    .insert(sends)
    .values({ issueId, startedAt: now, startedBy, mails, total: sql`(${confirmed})`, aliveAt: now })
    .onConflictDoNothing()
    .returning();
  return row ? toSend(row) : null;
}

export async function getIssueSend(id: string): Promise<IssueSend | null> {
  const [row] = await database().select().from(sends).where(eq(sends.issueId, id));
  return row ? toSend(row) : null;
}

/** The run's sign of life. */
export async function markAlive(id: string, at = new Date()): Promise<void> {
  await database().update(sends).set({ aliveAt: at }).where(eq(sends.issueId, id));
}

/**
 * The unfinished sends whose run has been silent since `silentSince`, each marked alive at `now` in the same
 * statement (so of two schedules racing, one resumes each): their issues' ids.
 */
export async function claimSilentSends(silentSince: Date, now = new Date()): Promise<string[]> {
  const rows = await database()
    .update(sends)
    .set({ aliveAt: now })
    .where(and(sql`${sends.finishedAt} IS NULL`, lt(sends.aliveAt, silentSince)))
    .returning({ issueId: sends.issueId });
  return rows.map((row) => row.issueId);
}

/** A recipient a run has claimed: what their mail needs. */
export interface ClaimedRecipient {
  hash: string;
  email: string;
  language: Language;
  token: string;
}

/**
 * The next recipients of a run's walk (confirmed subscribers in the order of their addresses' hashes, after `after`),
 * skipping those with a row for this issue (done, or claimed by another run since `staleBefore`), and the claim of
 * them: a row each, `sending`, written only if new (or stale), so of racing runs one gets each. Two statements.
 * `last` is where the walk goes on from; null when it is over.
 */
export async function claimRecipients(
  issueId: string,
  options: { after: string | null; limit: number; now: Date; staleBefore: Date },
): Promise<{ claimed: ClaimedRecipient[]; last: string | null }> {
  const db = database();
  const s = newsletterSubscribers;
  const taken = db
    .select({ one: sql`1` })
    .from(recipients)
    .where(
      and(
        eq(recipients.issueId, issueId),
        eq(recipients.addressHash, s.addressHash),
        or(ne(recipients.status, 'sending'), gte(recipients.at, options.staleBefore)),
      ),
    );
  const candidates = await db
    .select({ hash: s.addressHash, email: s.email, language: s.language, token: s.token })
    .from(s)
    .where(
      and(
        eq(s.status, 'confirmed'),
        options.after === null ? undefined : gt(s.addressHash, options.after),
        notExists(taken),
      ),
    )
    .orderBy(asc(s.addressHash))
    .limit(options.limit);
  const last = candidates.at(-1)?.hash ?? null;
  if (!candidates.length) return { claimed: [], last };
  const won = await db
    .insert(recipients)
    .values(
      candidates.map((c) => ({
        issueId,
        addressHash: c.hash,
        language: c.language,
        status: 'sending' as const,
        at: options.now,
      })),
    )
    .onConflictDoUpdate({
      target: [recipients.issueId, recipients.addressHash],
      set: { at: options.now, language: sql.raw('excluded."language"') },
      setWhere: sql`${recipients.status} = 'sending' AND ${recipients.at} < ${options.staleBefore}`,
    })
    .returning({ hash: recipients.addressHash });
  const mine = new Set(won.map((row) => row.hash));
  return { claimed: candidates.filter((c) => mine.has(c.hash)), last };
}

/** Gives back claims a run did not get to (it stopped early): another run takes them at once. */
export async function releaseRecipients(issueId: string, hashes: string[]): Promise<void> {
  if (!hashes.length) return;
  await database()
    .delete(recipients)
    .where(
      and(eq(recipients.issueId, issueId), inArray(recipients.addressHash, hashes), eq(recipients.status, 'sending')),
    );
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
    .where(and(eq(recipients.issueId, issueId), eq(recipients.addressHash, hash)));
}

/** How many recipients were sent their mail, how many failed, and how many a run still holds: one statement. */
export async function recipientCounts(issueId: string): Promise<{ sent: number; failed: number; sending: number }> {
  const [row] = await database()
    .select({
      sent: sql<number>`count(*) FILTER (WHERE ${recipients.status} = 'sent')`.mapWith(Number),
      failed: sql<number>`count(*) FILTER (WHERE ${recipients.status} = 'failed')`.mapWith(Number),
      sending: sql<number>`count(*) FILTER (WHERE ${recipients.status} = 'sending')`.mapWith(Number),
    })
    .from(recipients)
    .where(eq(recipients.issueId, issueId));
  return { sent: row?.sent ?? 0, failed: row?.failed ?? 0, sending: row?.sending ?? 0 };
}

/** The hashes of (at most `limit`) recipients whose mail failed: the mail schedule may have sent it since. */
export async function failedRecipients(issueId: string, limit = 50): Promise<string[]> {
  const rows = await database()
    .select({ hash: recipients.addressHash })
    .from(recipients)
    .where(and(eq(recipients.issueId, issueId), eq(recipients.status, 'failed')))
    .limit(limit);
  return rows.map((row) => row.hash);
}

/**
 * Marks a send finished if no run holds a recipient any more: true for the one caller that did (one statement).
 */
export async function finishIssueSend(issueId: string, at = new Date()): Promise<boolean> {
  const db = database();
  const held = db
    .select({ one: sql`1` })
    .from(recipients)
    .where(and(eq(recipients.issueId, issueId), eq(recipients.status, 'sending')));
  const rows = await db
    .update(sends)
    .set({ finishedAt: at })
    .where(and(eq(sends.issueId, issueId), sql`${sends.finishedAt} IS NULL`, notExists(held)))
    .returning({ issueId: sends.issueId });
  return rows.length > 0;
}
