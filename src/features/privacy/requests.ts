import { chatConversation, chatConversationsByEmail, deleteChatSession } from '../chat/log';
import { deleteVideoCall, videoCallsByEmail } from '../video/log';
import { privacyRequestSchema, type ErasureReport, type PersonalData } from './schema';
import type { User } from '../accounts/schema';
import { recordAudit } from '../audit/store';
import { contactMessagesByEmail, deleteContactMessage } from '../leads/messages-store';
import { leadReplies } from '../leads/replies-store';
import { addressHash, deleteSubscriber, listSubscribersPage } from '../newsletter/subscribers-store';
import { dropMailAbout } from '../mail/outbox-store';
import { deleteTavusConversation } from '../video/tavus';

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

/**
 * Everything the site holds about the address: its contact messages (and the replies the firm sent to them), the
 * chat conversations that hold it or filed one of those messages, the video calls in whose transcript it was said,
 * and its newsletter subscription.
 */
export async function findPersonalData(email: string, now = new Date()): Promise<PersonalData> {
  const [contactMessages, chats, videoCalls, newsletter] = await Promise.all([
    contactMessagesByEmail(email),
    chatConversationsByEmail(email),
    videoCallsByEmail(email),
    listSubscribersPage({ cursor: null, limit: 1, q: email }).then((page) => page.items[0] ?? null),
  ]);
  const known = new Set(chats.map((conversation) => conversation.sessionId));
  // A chat lead names its chat session (a video lead names its call, which the address found above when it was said).
  const sessions = new Set(
    contactMessages.flatMap((message) => (message.source === 'chat' && message.sessionId ? [message.sessionId] : [])),
  );
  const [moreChats, replies] = await Promise.all([
    Promise.all([...sessions].filter((id) => !known.has(id)).map((sessionId) => chatConversation(sessionId))),
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
    chatConversations: byId([...chats, ...moreChats.filter((chat) => chat !== null)]).sort((a, b) =>
      b.lastActivity.localeCompare(a.lastActivity),
    ),
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
    ...(data.newsletter ? [deleteSubscriber({ email })] : []),
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
