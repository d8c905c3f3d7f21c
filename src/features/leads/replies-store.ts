import { and, asc, eq, getTableColumns, lt, sql } from 'drizzle-orm';
import { database } from '../../platform/db/client';
import { contactMessages, leadReplies as replies, MAX_REPLIES_PER_LEAD } from './tables';
import { mailOutbox } from '../mail/tables';
import { isId } from '../../platform/ids';
import type { Lead, LeadReply } from './schema';
import { toLead } from './messages-store';
import { outboxRow, type NewOutboxMail } from '../mail/outbox-store';

// A lead's status, owner and when a partner changed them are columns of its contact message (contact-messages.ts).
const { messageId: _messageId, ...replyColumns } = getTableColumns(replies);

/** A partner who changes or answers a lead has read it: its first reading is kept. */
const readBy = (now: Date) => sql`coalesce(${contactMessages.readAt}, ${now.toISOString()}::timestamptz)`;

/**
 * Sets a lead's status, owner and/or notes (undefined: leave it; null: nobody, no notes); answers the lead, or null.
 * One statement.
 */
export async function updateLeadState(
  id: string,
  patch: Partial<Pick<Lead, 'status' | 'owner' | 'notes' | 'outcome' | 'value'>>,
  now = new Date(),
) {
  if (!isId(id)) return null;
  const [row] = await database()
    .update(contactMessages)
    .set({
      status: patch.status,
      owner: patch.owner,
      notes: patch.notes,
      outcome: patch.outcome,
      value: patch.value,
      updatedAt: now,
      readAt: readBy(now),
    })
    .where(eq(contactMessages.id, id))
    .returning();
  return row ? toLead(row) : null;
}

/** The thread of replies, oldest first. One statement. */
export async function leadReplies(id: string): Promise<LeadReply[]> {
  if (!isId(id)) return [];
  return database().select(replyColumns).from(replies).where(eq(replies.messageId, id)).orderBy(asc(replies.id));
}

/**
 * Records a partner's reply (`id`: a new id, src/platform/ids.ts, by which the thread sorts), in one transaction: takes
 * one of the lead's MAX_REPLIES_PER_LEAD replies (an UPDATE whose WHERE only a lead under the cap matches, however
 * many race), marks it replied (a closed lead stays closed) and owned by the sender when it had no owner, appends the
 * reply to the thread and queues its mail to the lead's own address (never one from the request). Answers the lead,
 * `'capped'` when it has all its replies, or null when there is no such lead.
 */
export async function recordLeadReply(
  messageId: string,
  reply: Omit<LeadReply, 'sentAt'> & { mail: Omit<NewOutboxMail, 'to'> },
  now = new Date(),
): Promise<Lead | 'capped' | null> {
  if (!isId(messageId)) return null;
  const { mail, ...thread } = reply;
  const outcome = await database().transaction(async (tx) => {
    const [row] = await tx
      .update(contactMessages)
      .set({
        replyCount: sql`${contactMessages.replyCount} + 1`,
        status: sql`CASE WHEN ${contactMessages.status} = 'closed' THEN 'closed' ELSE 'replied' END`,
        owner: sql`coalesce(${contactMessages.owner}, ${reply.by})`,
        updatedAt: now,
        readAt: readBy(now),
      })
      .where(and(eq(contactMessages.id, messageId), lt(contactMessages.replyCount, MAX_REPLIES_PER_LEAD)))
      .returning();
    if (!row) return null;
    await tx.insert(replies).values({ ...thread, messageId, sentAt: now.toISOString() });
    await tx
      .insert(mailOutbox)
      .values(outboxRow({ ...mail, to: [row.email] }, now))
      .onConflictDoNothing();
    return row;
  });
  if (outcome) return toLead(outcome);
  return (await database().$count(contactMessages, eq(contactMessages.id, messageId))) ? 'capped' : null;
}
