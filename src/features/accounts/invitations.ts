import { Conflict, Gone, InvalidInput, notFound, NotFound } from '../../platform/errors';
import { newToken } from '../../platform/ids';
import type { Language } from '../../i18n/languages';
import { queueMail } from '../mail/outbox';
import { invitationMail } from './invitation-mail';
import type { ContactMessage } from '../leads/contact-schema';
import { passwordProblem, USERNAME_PATTERN, type User } from './schema';
import { recordAudit } from '../audit/store';
import { getLead } from '../leads/messages-store';
import {
  acceptInvitationPassword,
  createLeadAccount,
  getInvitation,
  leadAccount,
  saveInvitation,
} from './invitations-store';
import { hashPassword } from './users-store';

/**
 * Investor accounts made from a request for access (docs/security.md): one step for the admin, and a one-time
 * link for the investor to choose a password. The link's token is 256 random bits; only its SHA-256 is stored; it
 * lasts INVITATION_DAYS; it is used once (a conditional UPDATE: one winner however many race); and it is void once
 * the account's password changes another way or the account is deactivated.
 */

export const INVITATION_DAYS = 7;
export const INVITATION_MS = INVITATION_DAYS * 24 * 60 * 60_000;

export const NOT_AN_INVESTOR_LEAD = 'Only a request for investor access can become an investor account';
export const ACCOUNT_EXISTS = 'An account was already created from this request';
export const LINK_INVALID = 'This link is not valid';
export const LINK_EXPIRED = 'This link has expired. Please ask us for a new invitation.';
export const LINK_USED = 'This link has already been used. Please sign in.';

/** The username an address suggests: its local part, cleaned to the username pattern (2 to 63 characters). */
export function usernameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? '';
  let name = local
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, 50);
  if (name.length < 2) name = `investor-${name}`.replace(/-$/, '');
  return USERNAME_PATTERN.test(name) ? name : 'investor';
}

/** A password nobody knows, so the account cannot be signed into before its invitation is used. */
function unusablePassword(): string {
  return newToken();
}

/** The usernames an address offers, in order: `name`, `name-2`, … `name-20`. */
function usernamesFor(email: string): string[] {
  const base = usernameFromEmail(email);
  return Array.from({ length: 20 }, (_, i) => (i === 0 ? base : `${base.slice(0, 58)}-${i + 1}`));
}

export interface LeadAccountResult {
  username: string;
  email: string;
  language: Language;
  /** Whether the invitation went out at once (else it waits in the outbox and the retry sends it). */
  invitationQueued: boolean;
}

/** The invitation link of a new token, stored hashed, and its mail queued in the investor's language. */
async function invite(user: User, message: ContactMessage, language: Language, now: Date): Promise<void> {
  const token = newToken();
  await saveInvitation(token, {
    userId: user.id,
    language,
    generation: user.sessionGeneration,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + INVITATION_MS).toISOString(),
  });
  await queueMail({
    key: `invitations/${user.id}`,
    to: [message.email],
    ...invitationMail(message.name, user.username, language, token, INVITATION_DAYS),
  });
}

/**
 * POST /api/contact-messages/:id/investor-account: the lead becomes an investor account (username from its
 * e-mail), written to the audit log, and the investor is mailed a one-time link to set a password. One account per
 * lead, however many admins press the button at once (409 for the others).
 */
export async function createAccountFromLead(
  actor: User,
  messageId: string,
  now = new Date(),
): Promise<LeadAccountResult> {
  const message = await getLead(messageId);
  if (!message) throw notFound('Message');
  if (message.source !== 'investor' || !message.investor) throw new InvalidInput(NOT_AN_INVESTOR_LEAD);
  if (await leadAccount(message.id)) throw new Conflict(ACCOUNT_EXISTS);
  const passwordHash = await hashPassword(unusablePassword());
  const user = await createLeadAccount(
    message.id,
    usernamesFor(message.email),
    { passwordHash, role: 'investor' },
    now,
  );
  if (user === 'exists') throw new Conflict(ACCOUNT_EXISTS);
  if (user === 'no-username') throw new Conflict('No free username could be made from this e-mail address');
  const actorOf = { actor: actor.username, actorRole: actor.role };
  await recordAudit({ ...actorOf, action: 'user.create', target: user.username, detail: 'investor' });
  await recordAudit({ ...actorOf, action: 'user.invite', target: user.username, detail: message.id });
  const language = message.investor.language;
  await invite(user, message, language, now);
  return { username: user.username, email: message.email, language, invitationQueued: true };
}

/** The account made from a lead, for the message's view. */
export function accountOfLead(messageId: string): Promise<string | null> {
  return leadAccount(messageId);
}

/** Why a link cannot be used: no such link, past its date, or used (or made void). */
export type LinkProblem = 'invalid' | 'expired' | 'used';

/** What a link is worth now: usable (with its account's name and language), or why not. */
export async function checkInvitation(
  token: string,
  now = new Date(),
): Promise<
  { ok: true; username: string; language: Language; user: User } | { ok: false; reason: LinkProblem; message: string }
> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { ok: false, reason: 'invalid', message: LINK_INVALID };
  const invitation = await getInvitation(token);
  if (!invitation) return { ok: false, reason: 'invalid', message: LINK_INVALID };
  if (Date.parse(invitation.expiresAt) <= now.getTime()) return { ok: false, reason: 'expired', message: LINK_EXPIRED };
  const { user } = invitation;
  // The link was used, or its account deactivated or given a password another way since: it is void.
  if (invitation.usedAt !== null || !user.isActive || user.sessionGeneration !== invitation.generation) {
    return { ok: false, reason: 'used', message: LINK_USED };
  }
  return { ok: true, username: user.username, language: invitation.language, user };
}

/**
 * POST /api/invitations: sets the password of the link's account, once. The password is checked before the link's
 * use is claimed (a weak one does not spend the link); of racing requests exactly one claims it.
 */
export async function acceptInvitation(
  token: string,
  password: string,
  now = new Date(),
): Promise<{ username: string; language: Language }> {
  const checked = await checkInvitation(token, now);
  if (!checked.ok) throw checked.reason === 'invalid' ? new NotFound(checked.message) : new Gone(checked.message);
  const problem = passwordProblem(password);
  if (problem) throw new InvalidInput(problem, 'password');
  const updated = await acceptInvitationPassword(token, await hashPassword(password), now);
  if (!updated) throw new Gone(LINK_USED);
  await recordAudit({
    actor: updated.username,
    actorRole: updated.role,
    action: 'invitation.accept',
    target: updated.username,
  });
  return { username: updated.username, language: checked.language };
}
