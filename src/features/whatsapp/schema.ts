import { z } from 'zod';
import type { ChatConversation } from '../conversations/schema';

/**
 * What the WhatsApp Business Cloud API posts to the webhook (docs/product.md, "WhatsApp"), as far as the assistant
 * reads it: `entry[].changes[].value` with the person's profile (`contacts[]`: `wa_id`, the business-scoped
 * `user_id`, `profile.name`), their messages (`messages[]`) and the delivery states of ours (`statuses[]`). Every
 * other field is ignored, and an unknown kind of change is skipped.
 */
const id = z.string().trim().min(1).max(256);

export const inboundMessageSchema = z.object({
  id,
  /** The sender's phone (`wa_id`); absent for a person Meta names by user id only. */
  from: id.optional(),
  /** The sender's business-scoped user id. */
  from_user_id: id.optional(),
  /** Unix seconds, as a string. */
  timestamp: z.string().regex(/^\d{1,12}$/),
  type: z.string().max(50),
  text: z.object({ body: z.string().max(65_536) }).optional(),
});
export type InboundMessage = z.infer<typeof inboundMessageSchema>;

export const statusSchema = z.object({
  id,
  status: z.enum(['sent', 'delivered', 'read', 'failed']).or(z.string().max(50)),
  timestamp: z.string().regex(/^\d{1,12}$/),
  errors: z.array(z.object({ code: z.number().optional(), title: z.string().max(500).optional() })).optional(),
});

const profileSchema = z.object({
  wa_id: id.optional(),
  user_id: id.optional(),
  profile: z.object({ name: z.string().max(256).optional() }).optional(),
});
export type WhatsAppProfile = z.infer<typeof profileSchema>;

export const webhookPayloadSchema = z.object({
  object: z.string(),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              field: z.string().optional(),
              value: z
                .object({
                  metadata: z.object({ phone_number_id: z.string().optional() }).optional(),
                  contacts: z.array(profileSchema).max(1000).optional(),
                  messages: z.array(inboundMessageSchema).max(1000).optional(),
                  statuses: z.array(statusSchema).max(1000).optional(),
                })
                .optional(),
            }),
          )
          .max(1000),
      }),
    )
    .max(1000),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

/** Meta's verification request (GET): `hub.mode`, `hub.verify_token`, `hub.challenge`. */
export interface Verification {
  mode: string | null;
  token: string | null;
  challenge: string | null;
}

/** Free-form replies are allowed for this long after the person's last message (Meta's customer service window). */
export const REPLY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The channels the conversations tab lists (the video calls have their own tab). */
export const LISTED_CHANNELS = ['chat', 'whatsapp'] as const;
export type ListedChannel = (typeof LISTED_CHANNELS)[number];

/** A WhatsApp contact's id as Meta sends it (a business-scoped user id such as `ES.1234`, or a phone's digits). */
export const whatsappIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,256}$/, { error: 'Invalid id' });

/** One message of a WhatsApp conversation as the admin reads it: a chat line, and what WhatsApp adds. */
export interface WhatsAppLine extends ChatLine {
  /** Every line is the server's: what Meta delivered (signed), or what it sent. */
  verified: true;
  /** Meta's type of an inbound message (`text`, `image`…). */
  type: string;
  /** `received`; for a reply `sent`, `delivered`, `read`, `failed` or `not-sent`. */
  status: 'received' | 'sent' | 'delivered' | 'read' | 'failed' | 'not-sent';
  /** Why a reply was not sent or failed: `window` (24 hours had passed), `stopped`, or the Graph API's error. */
  note: string | null;
}
type ChatLine = ChatConversation['messages'][number];

/**
 * A WhatsApp conversation as the admin reads it: the chat's record (docs/product.md; `id` and `sessionId` are the
 * contact's id: Meta's business-scoped user id, or the phone; `visitorName` is the name the lead flow collected, else
 * the WhatsApp profile's) and what WhatsApp adds.
 */
export interface WhatsAppConversation extends Omit<ChatConversation, 'messages'> {
  channel: 'whatsapp';
  messages: WhatsAppLine[];
  /** The person's number, `+` and digits, when Meta gave it. */
  phone: string | null;
  /** When they wrote STOP or BAJA (nothing is sent after), or null. */
  stoppedAt: string | null;
  /** When free-form replies stop being allowed: 24 hours after their newest message. */
  replyWindowEndsAt: string;
}

/** GET /api/whatsapp/status: whether the channel is connected, the variables it lacks, the webhook's address. */
export interface WhatsAppStatus {
  connected: boolean;
  missing: string[];
  webhookUrl: string;
}

/**
 * The conversations tab (docs/product.md, "Admin dashboard"): the website chat's sessions and the WhatsApp
 * conversations in one list, newest first, each with its channel.
 */
export type ListedConversation = (ChatConversation & { channel: 'chat' }) | WhatsAppConversation;
