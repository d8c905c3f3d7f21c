import { env } from '../env';
import type { OutboxMail, MailStatus } from '../schemas/mail';
import {
  claimAttempt,
  dropFromOutbox,
  getOutboxMail,
  markSent,
  outboxKeys,
  putInOutbox,
  updateOutboxMail,
  wasSent,
} from '../stores/outbox';
import { failureCode, sendOverSmtp, smtpConfigured } from './transport';

/**
 * Sending mail: written to the outbox first (src/lib/stores/outbox.ts), then sent; without SMTP, or when a send
 * fails, it waits there and the scheduled retry (netlify/functions/mail-retry.ts) sends it later with backoff.
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

function recipients(mail: OutboxMail): string[] | null {
  if (mail.to !== 'leads') return mail.to;
  const leads = env().LEADS_TO;
  return leads?.length ? leads : null;
}

/** Whether a mail can be sent now: SMTP is configured and it has recipients. */
function sendable(mail: OutboxMail): boolean {
  return smtpConfigured() && recipients(mail) !== null;
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
 * One attempt at sending a waiting mail, if it is due (or `force`); answers whether it is now sent. The attempt
 * is claimed first, so of any number of racing callers one sends.
 */
export async function deliver(key: string, now = new Date(), force = false): Promise<boolean> {
  return (await attemptDelivery(key, now, force)).status === 'sent';
}

/** `deliver`, saying what happened: sent, failed (the SMTP code), busy (someone else's attempt) or waiting. */
export async function attemptDelivery(key: string, now = new Date(), force = false): Promise<DeliveryOutcome> {
  if (await wasSent(key)) {
    await dropFromOutbox(key);
    return { status: 'sent' };
  }
  let mail = await getOutboxMail(key);
  if (!mail || !sendable(mail)) return { status: 'waiting' };
  if (!force && Date.parse(mail.nextAttemptAt) > now.getTime()) return { status: 'waiting' };
  if (!(await claimAttempt(key, mail.attempts))) {
    // Someone else has this attempt. If they died with it long ago, the next attempt is ours to claim.
    if (now.getTime() - Date.parse(mail.updatedAt) < STALE_ATTEMPT_MS) return { status: 'busy' };
    mail = { ...mail, attempts: mail.attempts + 1, updatedAt: now.toISOString() };
    await updateOutboxMail(mail);
    if (!(await claimAttempt(key, mail.attempts))) return { status: 'busy' };
  }
  const to = recipients(mail)!;
  try {
    await sendOverSmtp({ ...mail, to });
  } catch (error) {
    const failures = mail.attempts + 1;
    const code = failureCode(error);
    console.error(`Mail ${key} not sent (attempt ${failures}): ${code}`);
    await updateOutboxMail({
      ...mail,
      attempts: failures,
      lastError: code,
      updatedAt: new Date().toISOString(),
      nextAttemptAt: new Date(Date.now() + backoffMs(failures)).toISOString(),
    });
    return { status: 'failed', error: code };
  }
  await markSent(key, new Date());
  return { status: 'sent' };
}

/** Writes a mail to the outbox (unless its key was ever queued and sent); answers whether it is new. */
export async function enqueueMail(input: NewMail, now = new Date()): Promise<boolean> {
  const at = now.toISOString();
  return putInOutbox({
    key: input.key,
    to: input.to,
    replyTo: input.replyTo ?? null,
    subject: input.subject,
    text: input.text,
    html: input.html,
    headers: input.headers ?? {},
    createdAt: at,
    attempts: 0,
    nextAttemptAt: at,
    updatedAt: at,
    lastError: null,
  });
}

/**
 * Queues a mail, then tries to send it without keeping the caller long: the answer comes after at most
 * FIRST_TRY_WAIT_MS whatever SMTP does (the try goes on; a try cut short is retried by the schedule). Never
 * throws for a send; the queue write's failure does throw (the caller's record must not be thought alerted).
 */
export async function queueMail(input: NewMail): Promise<void> {
  await enqueueMail(input);
  if (!smtpConfigured()) return;
  const attempt = deliver(input.key).catch((error: unknown) => {
    console.error(`Mail ${input.key}: first try failed: ${failureCode(error)}`);
    return false;
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FIRST_TRY_WAIT_MS);
  });
  await Promise.race([attempt, timeout]);
  clearTimeout(timer);
}

/**
 * The scheduled retry: every waiting mail that is due gets one attempt, oldest first, for at most `budgetMs`.
 * Answers how many were sent and how many still wait.
 */
export async function retryDueMail(now = new Date(), budgetMs = 20_000): Promise<{ sent: number; waiting: number }> {
  const keys = await outboxKeys();
  if (!smtpConfigured()) return { sent: 0, waiting: keys.length };
  const started = Date.now();
  let sent = 0;
  for (const key of keys) {
    if (Date.now() - started > budgetMs) break;
    try {
      if (await deliver(key, now)) sent += 1;
    } catch (error) {
      console.error(`Mail ${key}: retry failed: ${failureCode(error)}`);
    }
  }
  return { sent, waiting: (await outboxKeys()).length };
}

/** What the dashboard shows: whether SMTP is configured and how many mails wait. */
export async function mailStatus(): Promise<MailStatus> {
  return { configured: smtpConfigured(), waiting: (await outboxKeys()).length };
}
