import { desc, eq, sql } from 'drizzle-orm';
import { database } from '../../platform/db/client';
import { phoneKeySql } from '../../platform/db/phones';
import { contactMessages, leadReplies } from '../leads/tables';
import { meetings } from '../meetings/tables';
import { newsletterSubscribers } from '../newsletter/tables';

/**
 * The records of one person (src/features/contacts/timeline.ts): by the stored address (trimmed, lower-cased) and by
 * phone key (src/platform/db/phones.ts), on the indexes `contact_messages_email` and `contact_messages_phone_key`.
 * Three statements, each at most `limit` rows, newest first.
 */

/**
 * A lead is the person's when it has their address, or a phone number (as the timeline matches phones) that one of
 * their own leads gave or that the query names. As ids from two index lookups (by address, by phone key), not an OR
 * (with which Postgres walks every lead: 11 ms for 20,000 leads, against well under 1 ms).
 */
function personCondition(email: string, phone: string | undefined) {
  const given = phone ? sql`UNION ALL SELECT ${phoneKeySql(sql`${phone}::text`)}` : sql``;
  return sql`${contactMessages.id} IN (
    SELECT by_email.id FROM contact_messages AS by_email WHERE by_email.email = ${email}
    UNION
    SELECT by_phone.id FROM contact_messages AS by_phone WHERE by_phone.phone_key IN (
      SELECT own.phone_key FROM contact_messages AS own WHERE own.email = ${email} AND own.phone_key IS NOT NULL
      ${given}))`;
}

export async function personLeads(email: string, phone: string | undefined, limit: number) {
  return database()
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      phone: contactMessages.phone,
      message: contactMessages.message,
      source: contactMessages.source,
      status: contactMessages.status,
      owner: contactMessages.owner,
      notes: contactMessages.notes,
      sessionId: contactMessages.sessionId,
      createdAt: contactMessages.createdAt,
      outcome: contactMessages.outcome,
      value: contactMessages.value,
      attribution: contactMessages.attribution,
      /** A booking's meeting status (`confirmed`, `cancelled`); null for other leads. */
      meetingStatus: meetings.status,
    })
    .from(contactMessages)
    .leftJoin(meetings, eq(meetings.leadId, contactMessages.id))
    .where(personCondition(email, phone))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit);
}

/** The replies sent to the person's leads. */
export async function personReplies(email: string, phone: string | undefined, limit: number) {
  return database()
    .select({
      id: leadReplies.id,
      leadId: leadReplies.messageId,
      sentAt: leadReplies.sentAt,
      by: leadReplies.by,
      subject: leadReplies.subject,
    })
    .from(leadReplies)
    .innerJoin(contactMessages, eq(contactMessages.id, leadReplies.messageId))
    .where(personCondition(email, phone))
    .orderBy(desc(leadReplies.sentAt), desc(leadReplies.id))
    .limit(limit);
}

/** The address's newsletter subscription, if any (one per address: its unique index). */
export async function personSubscription(email: string) {
  const [row] = await database()
    .select({
      id: newsletterSubscribers.id,
      fullName: newsletterSubscribers.fullName,
      status: newsletterSubscribers.status,
      registeredAt: newsletterSubscribers.registeredAt,
      confirmedAt: newsletterSubscribers.confirmedAt,
      unsubscribedAt: newsletterSubscribers.unsubscribedAt,
    })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  return row ?? null;
}
