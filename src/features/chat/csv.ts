import { csvDate, toCsv, type CsvRow } from '../../platform/csv';
import type { ChatConversation } from '../conversations/schema';

export const CHAT_CSV_HEADER = [
  'Session ID',
  'Message Role',
  'Message Content',
  'Timestamp',
  'Language',
  'Started',
  'Message Count',
] as const;
/** One row per message. */
export function chatRows(c: ChatConversation): CsvRow[] {
  return c.messages.map((m) => [
    c.sessionId,
    m.role,
    m.content,
    csvDate(m.timestamp),
    c.language,
    csvDate(c.conversationStarted),
    c.messageCount,
  ]);
}

export function chatCsv(conversations: ChatConversation[]): string {
  return toCsv(CHAT_CSV_HEADER, conversations.flatMap(chatRows));
}
