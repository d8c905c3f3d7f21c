import { eachPage, encodeCursor, type Page, type PageQuery } from '../../platform/db/paging';
import type { CsvRow } from '../../platform/csv';
import { csvDate } from '../../platform/csv';
import { listChatConversationsPage } from '../chat/log';
import { CHAT_CSV_HEADER, chatRows } from '../chat/csv';
import { REPLY_WINDOW_MS, type ListedChannel, type ListedConversation, type WhatsAppConversation } from './schema';
import { deleteWhatsAppContacts, whatsappConversationRows, type Selection } from './store';

export { whatsappSummaries, type WhatsAppSummary } from './store';

export type { ListedConversation };

/** The WhatsApp conversations a selection names, as the admin reads them. Three statements. */
export async function whatsappConversations(selection: Selection): Promise<Page<WhatsAppConversation>> {
  const { items, next } = await whatsappConversationRows(selection);
  return {
    next,
    items: items.map(({ contact, messages, lead }) => {
      const lines = messages.map((row) => ({
        role: row.direction === 'in' ? ('user' as const) : ('bot' as const),
        content: row.body,
        timestamp: row.at,
        verified: true as const,
        type: row.type,
        status: row.status,
        note: row.note,
      }));
      return {
        channel: 'whatsapp' as const,
        id: contact.id,
        sessionId: contact.id,
        messages: lines,
        language: contact.language,
        conversationStarted: contact.started,
        lastActivity: contact.lastActivity,
        messageCount: lines.length,
        firstQuestion: messages.find((row) => row.direction === 'in' && row.type === 'text')?.body ?? null,
        visitorName: contact.leadName ?? lead?.name ?? contact.name,
        leadId: lead?.id ?? null,
        leadEmail: lead?.email ?? null,
        phone: contact.phone && `+${contact.phone}`,
        stoppedAt: contact.stoppedAt,
        replyWindowEndsAt: new Date(new Date(contact.lastInboundAt).getTime() + REPLY_WINDOW_MS).toISOString(),
      };
    }),
  };
}

const newestFirst = (a: ListedConversation, b: ListedConversation) =>
  b.conversationStarted.localeCompare(a.conversationStarted) || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0);

/**
 * A page of the conversations of one channel, or of both (`null`): each channel's page from the same cursor, merged
 * newest first (by start, then id: the order both lists page by), cut to the limit. Six statements at most.
 */
export async function listedConversationsPage(
  query: PageQuery,
  channel: ListedChannel | null,
): Promise<Page<ListedConversation>> {
  const chats = async () => {
    const page = await listChatConversationsPage(query);
    return { ...page, items: page.items.map((item) => ({ ...item, channel: 'chat' as const })) };
  };
  if (channel === 'chat') return chats();
  if (channel === 'whatsapp') return whatsappConversations(query);
  const [chat, whatsapp] = await Promise.all([chats(), whatsappConversations(query)]);
  const merged = [...chat.items, ...whatsapp.items].sort(newestFirst);
  const items = merged.slice(0, query.limit);
  const last = items.at(-1);
  const more = merged.length > query.limit || chat.next !== null || whatsapp.next !== null;
  return {
    items,
    next: more && last ? encodeCursor({ at: new Date(last.conversationStarted), id: last.id }) : null,
  };
}

/** Every conversation of both channels, newest first, a page at a time (the CSV export). */
export function eachListedConversation(): AsyncGenerator<ListedConversation[]> {
  return eachPage((cursor) => listedConversationsPage({ cursor, limit: 100, q: '' }, null));
}

/** The seed's columns (SPEC: Session ID … Message Count), then the channel. */
export const CONVERSATIONS_CSV_HEADER = [...CHAT_CSV_HEADER, 'Channel'] as const;

/** One row per message, whichever the channel. */
export function conversationRows(conversation: ListedConversation): CsvRow[] {
  if (conversation.channel === 'chat') return chatRows(conversation).map((row) => [...row, 'chat']);
  return conversation.messages.map((message) => [
    conversation.sessionId,
    message.role,
    message.content,
    csvDate(message.timestamp),
    conversation.language,
    csvDate(conversation.conversationStarted),
    conversation.messageCount,
    'whatsapp',
  ]);
}

/** The WhatsApp conversations of a phone number (privacy requests), newest first. */
export async function whatsappConversationsByPhone(phone: string): Promise<WhatsAppConversation[]> {
  return (await whatsappConversations({ phone })).items;
}

/** The WhatsApp conversations whose lead flow collected this address (privacy requests). */
export async function whatsappConversationsByEmail(email: string): Promise<WhatsAppConversation[]> {
  return (await whatsappConversations({ email })).items;
}

/** Deletes one WhatsApp conversation with its messages. False when there is none. */
export async function deleteWhatsAppConversation(id: string): Promise<boolean> {
  return (await deleteWhatsAppContacts([id])) > 0;
}

/** Retention: at most `limit` conversations whose last message is before `before`, oldest first. Answers how many. */
export function deleteWhatsAppConversationsBefore(before: Date, limit: number): Promise<number> {
  return deleteWhatsAppContacts({ before, limit });
}
