import { whatsappSummaries } from '../whatsapp/conversations';
import { normaliseEmail } from '../../platform/emails';
import type { LeadSource } from '../leads/schema';
import { preview } from '../leads/preview';
import { personLeads, personReplies, personSubscription } from './store';
import {
  SUMMARY_MAX,
  TIMELINE_MAX,
  type ContactItem,
  type ContactQuery,
  type ContactTimeline,
  type LeadItem,
} from './schema';

/**
 * One person's timeline (docs/product.md, "Contact timeline"): their contact messages, chat leads, video calls that
 * named their address and requests for investor access (each a lead, with its status, owner and notes), the replies
 * partners sent them, and their newsletter subscription; newest first, at most TIMELINE_MAX items. A person is an
 * e-mail address (any case, spaces around it ignored) and the phone numbers their leads gave or the query names.
 * Chats and calls are the person's only through the lead filed from them; a booked meeting through its lead (source
 * `booking`), shown as a `booking` item with the meeting's status. A WhatsApp conversation (issue #26) is theirs when
 * its lead flow collected their address or its phone is one their own leads gave (or the query names).
 */
const LEAD_KIND: Record<Exclude<LeadSource, 'booking'>, LeadItem['kind']> = {
  form: 'message',
  chat: 'chat',
  video: 'video',
  investor: 'access-request',
  whatsapp: 'chat',
};

function newestFirst(a: ContactItem, b: ContactItem): number {
  return b.at.localeCompare(a.at) || b.id.localeCompare(a.id);
}

/** When a subscription last changed: its unsubscription, confirmation or sign-up, as its status says. */
function subscriptionChange(row: NonNullable<Awaited<ReturnType<typeof personSubscription>>>): string {
  if (row.status === 'unsubscribed') return row.unsubscribedAt ?? row.registeredAt;
  if (row.status === 'confirmed') return row.confirmedAt ?? row.registeredAt;
  return row.registeredAt;
}

export async function contactTimeline(query: ContactQuery): Promise<ContactTimeline> {
  const email = normaliseEmail(query.email);
  // One more than is shown of each: whether there are more.
  const [leads, replies, subscription] = await Promise.all([
    personLeads(email, query.phone, TIMELINE_MAX + 1),
    personReplies(email, query.phone, TIMELINE_MAX + 1),
    personSubscription(email),
  ]);
  // WhatsApp conversations: those that gave the address, and those of a phone the person's own leads gave or the
  // query names (a phone number on WhatsApp is its owner's: Meta verified it).
  const phones = new Set(
    [query.phone, ...leads.filter((lead) => lead.email === email).map((lead) => lead.phone)].filter(
      (phone): phone is string => !!phone,
    ),
  );
  // One statement: each conversation's id, last activity and first question, never its messages.
  const chats = await whatsappSummaries(email, [...phones]);
  const items: ContactItem[] = [
    ...leads.map((lead): ContactItem => {
      if (lead.source === 'booking') {
        return {
          kind: 'booking',
          id: lead.id,
          at: lead.createdAt,
          summary: preview(lead.message, SUMMARY_MAX),
          link: { tab: 'messages', id: lead.id },
          status: lead.meetingStatus,
          attribution: lead.attribution,
        };
      }
      return {
        kind: LEAD_KIND[lead.source],
        id: lead.id,
        at: lead.createdAt,
        summary: preview(lead.message, SUMMARY_MAX),
        link: { tab: 'messages', id: lead.id },
        status: lead.status,
        owner: lead.owner,
        notes: lead.notes,
        attribution: lead.attribution,
        conversationId: lead.source === 'chat' || lead.source === 'video' ? lead.sessionId : null,
        email: lead.email,
        matchedBy: lead.email === email ? 'email' : 'phone',
      };
    }),
    ...chats.map((conversation): ContactItem => ({
      kind: 'whatsapp',
      id: conversation.id,
      at: conversation.lastActivity,
      summary: preview(conversation.firstQuestion ?? '', SUMMARY_MAX),
      link: { tab: 'whatsapp', id: conversation.id },
    })),
    ...replies.map((reply): ContactItem => ({
      kind: 'reply',
      id: reply.id,
      at: reply.sentAt,
      summary: preview(reply.subject, SUMMARY_MAX),
      link: { tab: 'messages', id: reply.leadId },
      leadId: reply.leadId,
      by: reply.by,
    })),
    ...(subscription
      ? [
          {
            kind: 'newsletter' as const,
            id: subscription.id,
            at: subscriptionChange(subscription),
            summary: preview(subscription.fullName, SUMMARY_MAX),
            link: { tab: 'newsletter', id: subscription.id },
            status: subscription.status,
          },
        ]
      : []),
  ].sort(newestFirst);

  // The contact's own details come from the leads of their own address only: a lead that is theirs by a phone number
  // alone may have been sent by anyone who typed that number. A video lead's name is the address it said: a name the
  // person gave is preferred.
  const own = leads.filter((lead) => lead.email === email);
  const named = own.find((lead) => lead.name !== lead.email);
  const name = named?.name ?? subscription?.fullName ?? own[0]?.name ?? null;
  const phone = own.find((lead) => lead.phone)?.phone;
  // The lead a partner works on: the newest still open, else the newest.
  const current = own.find((lead) => lead.status !== 'closed') ?? own[0];
  const lead = current && {
    id: current.id,
    kind: current.source === 'booking' ? ('booking' as const) : LEAD_KIND[current.source],
    at: current.createdAt,
    status: current.status,
    owner: current.owner,
    notes: current.notes,
    outcome: current.outcome,
    value: current.value,
  };
  return {
    contact: { email, name, ...(phone ? { phone } : {}) },
    ...(lead ? { lead } : {}),
    items: items.slice(0, TIMELINE_MAX),
    truncated: items.length > TIMELINE_MAX,
  };
}
