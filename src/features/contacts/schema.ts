import { z } from 'zod';
import { emailField } from '../leads/contact-schema';
import { leadOutcomeSchema, leadStatusSchema } from '../leads/schema';
import { attributionSchema } from '../analytics/schema';
import { SUBSCRIBER_STATUSES } from '../newsletter/schema';
import { PHONE_MAX } from '../../platform/form-schema';

/**
 * A contact's timeline (docs/product.md, "Contact timeline"): everything one person sent or was sent, matched by
 * e-mail address and phone number, newest first. GET /api/contacts?email=ADDRESS[&phone=NUMBER] answers
 * ContactTimeline; the dashboard imports these schemas.
 */

/** What a timeline item can be (`whatsapp`: a WhatsApp conversation, issue #26). */
export const CONTACT_ITEM_KINDS = [
  'message',
  'chat',
  'video',
  'booking',
  'access-request',
  'newsletter',
  'reply',
  'whatsapp',
] as const;
export const contactItemKindSchema = z.enum(CONTACT_ITEM_KINDS);
export type ContactItemKind = z.infer<typeof contactItemKindSchema>;

/** The most items a timeline holds (`truncated` says when a person has more; the newest are kept). */
export const TIMELINE_MAX = 200;
/** The most characters of an item's `summary`. */
export const SUMMARY_MAX = 160;

export const contactQuerySchema = z.object({
  email: emailField,
  phone: z
    .string({ error: 'Invalid phone number' })
    .trim()
    .max(PHONE_MAX, { error: 'Invalid phone number' })
    .optional()
    .transform((value) => value || undefined),
});
export type ContactQuery = z.infer<typeof contactQuerySchema>;

/** Where an item opens in the dashboard: `/admin#{tab}/{id}`. */
const linkSchema = z.object({ tab: z.string(), id: z.string() });

const itemBase = {
  id: z.string(),
  /** When it happened (ISO 8601). */
  at: z.string(),
  /** A subject or the first SUMMARY_MAX characters, on one line, as plain text. */
  summary: z.string(),
  link: linkSchema.nullable(),
};

/** A lead: a contact message, a chat lead, a video call that named the address, a request for investor access. */
const leadItemSchema = z.object({
  ...itemBase,
  kind: z.enum(['message', 'chat', 'video', 'access-request']),
  status: leadStatusSchema,
  owner: z.string().nullable(),
  /** The partners' private notes on the lead (null: none). */
  notes: z.string().nullable(),
  /** Where the lead came from (docs/product.md, "Analytics"); null: no visit that day explains it. */
  attribution: attributionSchema.nullable(),
  /**
   * A chat lead's chat session (the WhatsApp tab, as the dashboard names the chat logs, opens it), or a video lead's
   * call (the Video Calls tab opens it; null for a lead filed before leads named their call).
   */
  conversationId: z.string().nullable(),
  /** The address the lead gave: another than the person's when it is theirs only by a phone number. */
  email: z.string(),
  /**
   * How it is the person's: by their address, or only by a phone number (anyone can type someone's number: the
   * dashboard says so, and the contact's name, phone and lead come from their own address's leads only).
   */
  matchedBy: z.enum(['email', 'phone']),
});

/** A reply a partner sent to one of the person's leads (`leadId`). */
const replyItemSchema = z.object({ ...itemBase, kind: z.literal('reply'), leadId: z.string(), by: z.string() });

/** The person's newsletter subscription as it stands (`at`: its last change). */
const newsletterItemSchema = z.object({
  ...itemBase,
  kind: z.literal('newsletter'),
  status: z.enum(SUBSCRIBER_STATUSES),
});

/**
 * A booked meeting (issue #25), by its lead in the inbox (source `booking`): `at` when it was booked, `summary` the
 * lead's message (the meeting's time and topic), `status` the meeting's (`confirmed`, `cancelled`).
 */
const bookingItemSchema = z.object({
  ...itemBase,
  kind: z.literal('booking'),
  status: z.string().nullable(),
  /** Where the booking's visitor came from; null: no visit that day explains it. */
  attribution: attributionSchema.nullable(),
});
/** Issue #26: a shape to come; no records yet. */
const whatsappItemSchema = z.object({ ...itemBase, kind: z.literal('whatsapp') });

export const contactItemSchema = z.discriminatedUnion('kind', [
  leadItemSchema,
  replyItemSchema,
  newsletterItemSchema,
  bookingItemSchema,
  whatsappItemSchema,
]);
export type ContactItem = z.infer<typeof contactItemSchema>;
export type LeadItem = z.infer<typeof leadItemSchema>;

export const contactTimelineSchema = z.object({
  contact: z.object({
    /** The address asked for, as stored (trimmed, lower-cased). */
    email: z.string(),
    /** The name of the newest lead, else the newsletter's; null when the address has neither. */
    name: z.string().nullable(),
    /** The newest phone number the person gave, as typed. */
    phone: z.string().optional(),
  }),
  /**
   * The lead whose state the contact view shows and edits: the newest open one (not closed) of the person's own
   * address, else their newest; `kind` and `at` say which it is. Absent when the address has no lead.
   */
  lead: z
    .object({
      id: z.string(),
      kind: z.enum(['message', 'chat', 'video', 'access-request', 'booking']),
      at: z.string(),
      status: leadStatusSchema,
      owner: z.string().nullable(),
      notes: z.string().nullable(),
      /** How the lead ended (a closed lead) and the engagement's value in euros. */
      outcome: leadOutcomeSchema.nullable(),
      value: z.number().int().nullable(),
    })
    .optional(),
  items: z.array(contactItemSchema),
  /** More than TIMELINE_MAX items: only the newest are here. */
  truncated: z.boolean(),
});
export type ContactTimeline = z.infer<typeof contactTimelineSchema>;
