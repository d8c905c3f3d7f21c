import { z } from 'zod';
import { emailField, type ContactMessage } from '../leads/contact-schema';
import type { ChatConversation, VideoConversation } from '../conversations/schema';
import type { LeadReply } from '../leads/schema';
import type { NewsletterSubscription } from '../newsletter/schema';
import type { WhatsAppConversation } from '../whatsapp/schema';

/** A phone number as typed: digits, spaces, `+`, dashes, dots, slashes and parentheses, 7 to 15 digits. */
const phoneField = z
  .string()
  .trim()
  .max(40)
  .refine((phone) => /^[\d\s()+./-]+$/.test(phone) && /^(\D*\d){7,17}\D*$/.test(phone), {
    error: 'Enter a phone number with its country code, e.g. +34 600 123 456',
  });

/**
 * POST /api/privacy-requests (docs/product.md, "Privacy requests"): a person by e-mail address, by phone number
 * (their WhatsApp conversations), or both.
 */
export const privacyRequestSchema = z
  .object({
    email: z.preprocess((value) => (value === '' ? undefined : value), emailField.optional()),
    phone: z.preprocess((value) => (value === '' ? undefined : value), phoneField.optional()),
    kind: z.enum(['lookup', 'access', 'erasure'], { error: 'Choose lookup, access or erasure' }),
  })
  .refine((request) => request.email !== undefined || request.phone !== undefined, {
    error: 'Enter an email address or a phone number',
    path: ['email'],
  });
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>;

/** Everything the site holds about one e-mail address: what a lookup shows and an access request downloads. */
export interface PersonalData {
  /** The address asked about, or null when only a phone was. */
  email: string | null;
  /** The phone asked about, or null. */
  phone: string | null;
  generatedAt: string;
  /** With the partners' notes on each (null: none). */
  contactMessages: Array<ContactMessage & { notes: string | null }>;
  /** The replies the firm sent from the dashboard to those messages (`messageId`), oldest first per message. */
  replies: Array<LeadReply & { messageId: string }>;
  /** The chat sessions in which the address was given, and those a chat lead came from. */
  chatConversations: ChatConversation[];
  newsletter: NewsletterSubscription | null;
  /** The calls whose transcript holds the address. */
  videoCalls: VideoConversation[];
  /** The WhatsApp conversations from the phone number, or whose lead flow collected the address. */
  whatsappConversations: WhatsAppConversation[];
}

/** What an erasure deleted, in counts. */
export interface ErasureReport {
  contactMessages: number;
  chatConversations: number;
  newsletter: number;
  videoCalls: number;
  whatsappConversations: number;
  /** Whether calls were deleted at Tavus too (`none`: there were none; `not-configured`: the site has no Tavus key). */
  tavus: 'deleted' | 'not-configured' | 'none';
}
