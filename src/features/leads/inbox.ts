import { analyticsReport } from '../analytics/analytics';
import { addDays, firmDay } from '../../platform/time-zone';
import { env } from '../../platform/env';
import { InvalidInput, LimitReached, NotFound } from '../../platform/errors';
import { digestMail, replyMail, replyTemplates, type DigestWeek } from './mail';
import { queueMail, tryNow } from '../mail/outbox';
import { newId } from '../../platform/ids';
import type { LeadDetail, LeadPatch, LeadReplyInput, Lead } from './schema';
import { signature, type User } from '../accounts/schema';
import { getLead, listLeadsPage, markLeadRead } from './messages-store';
import { MAX_REPLIES_PER_LEAD } from './tables';
import { leadReplies, recordLeadReply, updateLeadState } from './replies-store';
import { recordAudit } from '../audit/store';
import { getUser } from '../accounts/users-store';
import { isoWeek } from '../../platform/weeks';
import { taxonomyForPage } from '../taxonomy/taxonomy';

/**
 * The lead inbox (docs/product.md, "Lead inbox"): a partner sets a lead's status, owner and private notes, replies to it by
 * e-mail from the dashboard (only ever to the lead's own address), and the firm gets a weekly digest.
 */

const NOT_FOUND = 'Message not found';

async function leadOr404(id: string): Promise<Lead> {
  const lead = await getLead(id);
  if (!lead) throw new NotFound(NOT_FOUND);
  return lead;
}

/** The lead, its replies and the reply templates (signed with the partner's name and title); the lead is now read. */
export async function leadDetail(id: string, user: User): Promise<LeadDetail> {
  const lead = await leadOr404(id);
  await markLeadRead(id);
  return { lead, replies: await leadReplies(id), templates: replyTemplates(lead, signature(user)) };
}

/**
 * Sets status, owner, the private notes and/or how the lead ended (outcome, value), in one statement. An owner is an active admin's username (null:
 * nobody). A change of notes is in the audit log (who, which lead: never the text). Like the status and owner, notes
 * are last-write-wins: a partner saves the whole text they see.
 */
export async function updateLead(id: string, patch: LeadPatch, user: User): Promise<Lead> {
  let owner: string | null | undefined = patch.owner;
  if (owner) {
    const owning = await getUser(owner);
    if (!owning || owning.role !== 'admin' || !owning.isActive)
      throw new InvalidInput('The owner must be an active dashboard user', 'owner');
    owner = owning.username;
  }
  const lead = await updateLeadState(id, {
    ...(patch.status ? { status: patch.status } : {}),
    ...(owner !== undefined ? { owner: owner || null } : {}),
    ...(patch.notes !== undefined ? { notes: patch.notes } : {}),
    ...(patch.outcome !== undefined ? { outcome: patch.outcome } : {}),
    ...(patch.value !== undefined ? { value: patch.value } : {}),
  });
  if (!lead) throw new NotFound(NOT_FOUND);
  if (patch.notes !== undefined) {
    await recordAudit({ actor: user.username, actorRole: user.role, action: 'lead.notes', target: id });
  }
  return lead;
}

/** Where a lead's answer to a reply goes: the firm's inbox (LEADS_TO), when set. */
function replyTo(): string | null {
  const leads = env().LEADS_TO;
  return leads?.length ? leads.join(', ') : null;
}

/**
 * Sends a partner's reply to the lead's own address (never one from the request): the reply joins the thread, the
 * lead becomes replied (a closed lead stays closed) and its mail is queued, all at once (src/features/leads/replies-store.ts);
 * then the mail gets its first try. Without SMTP it waits in the outbox.
 */
export async function replyToLead(id: string, input: LeadReplyInput, user: User): Promise<Lead> {
  const lead = await leadOr404(id);
  const now = new Date();
  const replyId = newId(now.getTime());
  const key = `replies/${id}/${replyId}`;
  const result = await recordLeadReply(
    id,
    {
      id: replyId,
      by: user.username,
      language: input.language,
      subject: input.subject,
      body: input.body,
      mail: { key, replyTo: replyTo(), headers: {}, ...replyMail(lead, input) },
    },
    now,
  );
  if (result === null) throw new NotFound(NOT_FOUND);
  if (result === 'capped') throw new LimitReached(`A lead can get at most ${MAX_REPLIES_PER_LEAD} replies`);
  await tryNow(key);
  // Who replied to which lead: no address, no text (the thread keeps those, and privacy requests cover them). After
  // the reply is stored: a failure here must not make the partner send the mail again.
  await recordAudit({ actor: user.username, actorRole: user.role, action: 'lead.reply', target: id });
  return result;
}

const DAY = 86_400_000;
/** The digest lists new leads of the last 7 days and the still-new ones of the 3 weeks before. */
export const DIGEST_WEEKS = 4;
const DIGEST_MAX = 200;

/**
 * The weekly digest to LEADS_TO: the leads still new, of this week and of the three before: one query on the status
 * index, at most 200 leads.
 */
export async function sendLeadDigest(now = new Date()): Promise<{ fresh: number; unanswered: number }> {
  const weekAgo = now.getTime() - 7 * DAY;
  const since = new Date(now.getTime() - DIGEST_WEEKS * 7 * DAY);
  const today = firmDay(now);
  const [{ items: leads, next }, taxonomy, site] = await Promise.all([
    listLeadsPage({ cursor: null, limit: DIGEST_MAX, q: '' }, { status: 'new', since, before: now }),
    taxonomyForPage(),
    // Best effort: the leads go out even when the week's figures cannot be read.
    analyticsReport(addDays(today, -6), today, now).catch((error: unknown) => {
      console.error("Lead digest: the site's week not read", error);
      return null;
    }),
  ]);
  // A source or page only when it looks like one: a name or a host, a site path (strangers' links say them).
  const named = (text: string) => /^[\p{L}\p{N} ._-]{1,60}$/u.test(text);
  const topPage = site ? [...site.pages].sort((a, b) => b.leads - a.leads)[0] : undefined;
  const week: DigestWeek | undefined = site
    ? {
        visitors: site.visitors,
        sources: site.sources
          .filter((row) => named(row.source))
          .slice(0, 3)
          .map(({ source, visitors }) => ({ source, visitors })),
        page:
          topPage?.leads && /^\/[\p{L}\p{N}/._-]{0,120}$/u.test(topPage.path)
            ? { path: topPage.path, leads: topPage.leads }
            : null,
      }
    : undefined;
  const fresh = leads.filter((lead) => Date.parse(lead.createdAt) >= weekAgo);
  const unanswered = leads.filter((lead) => Date.parse(lead.createdAt) < weekAgo);
  // One digest a week: its ISO week (`2026-W48`) names its outbox key.
  await queueMail({
    key: `digest/${isoWeek(now.getTime())}`,
    to: 'leads',
    ...digestMail(fresh, unanswered, next !== null, taxonomy, undefined, week),
  });
  return { fresh: fresh.length, unanswered: unanswered.length };
}
