import {
  chatConversation,
  chatConversationsByEmail,
  deleteChatSession,
  deleteVideoCall,
  videoConversation,
} from '../conversations/logs';
import { privacyRequestSchema, type ErasureReport, type PersonalData } from '../schemas/privacy';
import type { User } from '../schemas/user';
import { recordAudit } from '../stores/audit-log';
import { contactMessagesByEmail, deleteContactMessage, getContactMessage } from '../stores/contact-messages';
import { recordsForEmail } from '../stores/email-index';
import { leadReplies } from '../stores/leads';
import { addressHash, getSubscriberByEmail, removeSubscription } from '../stores/newsletter';
import { dropMailAbout } from '../stores/outbox';
import { deleteTavusConversation } from '../video/tavus';

/**
 * Privacy requests (GDPR articles 15 and 17): everything the site holds about an e-mail address, found through the
 * e-mail index (src/lib/stores/email-index.ts) and the newsletter's own key, never by reading every record; a copy
 * of it (access) and its erasure, at Tavus too. What is kept afterwards is an audit event with the date, the kind
 * and counts: no address, no name.
 */
export { privacyRequestSchema, type ErasureReport, type PersonalData };

async function present<T>(items: Array<Promise<T | null>>): Promise<T[]> {
  return (await Promise.all(items)).filter((item): item is Awaited<T> => item !== null) as T[];
}

function byId<T extends { id: string }>(items: T[]): T[] {
  return [...new Map(items.map((item) => [item.id, item])).values()];
}

/**
 * Everything the site holds about the address: the records the e-mail index names, with the lists' own address
 * indexes (messages by sender, chat sessions by the lead flow's address: they also cover records stored before the
 * e-mail index existed), and the newsletter's key. Constant Blobs requests whatever the site's total.
 */
export async function findPersonalData(email: string, now = new Date()): Promise<PersonalData> {
  const [refs, sentMessages, leadChats, newsletter] = await Promise.all([
    recordsForEmail(email),
    contactMessagesByEmail(email),
    chatConversationsByEmail(email),
    getSubscriberByEmail(email),
  ]);
  const ids = (kind: string) => refs.filter((ref) => ref.kind === kind).map((ref) => ref.ref);
  const sent = new Set(sentMessages.map((message) => message.id));
  const contactMessages = byId([
    ...sentMessages,
    ...(await present(
      ids('message')
        .filter((id) => !sent.has(id))
        .map((id) => getContactMessage(id)),
    )),
  ]);
  const known = new Set(leadChats.map((conversation) => conversation.sessionId));
  const sessions = new Set(ids('chat'));
  for (const message of contactMessages) if (message.sessionId) sessions.add(message.sessionId);
  const [moreChats, videoCalls, replies] = await Promise.all([
    present([...sessions].filter((id) => !known.has(id)).map((sessionId) => chatConversation(sessionId))),
    present(ids('video').map((id) => videoConversation(id))),
    // What the firm wrote to the address is data about it too (erasing a message erases its thread).
    Promise.all(
      contactMessages.map(async (message) =>
        (await leadReplies(message.id)).map((reply) => ({ messageId: message.id, ...reply })),
      ),
    ),
  ]);
  return {
    email,
    generatedAt: now.toISOString(),
    contactMessages: contactMessages.sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    replies: replies.flat(),
    chatConversations: byId([...leadChats, ...moreChats]).sort((a, b) => b.lastActivity.localeCompare(a.lastActivity)),
    newsletter,
    videoCalls: videoCalls.sort((a, b) => b.conversationStarted.localeCompare(a.conversationStarted)),
  };
}

function counts(data: PersonalData): string {
  return [
    `${data.contactMessages.length} messages`,
    `${data.chatConversations.length} chat conversations`,
    `${data.newsletter ? 1 : 0} newsletter subscriptions`,
    `${data.videoCalls.length} video calls`,
  ].join(', ');
}

/** The copy an admin downloads for an access request; the request is recorded (date, kind, counts). */
export async function accessPersonalData(email: string, actor: User): Promise<PersonalData> {
  const data = await findPersonalData(email);
  await recordAudit({ actor: actor.username, actorRole: actor.role, action: 'privacy.access', detail: counts(data) });
  return data;
}

/**
 * Erases everything the site holds about the address. The calls go first at Tavus (with their recordings): if
 * Tavus refuses one, nothing is deleted here and the admin is told (502), so a retry finds everything again.
 */
export async function erasePersonalData(email: string, actor: User): Promise<ErasureReport> {
  const data = await findPersonalData(email);
  let tavus: ErasureReport['tavus'] = 'none';
  for (const call of data.videoCalls) tavus = await deleteTavusConversation(call.sessionId);
  // Mail first, while the records that name it still exist (a retry after a time-out finds them again): the lead
  // alerts and replies of those messages and calls, the address's confirmation mails, anything to or from it.
  await dropMailAbout(email, [
    ...data.contactMessages.flatMap((message) => [`alerts/contact/${message.id}`, `replies/${message.id}`]),
    ...data.videoCalls.map((call) => `alerts/video/${call.sessionId}`),
    `confirm/${addressHash(email)}`,
  ]);
  await Promise.all([
    ...data.contactMessages.map((message) => deleteContactMessage(message.id)),
    ...data.chatConversations.map((conversation) => deleteChatSession(conversation.sessionId)),
    ...data.videoCalls.map((call) => deleteVideoCall(call.sessionId)),
    ...(data.newsletter ? [removeSubscription(data.newsletter)] : []),
  ]);
  await recordAudit({ actor: actor.username, actorRole: actor.role, action: 'privacy.erasure', detail: counts(data) });
  return {
    contactMessages: data.contactMessages.length,
    chatConversations: data.chatConversations.length,
    newsletter: data.newsletter ? 1 : 0,
    videoCalls: data.videoCalls.length,
    tavus,
  };
}
