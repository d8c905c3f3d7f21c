import { z } from 'zod';

/**
 * One e-mail in the outbox (src/features/mail/outbox-store.ts). `to: 'leads'` is the firm's inbox (LEADS_TO), looked up
 * when the mail is sent, so an alert queued before LEADS_TO was set still reaches it.
 */
export const outboxMailSchema = z.object({
  key: z.string(),
  to: z.union([z.literal('leads'), z.array(z.string()).min(1)]),
  replyTo: z.string().nullable().default(null),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  headers: z.record(z.string(), z.string()).default({}),
  /** A calendar invitation (an `.ics` with its METHOD), sent as a text/calendar part and attachment. */
  calendar: z.object({ method: z.string(), content: z.string() }).optional(),
  createdAt: z.string(),
  /** Send attempts made (each claimed once: src/features/mail/outbox.ts). */
  attempts: z.number().int().min(0),
  nextAttemptAt: z.string(),
  updatedAt: z.string(),
  /** The last failure's SMTP code or error name: never an address or a server's text. */
  lastError: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/** What the dashboard shows about mail (GET /api/mail/status). */
export const mailStatusSchema = z.object({
  configured: z.boolean(),
  waiting: z.number().int().min(0),
});
export type MailStatus = z.infer<typeof mailStatusSchema>;
