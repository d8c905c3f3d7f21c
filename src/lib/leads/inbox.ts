import { env } from '../env';
import { HttpError } from '../http';
import { digestMail, replyMail, replyTemplates } from '../mail/leads';
import { queueMail } from '../mail/outbox';
import type { LeadDetail, LeadPatch, LeadReplyInput, Lead } from '../schemas/lead';
import type { User } from '../schemas/user';
import { getContactMessage, newLeadsBetween, withLeadState } from '../stores/contact-messages';
import {
  appendLeadReply,
  getLeadState,
  leadReplies,
  leadReplyCount,
  MAX_REPLIES_PER_LEAD,
  putLeadState,
} from '../stores/leads';
import { recordAudit } from '../stores/audit-log';
import { getUser } from '../stores/users';
import { isoWeek } from '../stores/week-markers';
import { taxonomyForPage } from '../taxonomy';

/**
 * The lead inbox (docs/product.md, "Lead inbox"): a partner sets a lead's status and owner, replies to it by
 * e-mail from the dashboard (only ever to the lead's own address), and the firm gets a weekly digest.
 */

const NOT_FOUND = 'Message not found';

async function leadOr404(id: string): Promise<Lead> {
  const message = await getContactMessage(id);
  if (!message) throw new HttpError(404, NOT_FOUND);
  return withLeadState(message);
}

/** The lead, its replies and the reply templates (signed with the partner's username). */
export async function leadDetail(id: string, user: User): Promise<LeadDetail> {
  const lead = await leadOr404(id);
  return { lead, replies: await leadReplies(id), templates: replyTemplates(lead, user.username) };
}

/** Sets status and/or owner. An owner is an active admin's username (null: nobody). */
export async function updateLead(id: string, patch: LeadPatch): Promise<Lead> {
  const message = await getContactMessage(id);
  if (!message) throw new HttpError(404, NOT_FOUND);
  let owner: string | null | undefined = patch.owner;
  if (owner) {
    const user = await getUser(owner);
    if (!user || user.role !== 'admin' || !user.isActive)
      throw new HttpError(400, 'The owner must be an active dashboard user', 'owner');
    owner = user.username;
  }
  const before = await getLeadState(id);
  const state = {
    status: patch.status ?? before.status,
    owner: owner === undefined ? before.owner : owner || null,
    updatedAt: new Date().toISOString(),
  };
  await putLeadState(id, message.source, state);
  return { ...message, status: state.status, owner: state.owner };
}

/** Where a lead's answer to a reply goes: the firm's inbox (LEADS_TO), when set. */
function replyTo(): string | null {
  const leads = env().LEADS_TO;
  return leads?.length ? leads.join(', ') : null;
}

/**
 * Sends a partner's reply to the lead's own address (never one from the request), appends it to the thread and
 * marks the lead replied (a closed lead stays closed). The mail goes through the outbox: without SMTP it waits there.
 */
export async function replyToLead(id: string, input: LeadReplyInput, user: User): Promise<Lead> {
  const lead = await leadOr404(id);
  if ((await leadReplyCount(id)) >= MAX_REPLIES_PER_LEAD)
    throw new HttpError(429, `A lead can get at most ${MAX_REPLIES_PER_LEAD} replies`);
  const now = new Date();
  const reply = await appendLeadReply(
    id,
    {
      sentAt: now.toISOString(),
      by: user.username,
      language: input.language,
      subject: input.subject,
      body: input.body,
    },
    now,
  );
  await queueMail({
    key: `replies/${id}/${reply.id}`,
    to: [lead.email],
    replyTo: replyTo(),
    ...replyMail(lead, input),
  });
  const status = lead.status === 'closed' ? 'closed' : 'replied';
  const owner = lead.owner ?? user.username;
  await putLeadState(id, lead.source, { status, owner, updatedAt: now.toISOString() });
  // Who replied to which lead: no address, no text (the thread keeps those, and privacy requests cover them). After
  // the state: a failure here must not make the partner send the mail again.
  await recordAudit({ actor: user.username, actorRole: user.role, action: 'lead.reply', target: id });
  return { ...lead, status, owner };
}

const DAY = 86_400_000;
/** The digest lists new leads of the last 7 days and the still-new ones of the 3 weeks before. */
export const DIGEST_WEEKS = 4;
const DIGEST_MAX = 200;

/**
 * The weekly digest to LEADS_TO: the leads still new, of this week and of the three before. Reads only the `st-new`
 * feed's folders of those 28 days (a bounded cost whatever the store's size) and at most 200 leads.
 */
export async function sendLeadDigest(now = new Date()): Promise<{ fresh: number; unanswered: number }> {
  const weekAgo = now.getTime() - 7 * DAY;
  const [{ leads, more }, taxonomy] = await Promise.all([
    newLeadsBetween(now.getTime() - DIGEST_WEEKS * 7 * DAY, now.getTime(), DIGEST_MAX),
    taxonomyForPage(),
  ]);
  const fresh = leads.filter((lead) => Date.parse(lead.createdAt) >= weekAgo);
  const unanswered = leads.filter((lead) => Date.parse(lead.createdAt) < weekAgo);
  // One digest a week: its ISO week (`2026-W48`) names its outbox key.
  await queueMail({
    key: `digest/${isoWeek(now.getTime())}`,
    to: 'leads',
    ...digestMail(fresh, unanswered, more, taxonomy),
  });
  return { fresh: fresh.length, unanswered: unanswered.length };
}
