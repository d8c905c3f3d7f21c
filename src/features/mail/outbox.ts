import { env } from '../../platform/env';
import type { MailCalendar } from './tables';

export type { NewOutboxMail } from './outbox-store';
import type { OutboxMail, MailStatus } from './schema';
import {
  claimMail,
  mailStanding,
  markAttempt,
  putInOutbox,
  waitingMailCount,
  type ClaimRules,
  type NewOutboxMail,
} from './outbox-store';
import { failureCode, sendOverSmtp, smtpConfigured } from './transport';

/**
 * Sending mail: written to the outbox first (src/features/mail/outbox-store.ts), then sent; without SMTP, or when a send
 * fails, it waits there and the scheduled retry (netlify/functions/scheduled-mail-retry.ts) sends it later with backoff.
 * Logs name a mail by its key (ids only), never an address or a text.
 */

export interface NewMail {
  /** Names the reason, e.g. `alerts/contact/{id}`: one key, one mail, ever. */
  key: string;
  to: 'leads' | string[];
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** A calendar invitation (src/features/meetings/ics.ts). */
  calendar?: MailCalendar;
}

/** How long a visitor's request waits on the first try before answering (the retry does the rest). */
export const FIRST_TRY_WAIT_MS = 3_000;
/** An attempt claimed this long ago with no result (its sender died) is given up, and the next one made. */
export const STALE_ATTEMPT_MS = 15 * 60_000;
const MAX_BACKOFF_MS = 6 * 60 * 60_000;

/** Wait before attempt n+1 after n failures: 5 min, 10, 20… up to 6 h. */
export function backoffMs(failures: number): number {
  return Math.min(5 * 60_000 * 2 ** Math.max(0, failures - 1), MAX_BACKOFF_MS);
}

function leadsTo(): string[] | null {
  const leads = env().LEADS_TO;
  return leads?.length ? leads : null;
}

/** What a claim may take now: due mails, not held by a live sender, to the firm's inbox only when it is set. */
function claimRules(now: Date, force = false): ClaimRules {
  return { now, staleBefore: new Date(now.getTime() - STALE_ATTEMPT_MS), leadsConfigured: leadsTo() !== null, force };
}

/** What one attempt at a waiting mail came to. */
export type DeliveryOutcome =
  | { status: 'sent' }
  /** Not due, not sendable (no SMTP, no recipients), or not in the outbox. */
  | { status: 'waiting' }
  /** Another sender holds this attempt. */
  | { status: 'busy' }
  | { status: 'failed'; error: string };

/**
 * One attempt at sending a waiting mail, if it is due (or `force`); answers whether it is now sent. The mail is
 * claimed first, so of any number of racing callers one sends.
 */
export async function deliver(key: string, now = new Date(), force = false): Promise<boolean> {
  return (await attemptDelivery(key, now, force)).status === 'sent';
}

/** Sends a claimed mail and records what came of it. */
async function send(mail: OutboxMail): Promise<DeliveryOutcome> {
  const to = mail.to === 'leads' ? leadsTo() : mail.to;
  try {
    if (!to) throw new Error('LEADS_TO is not set');
    await sendOverSmtp({ ...mail, to });
  } catch (error) {
    const code = failureCode(error);
    console.error(`Mail ${mail.key} not sent (attempt ${mail.attempts}): ${code}`);
    const at = new Date();
    await markAttempt(mail.key, at, { error: code, next: new Date(at.getTime() + backoffMs(mail.attempts)) });
    return { status: 'failed', error: code };
  }
  await markAttempt(mail.key, new Date());
  return { status: 'sent' };
}

/** `deliver`, saying what happened: sent, failed (the SMTP code), busy (someone else's attempt) or waiting. */
export async function attemptDelivery(key: string, now = new Date(), force = false): Promise<DeliveryOutcome> {
  if (!smtpConfigured()) return (await mailStanding(key)) === 'sent' ? { status: 'sent' } : { status: 'waiting' };
  const [mail] = await claimMail(claimRules(now, force), 1, key);
  if (mail) return send(mail);
  const standing = await mailStanding(key);
  if (standing === 'sent') return { status: 'sent' };
  return standing === 'claimed' ? { status: 'busy' } : { status: 'waiting' };
}

/**
 * A mail as the outbox stores it: for a store that writes it with its record, in the record's transaction (`outboxRow`,
 * src/features/mail/outbox-store.ts), and tries it after the commit (`tryNow`).
 */
export function outboxMail(input: NewMail): NewOutboxMail {
  return {
    key: input.key,
    to: input.to,
    replyTo: input.replyTo ?? null,
    subject: input.subject,
    text: input.text,
    html: input.html,
    headers: input.headers ?? {},
    ...(input.calendar ? { calendar: input.calendar } : {}),
  };
}

/** Writes a mail to the outbox (unless its key was ever queued); answers whether it is new. */
export async function enqueueMail(input: NewMail, now = new Date()): Promise<boolean> {
  return putInOutbox(outboxMail(input), now);
}

/**
 * Queues a mail, then tries to send it without keeping the caller long: the answer comes after at most
 * FIRST_TRY_WAIT_MS whatever SMTP does (the try goes on; a try cut short is retried by the schedule). Never
 * throws for a send; the queue write's failure does throw (the caller's record must not be thought alerted).
 */
export async function queueMail(input: NewMail): Promise<void> {
  await enqueueMail(input);
  await tryNow(input.key);
}

/**
 * The first try at a mail just queued (by `queueMail`, or by a store that queued it with its record): the answer
 * comes after at most FIRST_TRY_WAIT_MS whatever SMTP does (the try goes on; a try cut short is retried by the
 * schedule). Never throws.
 */
export async function tryNow(key: string): Promise<void> {
  if (!smtpConfigured()) return;
  const attempt = deliver(key).catch((error: unknown) => {
    console.error(`Mail ${key}: first try failed: ${failureCode(error)}`);
    return false;
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FIRST_TRY_WAIT_MS);
  });
  await Promise.race([attempt, timeout]);
  clearTimeout(timer);
}

/** Mails the retry takes at a time. */
const RETRY_BATCH = 10;

/**
 * The scheduled retry: every waiting mail that is due gets one attempt, the first due first, taken a batch at a
 * time (racing retries take different mails), until none is left or `budgetMs` is spent. Answers how many were sent
 * and how many still wait.
 */
export async function retryDueMail(now = new Date(), budgetMs = 20_000): Promise<{ sent: number; waiting: number }> {
  if (!smtpConfigured()) return { sent: 0, waiting: await waitingMailCount() };
  const started = Date.now();
  let sent = 0;
  while (Date.now() - started <= budgetMs) {
    const batch = await claimMail(claimRules(now), RETRY_BATCH);
    for (const mail of batch) {
      try {
        if ((await send(mail)).status === 'sent') sent += 1;
      } catch (error) {
        console.error(`Mail ${mail.key}: retry failed: ${failureCode(error)}`);
      }
    }
    if (batch.length < RETRY_BATCH) break;
  }
  return { sent, waiting: await waitingMailCount() };
}

/** What the dashboard shows: whether SMTP is configured and how many mails wait. */
export async function mailStatus(): Promise<MailStatus> {
  return { configured: smtpConfigured(), waiting: await waitingMailCount() };
}
