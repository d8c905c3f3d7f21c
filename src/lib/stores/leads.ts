import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { database } from '../db/client';
import { contactMessages, leadReplies as replies, mailOutbox, MAX_REPLIES_PER_LEAD } from '../db/schema';
import { isId } from '../ids';
import type { Lead, LeadReply, LeadStatus } from '../schemas/lead';
import { toLead } from './contact-messages';
import { outboxRow, type NewOutboxMail } from './outbox';

export { MAX_REPLIES_PER_LEAD } from '../db/schema';

/**
 * A lead's state (docs/architecture.md, "Lead inbox"): status, owner and when a partner changed them are columns of
 * its contact message (src/lib/stores/contact-messages.ts); each reply sent is a row of `lead_replies`, gone with
 * the message.
 */

/** What a partner changes: a status and/or an owner (`undefined`: leave it; null: nobody). */
export interface LeadStatePatch {
  status?: LeadStatus;
  owner?: string | null;
}

/** Sets a lead's status and/or owner; answers the lead, or null when there is none. One statement. */
export async function updateLeadState(id: string, patch: LeadStatePatch, now = new Date()): Promise<Lead | null> {
  if (!isId(id)) return null;
  const [row] = await database()
    .update(contactMessages)
    .set({
      ...(patch.status ? { status: patch.status } : {}),
      ...(patch.owner !== undefined ? { owner: patch.owner } : {}),
      updatedAt: now,
    })
    .where(eq(contactMessages.id, id))
    .returning();
  return row ? toLead(row) : null;
}

/** The thread of replies, oldest first. One statement. */
export async function leadReplies(id: string): Promise<LeadReply[]> {
  if (!isId(id)) return [];
  const rows = await database()
    .select({
      id: replies.id,
      sentAt: replies.sentAt,
      by: replies.by,
      language: replies.language,
      subject: replies.subject,
      body: replies.body,
    })
    .from(replies)
    .where(eq(replies.messageId, id))
    .orderBy(asc(replies.id));
  return rows.map((row) => ({ ...row, sentAt: row.sentAt.toISOString() }));
}

/** The reply a partner sends, and the mail that carries it (its recipient is the lead's own address, set here). */
export interface NewLeadReply {
  /** A new id (src/lib/ids.ts): the thread sorts by it. */
  id: string;
  by: string;
  language: LeadReply['language'];
  subject: string;
  body: string;
  mail: Omit<NewOutboxMail, 'to'>;
}

/**
 * Records a partner's reply, in one transaction: takes one of the lead's MAX_REPLIES_PER_LEAD replies (an UPDATE
 * whose WHERE only a lead under the cap matches, however many race), marks it replied (a closed lead stays closed)
 * and owned by the sender when it had no owner, appends the reply to the thread and queues its mail to the lead's
 * own address. Answers the lead, `'capped'` when it has all its replies, or null when there is no such lead.
 */
export async function recordLeadReply(
  id: string,
  reply: NewLeadReply,
  now = new Date(),
): Promise<Lead | 'capped' | null> {
  if (!isId(id)) return null;
  const outcome = await database().transaction(async (tx) => {
    const [row] = await tx
      .update(contactMessages)
      .set({
        replyCount: sql`${contactMessages.replyCount} + 1`,
        status: sql`CASE WHEN ${contactMessages.status} = 'closed' THEN 'closed' ELSE 'replied' END`,
        owner: sql`coalesce(${contactMessages.owner}, ${reply.by})`,
        updatedAt: now,
      })
      .where(and(eq(contactMessages.id, id), lt(contactMessages.replyCount, MAX_REPLIES_PER_LEAD)))
      .returning();
    if (!row) return null;
    await tx.insert(replies).values({
      id: reply.id,
      messageId: id,
      sentAt: now,
      by: reply.by,
      language: reply.language,
      subject: reply.subject,
      body: reply.body,
    });
    await tx
      .insert(mailOutbox)
      .values(outboxRow({ ...reply.mail, to: [row.email] }, now))
      .onConflictDoNothing();
    return row;
  });
  if (outcome) return toLead(outcome);
  const [exists] = await database()
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(eq(contactMessages.id, id));
  return exists ? 'capped' : null;
}
