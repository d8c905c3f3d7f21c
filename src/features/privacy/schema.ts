import { z } from 'zod';
import { emailField, type ContactMessage } from '../leads/contact-schema';
import type { ChatConversation, VideoConversation } from '../conversations/schema';
import type { LeadReply } from '../leads/schema';
import type { NewsletterSubscription } from '../newsletter/schema';

/** POST /api/privacy-requests (docs/product.md, "Privacy requests"). */
export const privacyRequestSchema = z.object({
  email: emailField,
  kind: z.enum(['lookup', 'access', 'erasure'], { error: 'Choose lookup, access or erasure' }),
});
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>;

/** Everything the site holds about one e-mail address: what a lookup shows and an access request downloads. */
export interface PersonalData {
  email: string;
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
}

/** What an erasure deleted, in counts. */
export interface ErasureReport {
  contactMessages: number;
  chatConversations: number;
  newsletter: number;
  videoCalls: number;
  /** Whether calls were deleted at Tavus too (`none`: there were none; `not-configured`: the site has no Tavus key). */
  tavus: 'deleted' | 'not-configured' | 'none';
}
