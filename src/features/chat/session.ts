import { chatLeadState, serverExchangesNewestFirst } from './log';
import type { ChatMessage } from './schema';
import type { LeadState } from '../conversations/schema';

/**
 * At most this many characters of conversation (the visitor's and the
 * assistant's turns, the new message included) go to the model in one request;
 * older turns are dropped first. The system prompt is not counted: it is the
 * site's own text, not the visitor's.
 */
export const MAX_CONVERSATION_CHARS = 12_000;

/** A session as the server knows it: what it logged (oldest first) and where the lead flow stands. */
export interface SessionState {
  /** Earlier turns, rebuilt from the server's own log, within the window and screened. */
  history: ChatMessage[];
  /** The lead flow's state after the session's last logged exchange. */
  lead: LeadState | null;
}

/**
 * Rebuilds a session from the exchanges the server logged for it (never from
 * the history a client sends): the newest first, until `budget` characters are
 * used, and without the exchanges whose visitor turn `screenedOut` rejects (an
 * attempt to extract instructions, refused when it came, is never shown to the
 * model later either).
 */
export async function loadSession(
  sessionId: string,
  budget: number,
  screenedOut: (text: string) => boolean,
): Promise<SessionState> {
  const history: ChatMessage[] = [];
  const lead = await chatLeadState(sessionId);
  let used = 0;
  for await (const exchange of serverExchangesNewestFirst(sessionId)) {
    if (screenedOut(exchange.userMessage)) continue;
    const size = exchange.userMessage.length + exchange.botResponse.length;
    if (used + size > budget) break;
    used += size;
    history.unshift(
      { role: 'user', content: exchange.userMessage },
      { role: 'assistant', content: exchange.botResponse },
    );
  }
  return { history, lead };
}
