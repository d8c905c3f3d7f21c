import { randomBytes } from 'node:crypto';
import { allPages, eachPage, type Page, type PageQuery } from '../../platform/db/paging';
import { newId } from '../../platform/ids';
import { emailsIn, normaliseEmail } from '../../platform/emails';
import type { ChatConversation, ChatExchange, ChatExchangeInput, LeadState } from '../conversations/schema';
import { chatConversations, chatExchangesPage, deleteConversations, insertChatExchange } from '../conversations/store';

export { chatLeadState } from '../conversations/store';

/**
 * The chat log (docs/product.md, "Conversation logs"): the website chat's sessions, logged by `/api/chat` one
 * exchange at a time. Stored with the video calls in the conversations tables (src/features/conversations/).
 */

/**
 * The visitor conversations (docs/product.md, "Conversation logs"): the website chat's sessions, logged by
 * `/api/chat` one exchange at a time, and the video calls, recorded when the server starts them and completed by
 * Tavus's callbacks and the page's report. Stored in the database (src/features/conversations/store.ts).
 */

/**
 * A new chat session id, made by the server: the shape docs/product.md gives
 * (`session_{time}_{suffix}`), with 128 random bits as the suffix, so nobody
 * can guess another visitor's session.
 */
export function newChatSessionId(now: number = Date.now()): string {
  return `session_${now}_${randomBytes(16).toString('base64url')}`;
}

/**
 * Logs one exchange the server answered, with the lead flow's state after it;
 * a conversation is every exchange under its session id. Called by `/api/chat`
 * only: this record is what later requests of the session are rebuilt from.
 * The addresses the visitor gave (the lead flow's, or typed in the message) are
 * kept with it, for privacy requests and the list's search.
 */
export async function logChatExchange(
  input: ChatExchangeInput & { lead?: LeadState | null },
  at: Date = new Date(),
): Promise<void> {
  const lead = input.lead ?? null;
  const emails = new Map<string, boolean>(emailsIn(input.userMessage).map((email) => [email, false]));
  const collected = lead?.email ? normaliseEmail(lead.email) : undefined;
  if (collected) emails.set(collected, true);
  const { sessionId, userMessage, botResponse, language } = input;
  await insertChatExchange({
    id: newId(at.getTime()),
    sessionId,
    userMessage,
    botResponse,
    language,
    at: at.toISOString(),
    lead,
    emails,
  });
}

/**
 * The exchanges the server logged for a session, newest first, read back in
 * small batches so a caller that has enough stops reading.
 */
export async function* serverExchangesNewestFirst(sessionId: string, batch = 20): AsyncGenerator<ChatExchange> {
  for await (const rows of eachPage((cursor) => chatExchangesPage(sessionId, cursor, batch))) {
    for (const { userMessage, botResponse, language, at } of rows) {
      yield { sessionId, userMessage, botResponse, language, timestamp: at };
    }
  }
}

/**
 * What a client may post to `POST /api/whatsapp-conversations`. Nothing is
 * stored: an exchange of a session the server answered is already in its log
 * (written before the answer left), and any other line is one the server cannot
 * verify, so keeping it would let a stranger write what the firm reads as fact.
 */
export function acceptClientChatLog(_input: ChatExchangeInput): Promise<void> {
  return Promise.resolve();
}

/**
 * A page of chat conversations, one row per session, newest session first. `q`: a session id, or an e-mail address
 * the lead flow collected. Three statements per page, whatever the number of sessions.
 */
export async function listChatConversationsPage(query: PageQuery): Promise<Page<ChatConversation>> {
  return chatConversations(query);
}

/** Every chat conversation, newest first, a page at a time (the CSV export). */
export function eachChatConversation(): AsyncGenerator<ChatConversation[]> {
  return eachPage((cursor) => listChatConversationsPage({ cursor, limit: 100, q: '' }));
}

/** Every chat conversation, newest session first: reads them all (tests, small stores); lists use pages. */
export async function listChatConversations(): Promise<ChatConversation[]> {
  return allPages(eachChatConversation());
}

/** Deletes a chat session with every exchange of it. False when there is none. */
export async function deleteChatSession(sessionId: string): Promise<boolean> {
  return (await deleteConversations('chat', [sessionId])).length > 0;
}

/**
 * The chat sessions holding this e-mail address (any case), newest first: collected by the lead flow or typed in
 * a message.
 */
export async function chatConversationsByEmail(email: string): Promise<ChatConversation[]> {
  return (await chatConversations({ email })).items;
}

/** One chat conversation by its session id, or null. */
export async function chatConversation(sessionId: string): Promise<ChatConversation | null> {
  return (await chatConversations({ id: sessionId })).items[0] ?? null;
}

/**
 * Retention, one statement: deletes at most `limit` chat sessions whose last message is before `before` (oldest
 * first), with their exchanges. Answers how many.
 */
export async function deleteChatSessionsBefore(before: Date, limit: number): Promise<number> {
  return (await deleteConversations('chat', { before, limit })).length;
}
