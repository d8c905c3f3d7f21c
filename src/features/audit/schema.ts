import { z } from 'zod';

/** What the audit log records (docs/roles.md, "Audit log"). */
export const AUDIT_ACTIONS = [
  'sign-in',
  'user.create',
  'user.reset-password',
  'user.deactivate',
  'user.reactivate',
  'user.role',
  'password.change',
  'document.upload',
  'document.update',
  'document.delete',
  'document.download',
  // Deletions and privacy requests (docs/security.md): the target is a record id, never a person's data.
  'message.delete',
  'chat.delete',
  'video.delete',
  'privacy.access',
  'privacy.erasure',
  // Investor accounts made from a request for access (src/features/accounts/invitations.ts).
  'user.invite',
  'invitation.accept',
  // Mail the firm sends (src/features/newsletter/issues.ts, src/features/leads/inbox.ts): ids and a count, never an address or a text.
  'newsletter.send',
  'lead.reply',
  // An admin's cancellation of a booked meeting (src/features/meetings/booking.ts): the meeting's id.
  'meeting.cancel',
  // An admin's own booking settings saved (netlify/functions/meeting-settings.ts): who, never the hours or the link.
  'meeting.settings',
  // A lead's private notes changed (src/features/leads/inbox.ts): the lead's id, never the text.
  'lead.notes',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

export const auditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  /** The username of the account that did it. */
  actor: z.string(),
  /** The actor's role at the time. */
  actorRole: z.enum(['admin', 'investor']),
  action: auditActionSchema,
  /** The account or the document (its id) it was done to. */
  target: z.string().default(''),
  /** A short note, e.g. the new role. */
  detail: z.string().default(''),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;
