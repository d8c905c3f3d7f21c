import { z } from 'zod';

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
