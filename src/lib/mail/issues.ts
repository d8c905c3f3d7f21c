import { createHmac, timingSafeEqual } from 'node:crypto';
import { LANGUAGES, type Language } from '../../i18n/languages';
import { mailText } from '../../i18n/mail';
import { newsletterIssueContent, ISSUE_ALREADY_SENT } from '../content/kinds/newsletter-issues';
import { requireSecret } from '../env';
import { HttpError, notFound } from '../http';
import { newId } from '../ids';
import { sanitizeRichText } from '../sanitize';
import type { IssueMailPart, IssueProgress, IssueSend, NewsletterIssue } from '../schemas/newsletter-issue';
import type { User } from '../schemas/user';
import { recordAudit } from '../stores/audit-log';
import { takeDailyQuota } from '../stores/daily-quota';
import { addressHash, eachConfirmedSubscriber, subscriberToken } from '../stores/newsletter';
import {
  claimIssueSend,
  failedRecipients,
  getIssueSend,
  getRecipientResult,
  lastAlive,
  markAlive,
  putIssueSend,
  putRecipientResult,
  recipientCounts,
} from '../stores/newsletter-issues';
import { wasSent } from '../stores/outbox';
import { attemptDelivery, enqueueMail, queueMail } from './outbox';
import { issueMail, siteUrl, unsubscribeHeaders, type RenderedMail } from './templates';
import { smtpConfigured } from './transport';

/**
 * Sending a newsletter issue (docs/product.md, "Newsletter issues"). An admin's Send freezes the issue's mail of each
 * language in a send record and marks the issue `sending`; a background function (netlify/functions/
 * newsletter-issue-run-background.ts) then walks the confirmed subscribers a page at a time and mails each in their
 * language, through the outbox under the key `issues/{id}/{sha256(e-mail)}`: one key per issue and recipient, sent
 * at most once however many runs race (the outbox's claims), and retried by the mail schedule if SMTP refuses it.
 * Each recipient's result is recorded; a run cut short is resumed by the mail schedule (resumeSendingIssues), which
 * skips those done. Logs name issues by id, never an address.
 */

/** How long one run of the background function works before it stops (its limit is 15 minutes). */
export const RUN_BUDGET_MS = 12 * 60_000;
/** A run silent this long is taken for dead: the schedule starts another. */
export const STALE_RUN_MS = 3 * 60_000;
/** Test mails a day, for every issue and admin together (a test can go to any address: docs/security.md). */
export const TEST_MAILS_PER_DAY = 20;

export const SMTP_NOT_CONFIGURED = 'E-mail is not configured: set SMTP_URL before sending.';
export const ISSUE_INCOMPLETE = 'An issue needs a subject and a body in English and in Spanish before it is sent.';
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
  if (!smtpConfigured()) throw new HttpError(409, SMTP_NOT_CONFIGURED);
  const issue = await issueOr404(id);
  const languages = language ? [language] : [...LANGUAGES];
  for (const lang of languages) {
    if (!(await takeDailyQuota({ kind: 'quotas', prefix: 'newsletter-tests' }, TEST_MAILS_PER_DAY))) {
      throw new HttpError(429, TEST_QUOTA_REACHED);
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
  for (const hash of (await failedRecipients(id)).slice(0, 50)) {
    if (!(await wasSent(recipientMailKey(id, hash)))) continue;
    const result = await getRecipientResult(id, hash);
    if (result) await putRecipientResult(id, hash, { ...result, status: 'sent', error: null });
  }
  const { done, failed } = await recipientCounts(id);
  return {
    status: issue.status,
    total: send.total,
    sent: done - failed,
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
export type RunTrigger = (id: string, origin: string) => Promise<void>;

/** The secret a run's trigger carries, so the background function needs no admin session (the schedule has none). */
export function runToken(id: string): string {
  return createHmac('sha256', requireSecret('JWT_SECRET')).update(`newsletter-issue-run:${id}`).digest('base64url');
}

export const RUN_TOKEN_HEADER = 'x-newsletter-run';

export function validRunToken(id: string, token: string | null): boolean {
  if (!token) return false;
  const expected = Buffer.from(runToken(id));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const httpTrigger: RunTrigger = async (id, origin) => {
  const response = await fetch(`${origin}/api/newsletter-issues/${encodeURIComponent(id)}/run`, {
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
export async function startIssueSend(
  id: string,
  startedBy: Pick<User, 'username' | 'role'>,
  origin: string,
): Promise<IssueProgress> {
  if (!smtpConfigured()) throw new HttpError(409, SMTP_NOT_CONFIGURED);
  const issue = await issueOr404(id);
  if (issue.status !== 'draft') throw new HttpError(409, ISSUE_ALREADY_SENT);
  if (!complete(issue)) throw new HttpError(400, ISSUE_INCOMPLETE, 'content');
  // Counted before the claim: a count cut short (a slow store, a function's time limit) leaves nothing claimed, so
  // Send can be pressed again.
  let total = 0;
  for await (const page of eachConfirmedSubscriber()) total += page.length;
  if (!(await claimIssueSend(id))) throw new HttpError(409, ISSUE_ALREADY_SENT);
  const now = new Date();
  const send: IssueSend = {
    issueId: id,
    startedAt: now.toISOString(),
    startedBy: startedBy.username,
    mails: { en: issuePart(issue, 'en'), es: issuePart(issue, 'es') },
    total,
    finishedAt: null,
  };
  await putIssueSend(send);
  await recordAudit({
    actor: startedBy.username,
    actorRole: startedBy.role,
    action: 'newsletter.send',
    target: id,
    detail: `${total} recipients`,
  });
  await markAlive(id, now);
  await newsletterIssueContent.patch(id, (record) => ({ ...record, status: 'sending' }));
  try {
    await trigger(id, origin);
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
 * One run of an issue's send: every confirmed subscriber without a `sent` result is mailed in their language, until
 * all are done (the issue becomes `sent`) or the budget is spent (it stays `sending`, and the schedule resumes it).
 * Any number of runs may race: a recipient's outbox key is claimed per attempt, so each is mailed once.
 */
export async function runIssueSend(
  id: string,
  options: RunOptions = {},
): Promise<{ attempted: number; finished: boolean }> {
  const budget = options.budgetMs ?? RUN_BUDGET_MS;
  const started = Date.now();
  const send = await getIssueSend(id);
  if (!send || send.finishedAt || !smtpConfigured()) return { attempted: 0, finished: Boolean(send?.finishedAt) };
  await markAlive(id);
  if (send.total === null) {
    let total = 0;
    for await (const page of eachConfirmedSubscriber()) total += page.length;
    send.total = total;
    await putIssueSend(send);
  }
  let attempted = 0;
  let stopped = false;
  outer: for await (const page of eachConfirmedSubscriber()) {
    for (const subscriber of page) {
      if (Date.now() - started > budget || attempted >= (options.maxRecipients ?? Infinity)) {
        stopped = true;
        break outer;
      }
      const hash = addressHash(subscriber.email);
      const previous = await getRecipientResult(id, hash);
      if (previous?.status === 'sent') continue;
      const lang = subscriber.language;
      const token = await subscriberToken(subscriber);
      const key = recipientMailKey(id, hash);
      await enqueueMail({
        key,
        to: [subscriber.email],
        ...issueMail(send.mails[lang], lang, token),
        headers: unsubscribeHeaders(token),
      });
      const outcome = await attemptDelivery(key);
      attempted += 1;
      const at = new Date().toISOString();
      if (outcome.status === 'sent') {
        await putRecipientResult(id, hash, { status: 'sent', language: lang, at, error: null });
      } else if (outcome.status === 'failed') {
        await putRecipientResult(id, hash, { status: 'failed', language: lang, at, error: outcome.error });
      }
      if (attempted % 20 === 0) await markAlive(id);
    }
  }
  if (stopped) return { attempted, finished: false };
  const latest = (await getIssueSend(id)) ?? send;
  if (!latest.finishedAt) {
    const finishedAt = new Date().toISOString();
    await putIssueSend({ ...latest, finishedAt });
    await newsletterIssueContent.patch(id, (record) => ({ ...record, status: 'sent', sentAt: finishedAt }));
  }
  console.log(`Newsletter issue ${id}: run finished, ${attempted} attempted`);
  return { attempted, finished: true };
}

/**
 * The mail schedule's nudge: each issue left `sending` whose run has been silent for STALE_RUN_MS gets a new run.
 * Answers how many were started.
 */
export async function resumeSendingIssues(now = new Date()): Promise<number> {
  if (!smtpConfigured()) return 0;
  const sending = (await newsletterIssueContent.list()).filter((issue) => issue.status === 'sending');
  let started = 0;
  for (const issue of sending) {
    const alive = await lastAlive(issue.id);
    if (alive !== null && now.getTime() - alive < STALE_RUN_MS) continue;
    await markAlive(issue.id, now);
    try {
      await trigger(issue.id, siteUrl());
      started += 1;
    } catch (error) {
      console.error(`Newsletter issue ${issue.id}: run not resumed`, errorName(error));
    }
  }
  return started;
}
