import { z } from 'zod';
import type { Language } from '../../i18n/languages';
import { languageSchema } from '../../platform/common-schema';

/** docs/product.md, "Chat widget": 'session_' + time + a random suffix; any id a client sends is held to this shape. */
export const sessionIdSchema = z
  .string({ error: 'Session id is required' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: 'Invalid session id' });

const MAX_TEXT = 4000;

/** One chat exchange as logged (docs/product.md, "Conversation logs"). */
export const chatExchangeInputSchema = z.object({
  sessionId: sessionIdSchema,
  userMessage: z
    .string({ error: 'userMessage is required' })
    .trim()
    .min(1, { error: 'userMessage is required' })
    .max(MAX_TEXT),
  botResponse: z
    .string({ error: 'botResponse is required' })
    .trim()
    .min(1, { error: 'botResponse is required' })
    .max(MAX_TEXT),
  language: languageSchema,
});
export type ChatExchangeInput = z.infer<typeof chatExchangeInputSchema>;

/**
 * Where the chat's lead flow stands after an exchange (src/features/chat/lead.ts): the question the
 * assistant just asked, whether the visitor said yes to the consent question, and what they gave.
 */
export const leadStateSchema = z.object({
  step: z.enum(['consent', 'name', 'email', 'company', 'slot', 'topic']),
  consent: z.boolean(),
  name: z.string().max(200).nullable(),
  email: z.string().max(254).nullable(),
  /** A meeting being booked in the chat (docs/product.md, "Meetings"); absent or null for a lead. */
  booking: z
    .object({
      /** The times the assistant offered as buttons (at most three). */
      offered: z.array(z.object({ start: z.string(), partnerId: z.string() })).max(3),
      /** The one the visitor chose. */
      chosen: z.object({ start: z.string(), partnerId: z.string() }).nullable(),
      company: z.string().max(200).nullable(),
      topic: z.string().max(5000).nullable(),
    })
    .nullable()
    .optional(),
});
export type LeadState = z.infer<typeof leadStateSchema>;
export type LeadBooking = NonNullable<LeadState['booking']>;

/** The lead flow's state as a conversation's row (a web chat's or a WhatsApp contact's) keeps it; null: not in it. */
export function leadStateOf(row: {
  leadStep: LeadState['step'] | null;
  leadConsent: boolean;
  leadName: string | null;
  leadEmail: string | null;
  leadBooking: LeadBooking | null;
}): LeadState | null {
  return row.leadStep
    ? {
        step: row.leadStep,
        consent: row.leadConsent,
        name: row.leadName,
        email: row.leadEmail,
        booking: row.leadBooking ?? null,
      }
    : null;
}

/** One exchange the server answered, as read back to rebuild its session (src/features/chat/session.ts). */
export type ChatExchange = ChatExchangeInput & { timestamp: string };

/** A conversation as the admin reads it (docs/product.md, "Chat conversation record"). */
export interface ChatConversation {
  id: string;
  sessionId: string;
  /** `verified`: written by the server from what it answered (every line the server stores now is). */
  messages: Array<{ role: 'user' | 'bot'; content: string; timestamp: string; verified: boolean }>;
  language: Language;
  conversationStarted: string;
  lastActivity: string;
  messageCount: number;
  /** The visitor's first message (the list shows it), null for an empty session. */
  firstQuestion: string | null;
  /** The name the visitor gave the lead flow (or the lead filed from the session has), null when none. */
  visitorName: string | null;
  /** The lead filed from the session (the hand-off to the team), its newest when several; null when none. */
  leadId: string | null;
  /** That lead's address (the contact view opens with it); null when there is no lead. */
  leadEmail: string | null;
}

export const transcriptLineSchema = z.object({
  speaker: z.enum(['user', 'assistant']),
  text: z.string().max(MAX_TEXT),
  timestamp: z.string().max(40),
});
export type TranscriptLine = z.infer<typeof transcriptLineSchema>;

/** What a page may report of a call: at most 200 lines of 1,000 characters (and 64 KB in all, src/features/quotas/quotas.ts). */
export const MAX_CLIENT_TRANSCRIPT_LINES = 200;
export const MAX_CLIENT_TRANSCRIPT_LINE = 1000;
const clientTranscriptLineSchema = transcriptLineSchema.extend({
  text: z.string().max(MAX_CLIENT_TRANSCRIPT_LINE, {
    error: `A transcript line is at most ${MAX_CLIENT_TRANSCRIPT_LINE} characters`,
  }),
});

/** POST /api/tavus-conversations: what the page logs when a call ends (docs/product.md, "Conversation logs"). */
export const videoLogInputSchema = z.object({
  sessionId: sessionIdSchema,
  transcript: z
    .array(clientTranscriptLineSchema)
    .max(MAX_CLIENT_TRANSCRIPT_LINES, { error: `At most ${MAX_CLIENT_TRANSCRIPT_LINES} transcript lines` })
    .default([]),
  language: languageSchema,
  conversationUrl: z
    .string()
    .trim()
    .max(500)
    .refine((url) => url === '' || /^https:\/\/[^\s]+$/.test(url), { error: 'Invalid conversation URL' })
    .nullish()
    .transform((url) => url || null),
  duration: z
    .number()
    .int()
    .min(0)
    .max(24 * 60 * 60)
    .nullish()
    .transform((value) => value ?? null),
});
export type VideoLogInput = z.infer<typeof videoLogInputSchema>;

/**
 * Everything that happens to a call: the server's start record (with the language, the URL from Tavus, the
 * callback's nonce and the call's longest possible end), the page's log, Tavus's transcript and end.
 */
export interface VideoEvent {
  sessionId: string;
  kind: 'started' | 'client-log' | 'transcript' | 'ended';
  /** ISO time. */
  at: string;
  language?: Language | null;
  conversationUrl?: string | null;
  transcript?: TranscriptLine[] | null;
  /** On a `started` event: the nonce the call's callback URL carries (binds the URL to this conversation). */
  callbackNonce?: string | null;
  /** On a `started` event: the call's longest possible end (start + the maximum length sent to Tavus). */
  endsBy?: string | null;
}

/**
 * What in a call's record only the visitor's page reported, unchecked by the server:
 * `transcript` (Tavus sent none), `end` (Tavus has not reported the end; the end is
 * when the page said the call was over), `call` (a log kept from before the server
 * recorded the calls it starts: nothing of it is verified).
 */
export const CLIENT_REPORTED = ['call', 'transcript', 'end'] as const;
export type ClientReported = (typeof CLIENT_REPORTED)[number];

/** A call as the admin reads it (docs/product.md, "Video conversation record"). */
export interface VideoConversation {
  id: string;
  sessionId: string;
  transcript: TranscriptLine[];
  language: Language;
  conversationStarted: string;
  conversationEnded: string | null;
  duration: number | null;
  conversationUrl: string | null;
  messageCount: number;
  /** Empty when everything comes from the server and Tavus. */
  clientReported: ClientReported[];
}

/** A row of the Video Calls list: the call and the lead it filed (an address said in it), if any. */
export interface VideoCallRow extends VideoConversation {
  /** The lead filed from the call (src/features/video/lead.ts), null when none. */
  leadId: string | null;
  /** That lead's address (the contact view opens with it); null when there is no lead. */
  leadEmail: string | null;
}
