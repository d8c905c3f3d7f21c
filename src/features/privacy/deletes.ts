import { deleteChatSession } from '../chat/log';
import { deleteWhatsAppConversation } from '../whatsapp/conversations';
import { whatsappIdSchema } from '../whatsapp/schema';
import { deleteVideoCall, videoConversation } from '../video/log';
import { InvalidInput, notFound } from '../../platform/errors';
import { sessionIdSchema } from '../conversations/schema';
import type { User } from '../accounts/schema';
import { recordAudit } from '../audit/store';
import { deleteContactMessage } from '../leads/messages-store';
import { deleteTavusConversation } from '../video/tavus';
import { cancelLeadMeeting } from '../meetings/booking';
import { now } from '../../platform/clock';

/**
 * An admin deletes one record (docs/product.md, "Admin dashboard"): a contact message, a chat conversation (every
 * exchange of its session) or a video call (here and at Tavus). Each deletion takes the record's rows in other tables
 * with it (ON DELETE CASCADE) and is recorded in the audit log by the record's id, never its contents. Admin answers are
 * `private, no-store` and these records are never cached by tag, so the CDN has nothing of them to serve after.
 */
export const ADMIN_NO_STORE = { 'Cache-Control': 'private, no-store' } as const;

function audit(actor: User, action: 'message.delete' | 'chat.delete' | 'video.delete', target: string) {
  return recordAudit({ actor: actor.username, actorRole: actor.role, action, target });
}

/** A chat session id or Tavus conversation id from the path (the shape the logs accept), or 400. */
export function pathSessionId(value: string | undefined): string {
  const parsed = sessionIdSchema.safeParse(value ?? '');
  if (!parsed.success) throw new InvalidInput('Invalid id', 'id');
  return parsed.data;
}

export async function deleteMessageAsAdmin(id: string, actor: User): Promise<void> {
  // A booking's lead takes its meeting with it: one still to come is cancelled first.
  await cancelLeadMeeting(id, actor.username, now());
  if (!(await deleteContactMessage(id))) throw notFound('Message');
  await audit(actor, 'message.delete', id);
}

export async function deleteChatAsAdmin(sessionId: string, actor: User): Promise<void> {
  if (!(await deleteChatSession(sessionId))) throw notFound('Conversation');
  await audit(actor, 'chat.delete', sessionId);
}

/** A WhatsApp contact's id from the path (Meta's user id or a phone's digits), or 400. */
export function pathWhatsAppId(value: string | undefined): string {
  const parsed = whatsappIdSchema.safeParse(value ?? '');
  if (!parsed.success) throw new InvalidInput('Invalid id', 'id');
  return parsed.data;
}

/** A WhatsApp conversation, every message of it; audited as a chat deletion of `whatsapp:{id}`. */
export async function deleteWhatsAppAsAdmin(id: string, actor: User): Promise<void> {
  if (!(await deleteWhatsAppConversation(id))) throw notFound('Conversation');
  await audit(actor, 'chat.delete', `whatsapp:${id}`);
}

/** Tavus first: if it refuses (502), the call stays here so the admin can try again. */
export async function deleteVideoAsAdmin(sessionId: string, actor: User): Promise<void> {
  if (!(await videoConversation(sessionId))) throw notFound('Video call');
  await deleteTavusConversation(sessionId);
  await deleteVideoCall(sessionId);
  await audit(actor, 'video.delete', sessionId);
}
