import { createHmac } from 'node:crypto';
import { sameSecret } from '../../platform/secrets';
import { byLanguage, DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../i18n/languages';
import { mailText } from '../../i18n/mail';
import { newsletterIssueContent, ISSUE_ALREADY_SENT } from './issue-content';
import { requireSecret } from '../../platform/env';
import { Conflict, InvalidInput, LimitReached, notFound } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { sanitizeRichText } from '../../platform/sanitize';
import { languageNamesInEnglish } from '../../platform/common-schema';
import type { IssueMailPart, IssueProgress, NewsletterIssue } from './issue-schema';
import type { User } from '../accounts/schema';
import { recordAudit } from '../audit/store';
import { takeDailyQuota } from '../quotas/store';
import {
  claimRecipients,
  claimSilentSends,
  createIssueSend,
  failedRecipients,
  finishIssueSend,
  getIssueSend,
  markAlive,
  recipientCounts,
  recordRecipient,
  releaseRecipients,
} from './issues-store';
import { mailStanding } from '../mail/outbox-store';
import { attemptDelivery, enqueueMail, queueMail } from '../mail/outbox';
import { siteUrl, type RenderedMail } from '../mail/templates';
import { issueMail, unsubscribeHeaders } from './templates';
import { smtpConfigured } from '../mail/transport';

/**
 * Sending a newsletter issue (docs/product.md, "Newsletter issues"). An admin's Send inserts the issue's send row (its
 * primary key: one send per issue) with the mail of each language frozen, and marks the issue `sending`; a background
 * function (netlify/functions/newsletter-issue-send-background.ts) then walks the confirmed subscribers, claiming a few
 * at a time (a row per issue and recipient, written only if new: of racing runs one gets each), and mails each in
 * their language through the outbox under the key `issues/{id}/{sha256(e-mail)}` (sent at most once, and retried by
 * the mail schedule if SMTP refuses it). A run cut short is resumed by the mail schedule (resumeSendingIssues), which
 * skips every recipient with a row. Logs name issues by id, never an address.
 */

/** How long one run of the background function works before it stops (its limit is 15 minutes). */
export const RUN_BUDGET_MS = 12 * 60_000;
/** A run silent this long is taken for dead: the schedule starts another. */
export const STALE_RUN_MS = 3 * 60_000;
/** A recipient claimed this long ago without a result was claimed by a run now dead (a run lives 15 minutes at most). */
export const STALE_CLAIM_MS = 15 * 60_000;
/** Recipients a run claims at a time. */
const CLAIM_BATCH = 10;
/** Test mails a day, for every issue and admin together (a test can go to any address: docs/security.md). */
export const TEST_MAILS_PER_DAY = 20;

export const SMTP_NOT_CONFIGURED = 'E-mail is not configured: set SMTP_URL before sending.';
export const ISSUE_INCOMPLETE = `An issue needs a subject and a body ${languageNamesInEnglish('conjunction', (name) => `in ${name}`)} before it is sent.`;
export const TEST_QUOTA_REACHED = 'Too many test e-mails today. Please try again tomorrow.';

/** A preview or a test has no subscriber: its unsubscribe link carries this, which no subscriber's token matches. */
const SAMPLE_TOKEN = 'preview';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The plain-text part of a rich-text body: paragraphs and headings on their own lines, list items with a dash, links with their address. */
export function richTextToPlain(html: string): string {
  return html
    .replace(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, label: string) =>
      label.replace(/<[^>]*>/g, '').trim() === href ? href : `${label} (${href})`,
    )
    .replace(/<li\b[^>]*>/gi, '- ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|blockquote|pre)>/gi, '\n\n')
    .replace(/<\/(li|ol|ul)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, name: string) => {
      if (/^#x/i.test(name)) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
      return ENTITIES[name.toLowerCase()] ?? match;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** One language's mail of an issue: its subject, its body as sanitised HTML and as plain text. */
export function issuePart(issue: NewsletterIssue, lang: Language): IssueMailPart {
  const html = sanitizeRichText(issue.content[lang]);
  return { subject: issue.title[lang], html, text: richTextToPlain(html) };
}

function complete(issue: NewsletterIssue): boolean {
  return LANGUAGES.every((lang) => issue.title[lang].trim() !== '' && richTextToPlain(issue.content[lang]) !== '');
}

async function issueOr404(id: string): Promise<NewsletterIssue> {
  const issue = await newsletterIssueContent.get(id);
  if (!issue) throw notFound(newsletterIssueContent.kind.label);
  return issue;
}

/** The mail as a subscriber of `lang` would get it (its unsubscribe link is a sample's). */
export async function previewIssue(id: string, lang: Language): Promise<RenderedMail> {
  return issueMail(issuePart(await issueOr404(id), lang), lang, SAMPLE_TOKEN);
}

/**
 * A test of the issue to one address, in one language or both (a mail each, the subject marked as a test), with
 * the headers subscribers get. TEST_MAILS_PER_DAY for the whole site. Answers the languages mailed.
 */
export async function sendIssueTest(id: string, email: string, language?: Language): Promise<Language[]> {
  if (!smtpConfigured()) throw new Conflict(SMTP_NOT_CONFIGURED);
  const issue = await issueOr404(id);
  const languages = language ? [language] : [...LANGUAGES];
  for (const lang of languages) {
    if (!(await takeDailyQuota({ prefix: 'newsletter-tests' }, TEST_MAILS_PER_DAY))) {
      throw new LimitReached(TEST_QUOTA_REACHED);
    }
    const part = issuePart(issue, lang);
    const subject = `${mailText(lang, 'issue.testPrefix')} ${part.subject}`;
    await queueMail({
      key: `issues/${id}/tests/${newId()}`,
      to: [email],
      ...issueMail({ ...part, subject }, lang, SAMPLE_TOKEN),
      headers: unsubscribeHeaders(SAMPLE_TOKEN),
    });
  }
  return languages;
}

/** Where the dashboard reads an issue's send: its status and counts. Failed sends the mail schedule has since sent count as sent. */
export async function issueProgress(id: string): Promise<IssueProgress> {
  const issue = await issueOr404(id);
  const send = await getIssueSend(id);
  if (!send) return { status: issue.status, total: null, sent: 0, failed: 0, startedAt: null, finishedAt: null };
  for (const hash of await failedRecipients(id, 50)) {
    if ((await mailStanding(recipientMailKey(id, hash))) === 'sent') {
      await recordRecipient(id, hash, { status: 'sent', at: new Date(), error: null });
    }
  }
  const { sent, failed } = await recipientCounts(id);
  return {
    status: issue.status,
    total: send.total,
    sent,
    failed,
    startedAt: send.startedAt,
    finishedAt: send.finishedAt,
  };
}

/** The outbox key of an issue's mail to one recipient: one per issue and address, ever. */
function recipientMailKey(id: string, hash: string): string {
  return `issues/${id}/${hash}`;
}

/** How the send's run is started: the background function, over HTTP (tests run it in-process). */
export type RunTrigger = (id: string) => Promise<void>;

/** The secret a run's trigger carries, so the background function needs no admin session (the schedule has none). */
export function runToken(id: string): string {
  return createHmac('sha256', requireSecret('JWT_SECRET')).update(`newsletter-issue-run:${id}`).digest('base64url');
}

export const RUN_TOKEN_HEADER = 'x-newsletter-run';

export function validRunToken(id: string, token: string | null): boolean {
  return !!token && sameSecret(token, runToken(id));
}

/**
 * The trigger goes to the site's configured address (`URL`), never to one built from a request: a forged `Host`
 * cannot send the run's token elsewhere (docs/security.md).
 */
const httpTrigger: RunTrigger = async (id) => {
  const response = await fetch(`${siteUrl()}/api/newsletter-issues/${encodeURIComponent(id)}/run`, {
    method: 'POST',
    headers: { [RUN_TOKEN_HEADER]: runToken(id) },
    signal: AbortSignal.timeout(10_000),
  });
  // A background function answers 202 at once; anything else means the run did not start.
  if (!response.ok) throw new Error(`Run trigger answered ${response.status}`);
};

let trigger: RunTrigger = httpTrigger;

/** Tests: start runs in-process instead of over HTTP (null: back to HTTP). */
export function setRunTrigger(next: RunTrigger | null): void {
  trigger = next ?? httpTrigger;
}

/**
 * An admin's Send: a complete draft becomes `sending` (once: the claim), its mails are frozen, the confirmed
 * subscribers are counted (the send's total, and the audit log's `newsletter.send`: who, which issue, how many), and
 * the background run is started. If it cannot be started the schedule starts it (resumeSendingIssues). 409 when
 * already sent or without SMTP; 400 when a language lacks its subject or body.
 */
export async function startIssueSend(id: string, startedBy: Pick<User, 'username' | 'role'>): Promise<IssueProgress> {
  if (!smtpConfigured()) throw new Conflict(SMTP_NOT_CONFIGURED);
  const issue = await issueOr404(id);
  if (issue.status !== 'draft') throw new Conflict(ISSUE_ALREADY_SENT);
  if (!complete(issue)) throw new InvalidInput(ISSUE_INCOMPLETE, 'content');
  const mails = byLanguage((lang) => issuePart(issue, lang));
  const send = await createIssueSend(id, startedBy.username, mails);
  if (!send) throw new Conflict(ISSUE_ALREADY_SENT);
  await recordAudit({
    actor: startedBy.username,
    actorRole: startedBy.role,
    action: 'newsletter.send',
    target: id,
    detail: `${send.total} recipients`,
  });
  await newsletterIssueContent.patch(id, (record) => ({ ...record, status: 'sending' }));
  try {
    await trigger(id);
  } catch (error) {
    console.error(`Newsletter issue ${id}: run not started, the schedule will start it`, errorName(error));
  }
  return issueProgress(id);
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : 'Error';
}

export interface RunOptions {
  budgetMs?: number;
  /** Stops after this many recipients were attempted (tests: an interrupted run). */
  maxRecipients?: number;
}

/**
 * One run of an issue's send: claims the confirmed subscribers without a row for the issue a few at a time and mails
 * each in their language, until the walk is over (the issue becomes `sent` once no run holds a recipient) or the
 * budget is spent (it stays `sending`, and the schedule resumes it). Any number of runs may race: each recipient's
 * row is claimed by one of them, and their outbox key is sent at most once.
 */
export async function runIssueSend(
  id: string,
  options: RunOptions = {},
): Promise<{ attempted: number; finished: boolean }> {
  const budget = options.budgetMs ?? RUN_BUDGET_MS;
  const most = options.maxRecipients ?? Infinity;
  const started = Date.now();
  const send = await getIssueSend(id);
  if (!send || send.finishedAt || !smtpConfigured()) return { attempted: 0, finished: Boolean(send?.finishedAt) };
  await markAlive(id);
  let attempted = 0;
  let after: string | null = null;
  for (;;) {
    if (Date.now() - started > budget || attempted >= most) return { attempted, finished: false };
    const now = new Date();
    const batch = await claimRecipients(id, {
      after,
      limit: Math.min(CLAIM_BATCH, most - attempted),
      now,
      staleBefore: new Date(now.getTime() - STALE_CLAIM_MS),
    });
    if (batch.last === null) break;
    after = batch.last;
    const left = new Set(batch.claimed.map((recipient) => recipient.hash));
    try {
      for (const recipient of batch.claimed) {
        const lang = recipient.language;
        const key = recipientMailKey(id, recipient.hash);
        await enqueueMail({
          key,
          to: [recipient.email],
          // A send started before the recipient's language was added has no mail in it: the default language's.
          ...issueMail(send.mails[lang] ?? send.mails[DEFAULT_LANGUAGE], lang, recipient.token),
          headers: unsubscribeHeaders(recipient.token),
        });
        const outcome = await attemptDelivery(key);
        attempted += 1;
        // Busy or waiting: the outbox holds the mail and the mail schedule sends it; progress counts it then.
        const error = outcome.status === 'failed' ? outcome.error : outcome.status === 'sent' ? null : outcome.status;
        await recordRecipient(id, recipient.hash, {
          status: outcome.status === 'sent' ? 'sent' : 'failed',
          at: new Date(),
          error,
        });
        left.delete(recipient.hash);
      }
    } finally {
      await releaseRecipients(id, [...left]);
    }
    await markAlive(id);
  }
  // The walk is over; another run may still hold recipients, and the last to finish closes the send.
  if ((await recipientCounts(id)).sending > 0) return { attempted, finished: false };
  const finishedAt = new Date();
  // The issue first: if this run dies before the send's row is closed, the schedule's next run closes it.
  await newsletterIssueContent.patch(id, (record) =>
    record.status === 'sent' ? record : { ...record, status: 'sent', sentAt: finishedAt.toISOString() },
  );
  await finishIssueSend(id, finishedAt);
  console.log(`Newsletter issue ${id}: run finished, ${attempted} attempted`);
  return { attempted, finished: true };
}

/**
 * The mail schedule's nudge: each issue left `sending` whose run has been silent for STALE_RUN_MS gets a new run.
 * Answers how many were started.
 */
export async function resumeSendingIssues(now = new Date()): Promise<number> {
  if (!smtpConfigured()) return 0;
  let started = 0;
  for (const id of await claimSilentSends(new Date(now.getTime() - STALE_RUN_MS), now)) {
    try {
      await trigger(id);
      started += 1;
    } catch (error) {
      console.error(`Newsletter issue ${id}: run not resumed`, errorName(error));
    }
  }
  return started;
}
