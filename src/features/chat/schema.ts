import { z } from 'zod';
import { languageSchema } from '../../platform/common-schema';
import { sessionIdSchema } from '../conversations/schema';

export const MAX_CHAT_MESSAGES = 30;
export const MAX_CHAT_MESSAGE_LENGTH = 2000;

export const chatMessageSchema = z.object({
  // Only the visitor and the assistant: a client never sends a system message.
  role: z.enum(['user', 'assistant'], { error: 'A message role is user or assistant' }),
  content: z
    .string({ error: 'A message needs content' })
    .trim()
    .min(1, { error: 'A message needs content' })
    .max(MAX_CHAT_MESSAGE_LENGTH, { error: `A message is at most ${MAX_CHAT_MESSAGE_LENGTH} characters` }),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** POST /api/chat (docs/product.md, "Chat"), with the session id the widget makes so exchanges are logged. */
export const chatRequestSchema = z.object({
  messages: z
    .array(chatMessageSchema, { error: 'messages must be a list' })
    .min(1, { error: 'Send at least one message' })
    .max(MAX_CHAT_MESSAGES, { error: `At most ${MAX_CHAT_MESSAGES} messages` })
    .refine((messages) => messages[messages.length - 1]?.role === 'user', {
      error: 'The last message must be the visitor’s',
    }),
  language: languageSchema,
  sessionId: sessionIdSchema.optional(),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/**
 * Where the lead flow stands after an answer (the `lead` of POST /api/chat): the question it just asked
 * (`consent`: the panel offers Yes/No buttons), `filed` when this answer filed the lead (the panel's "talk to a
 * person" is then gone), null outside the flow.
 */
export type ChatLeadStep = 'consent' | 'name' | 'email' | 'company' | 'slot' | 'topic' | 'filed' | null;

/** What a chat answer's source is: a case study, an insight, or a section of the landing page. */
export const CHAT_SOURCE_TYPES = ['portfolio', 'insight', 'services', 'investment', 'about', 'contact'] as const;
export type ChatSourceType = (typeof CHAT_SOURCE_TYPES)[number];

/** A page an answer links to, shown under it as a card: `{title, url, type}`; `url` is a relative site path. */
export interface ChatSource {
  title: string;
  url: string;
  type: ChatSourceType;
}
