import { chatConversation, chatConversationsByEmail, deleteChatSession } from '../chat/log';
import { deleteVideoCall, videoCallsByEmail } from '../video/log';
import { privacyRequestSchema, type ErasureReport, type PersonalData } from './schema';
import type { User } from '../accounts/schema';
import { recordAudit } from '../audit/store';
import { contactMessagesByEmail, deleteContactMessage, getLead } from '../leads/messages-store';
import { leadReplies } from '../leads/replies-store';
import { addressHash, deleteSubscriber, listSubscribersPage } from '../newsletter/subscribers-store';
import { dropMailAbout } from '../mail/outbox-store';
import { deleteTavusConversation } from '../video/tavus';
import { cancelLeadMeeting } from '../meetings/booking';
import { now } from '../../platform/clock';
import {
  deleteWhatsAppConversation,
  whatsappConversationsByEmail,
  whatsappConversationsByPhone,
} from '../whatsapp/conversations';

/**
 * Privacy requests (GDPR articles 15 and 17): everything the site holds about an e-mail address, found by queries on
 * the indexed, lower-cased address columns the server writes with each record (a message's sender, the addresses a
 * chat or a call's transcript held, the subscriber), never by reading every record; a copy of it (access) and its
 * erasure, at Tavus too. What is kept afterwards is an audit event with the date, the kind and counts: no address,
 * no name.
 */
export { privacyRequestSchema, type ErasureReport, type PersonalData };

function byId<T extends { sessionId: string }>(items: T[]): T[] {
  return [...new Map(items.map((item) => [item.sessionId, item])).values()];
}

/** Whom a privacy request is about: an e-mail address, a phone number (WhatsApp), or both. */
export interface Person {
  email?: string | undefined;
  phone?: string | undefined;
}

/**
 * Everything the site holds about the person: the address's contact messages (and the replies the firm sent to
 * them), the chat conversations that hold it or filed one of those messages, the video calls in whose transcript it
 * was said, its newsletter subscription; the WhatsApp conversations from the phone number or whose lead flow
 * collected the address, and the leads filed from those.
 */
export async function findPersonalData(person: Person | string, now = new Date()): Promise<PersonalData> {
  const { email, phone } = typeof person === 'string' ? { email: person, phone: undefined } : person;
  const [byEmail, chats, videoCalls, newsletter, whatsappByEmail, whatsappByPhone] = await Promise.all([
    email ? contactMessagesByEmail(email) : [],
    email ? chatConversationsByEmail(email) : [],
    email ? videoCallsByEmail(email) : [],
    email ? listSubscribersPage({ cursor: null, limit: 1, q: email }).then((page) => page.items[0] ?? null) : null,
    email ? whatsappConversationsByEmail(email) : [],
    phone ? whatsappConversationsByPhone(phone) : [],
  ]);
  const whatsapp = byId([...whatsappByPhone, ...whatsappByEmail]);
  // The leads filed from those WhatsApp conversations are the person's too, whatever address they gave.
  const known = new Set(byEmail.map((message) => message.id));
  const filed = await Promise.all(
    whatsapp.flatMap((conversation) =>
      conversation.leadId && !known.has(conversation.leadId) ? [getLead(conversation.leadId)] : [],
    ),
  );
  const contactMessages = [...byEmail, ...filed.filter((lead) => lead !== null)];
  const knownChats = new Set(chats.map((conversation) => conversation.sessionId));
  // A chat lead names its chat session (a video lead names its call, which the address found above when it was said).
  const sessions = new Set(
    contactMessages.flatMap((message) => (message.source === 'chat' && message.sessionId ? [message.sessionId] : [])),
  );
  const [moreChats, replies] = await Promise.all([
    Promise.all([...sessions].filter((id) => !knownChats.has(id)).map((sessionId) => chatConversation(sessionId))),
    // What the firm wrote to the address is data about it too (erasing a message erases its thread).
    Promise.all(
      contactMessages.map(async (message) =>
        (await leadReplies(message.id)).map((reply) => ({ messageId: message.id, ...reply })),
      ),
    ),
  ]);
  return {
    email: email ?? null,
    phone: phone ?? null,
    generatedAt: now.toISOString(),
    contactMessages: contactMessages.sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    replies: replies.flat(),
    chatConversations: byId([...chats, ...moreChats.filter((chat) => chat !== null)]).sort((a, b) =>
      b.lastActivity.localeCompare(a.lastActivity),
    ),
    newsletter,
    videoCalls: videoCalls.sort((a, b) => b.conversationStarted.localeCompare(a.conversationStarted)),
    whatsappConversations: whatsapp.sort((a, b) => b.lastActivity.localeCompare(a.lastActivity)),
  };
}

function counts(data: PersonalData): string {
  return [
    `${data.contactMessages.length} messages`,
    `${data.chatConversations.length} chat conversations`,
    `${data.newsletter ? 1 : 0} newsletter subscriptions`,
    `${data.videoCalls.length} video calls`,
    `${data.whatsappConversations.length} WhatsApp conversations`,
  ].join(', ');
}

/** The copy an admin downloads for an access request; the request is recorded (date, kind, counts). */
export async function accessPersonalData(person: Person | string, actor: User): Promise<PersonalData> {
  const data = await findPersonalData(person);
  await recordAudit({ actor: actor.username, actorRole: actor.role, action: 'privacy.access', detail: counts(data) });
  return data;
}

/**
 * Erases everything the site holds about the address. The calls go first at Tavus (with their recordings): if
 * Tavus refuses one, nothing is deleted here and the admin is told (502), so a retry finds everything again.
 */
export async function erasePersonalData(person: Person | string, actor: User): Promise<ErasureReport> {
  const data = await findPersonalData(person);
  const { email } = data;
  let tavus: ErasureReport['tavus'] = 'none';
  for (const call of data.videoCalls) tavus = await deleteTavusConversation(call.sessionId);
  // A booking's meeting still to come is cancelled before its lead goes (and the meeting with it): the partner's
  // calendar gets the CANCEL, and the visitor's, tried at once, unless it is still waiting when the address's mail is
  // dropped below.
  for (const message of data.contactMessages) {
    if (message.source === 'booking') await cancelLeadMeeting(message.id, actor.username, now());
  }
  // Mail first, while the records that name it still exist (a retry after a time-out finds them again): the lead
  // alerts and replies of those messages and calls, the address's confirmation mails, anything to or from it.
  // Without an address only the keys name mail ('' is no mail's recipient).
  await dropMailAbout(email ?? '', [
    ...data.contactMessages.flatMap((message) => [`alerts/contact/${message.id}`, `replies/${message.id}`]),
    ...data.videoCalls.map((call) => `alerts/video/${call.sessionId}`),
    ...(email ? [`confirm/${addressHash(email)}`] : []),
  ]);
  await Promise.all([
    ...data.contactMessages.map((message) => deleteContactMessage(message.id)),
    ...data.chatConversations.map((conversation) => deleteChatSession(conversation.sessionId)),
    ...data.videoCalls.map((call) => deleteVideoCall(call.sessionId)),
    ...(data.newsletter && email ? [deleteSubscriber({ email })] : []),
    ...data.whatsappConversations.map((conversation) => deleteWhatsAppConversation(conversation.id)),
  ]);
  await recordAudit({ actor: actor.username, actorRole: actor.role, action: 'privacy.erasure', detail: counts(data) });
  return {
    contactMessages: data.contactMessages.length,
    chatConversations: data.chatConversations.length,
    newsletter: data.newsletter ? 1 : 0,
    videoCalls: data.videoCalls.length,
    whatsappConversations: data.whatsappConversations.length,
    tavus,
  };
}
