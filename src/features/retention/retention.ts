import { LOCK_MS, WINDOW_MS } from '../accounts/login-throttle';
import { SESSION_IDLE_SECONDS, SESSION_TTL_SECONDS } from '../accounts/sessions-store';
import { deleteChatSessionsBefore } from '../chat/log';
import { deleteWhatsAppConversationsBefore } from '../whatsapp/conversations';
import { deleteVideoCalls, videoCallIdsStartedBetween } from '../video/log';
import { deleteContactMessagesBefore } from '../leads/messages-store';
import { deleteQuotaDaysBefore, utcDay } from '../quotas/store';
import { deleteAttemptsBefore } from '../accounts/login-attempts-store';
import { deleteExpiredPending, PENDING_DAYS } from '../newsletter/subscribers-store';
import { deleteEndedSessions } from '../accounts/sessions-store';
import { deleteTavusConversation } from '../video/tavus';
import { expireAnalytics, expireSalts } from '../analytics/analytics';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What the site keeps, and for how long (the privacy policy, "What data we process, why, and for how long", says
 * the same, period by period). The daily job (netlify/functions/scheduled-retention.ts, `npm run retention` locally) deletes
 * what has passed its period: each step is one `DELETE … WHERE` on an indexed time (a record's rows in other tables
 * go with it, ON DELETE CASCADE), bounded per run; video calls are deleted at Tavus first.
 */
export const RETENTION = {
  /**
   * Contact messages (form, chat and WhatsApp leads) from receipt, chat and WhatsApp conversations from their last
   * message, video calls from their start.
   */
  recordsMonths: 12,
  /** Sign-in attempts: the 15-minute window plus the 15-minute lock it may start. */
  attemptsMs: WINDOW_MS + LOCK_MS,
  /** Sessions: 8 hours at most, 30 minutes unused. */
  sessionMs: SESSION_TTL_SECONDS * 1000,
  sessionIdleMs: SESSION_IDLE_SECONDS * 1000,
  /**
   * A video call Tavus never reported (no transcript, no end) is kept until its callback address has expired (at most
   * a day after its longest possible end, one hour), so two days; calls up to a week older are looked at again.
   */
  unconfirmedCallMs: 2 * DAY_MS,
  unconfirmedLookBackMs: 9 * DAY_MS,
  /** When Tavus refuses a deletion the call is kept here so the next run asks again, but never more than 30 days. */
  tavusGraceMs: 30 * DAY_MS,
  /** The most records of one kind, and sign-in attempts, one run deletes (the rest: the next run). */
  maxRecordsPerRun: 5_000,
  maxAttemptsPerRun: 50_000,
  /** Newsletter sign-ups never confirmed: removed this many days after they were made. */
  pendingSubscriberDays: PENDING_DAYS,
} as const;

export interface RetentionReport {
  ranAt: string;
  /** Records dated before this were deleted (12 months before the run). */
  recordsBefore: string;
  contactMessages: number;
  chatConversations: number;
  /** WhatsApp conversations (a person's messages and the replies), by their last message. */
  whatsappConversations: number;
  videoCalls: number;
  /** Calls Tavus never reported, deleted once their callback address expired. */
  unconfirmedVideoCalls: number;
  /** Calls kept for another try because Tavus refused to delete them. */
  tavusRefused: number;
  sessions: number;
  signInAttempts: number;
  quotaSlots: number;
  /** Newsletter sign-ups never confirmed within their 30 days. */
  pendingSubscribers: number;
  /** Analytics (docs/product.md, "Analytics"): days rolled up, raw events and goals past 90 days, salts once their day is over (within 48 hours of their making). */
  analyticsDaysRolledUp: number;
  analyticsEvents: number;
  analyticsSalts: number;
  /** True when a step stopped at its per-run bound: the next run goes on. */
  more: boolean;
}

/** The moment `months` calendar months before `now` (UTC). */
export function monthsBefore(now: Date, months: number): Date {
  const then = new Date(now.getTime());
  then.setUTCMonth(then.getUTCMonth() - months);
  return then;
}

/**
 * Deletes calls at Tavus, then here (one statement); answers how many were deleted and how many Tavus refused. A
 * refused call is kept here, so the next run asks Tavus again, unless it started before `forceBefore`: then it goes
 * here anyway.
 */
async function deleteCalls(
  calls: Array<{ id: string; started: string }>,
  forceBefore: number,
): Promise<{ deleted: number; refused: number }> {
  const gone: string[] = [];
  let refused = 0;
  for (const call of calls) {
    try {
      await deleteTavusConversation(call.id);
    } catch (error) {
      console.error('Retention: Tavus did not delete a call', call.id, error);
      if (Date.parse(call.started) >= forceBefore) {
        refused += 1;
        continue;
      }
    }
    gone.push(call.id);
  }
  return { deleted: await deleteVideoCalls(gone), refused };
}

/** Deletes everything past its period (see RETENTION); answers what it deleted, in counts only. */
export async function runRetention(now: Date = new Date()): Promise<RetentionReport> {
  const at = now.getTime();
  const before = monthsBefore(now, RETENTION.recordsMonths);
  const max = RETENTION.maxRecordsPerRun;
  // First, so that no step failing after it keeps a visitor-hash salt past its day.
  const analyticsSalts = await expireSalts(now);

  const contactMessages = await deleteContactMessagesBefore(before, max);
  // By their last message: a conversation still going on at the cutoff is kept with all of it.
  const chatConversations = await deleteChatSessionsBefore(before, max);
  const whatsappConversations = await deleteWhatsAppConversationsBefore(before, max);
  const old = await videoCallIdsStartedBetween(new Date(0), before, max);
  const oldCalls = await deleteCalls(old, before.getTime() - RETENTION.tavusGraceMs);
  const recent = await videoCallIdsStartedBetween(
    new Date(Math.max(before.getTime(), at - RETENTION.unconfirmedLookBackMs)),
    new Date(at - RETENTION.unconfirmedCallMs),
    max,
    { unreportedOnly: true },
  );
  const unconfirmed = await deleteCalls(recent, 0);

  const sessions = await deleteEndedSessions(at, RETENTION.sessionMs, RETENTION.sessionIdleMs);
  const attempts = await deleteAttemptsBefore(at - RETENTION.attemptsMs, RETENTION.maxAttemptsPerRun);
  const quotaSlots = await deleteQuotaDaysBefore(utcDay(now));
  const pendingSubscribers = await deleteExpiredPending(now);
  const analytics = await expireAnalytics(now, RETENTION.maxAttemptsPerRun);
  return {
    ranAt: now.toISOString(),
    recordsBefore: before.toISOString(),
    contactMessages,
    chatConversations,
    whatsappConversations,
    videoCalls: oldCalls.deleted,
    unconfirmedVideoCalls: unconfirmed.deleted,
    tavusRefused: oldCalls.refused + unconfirmed.refused,
    sessions,
    signInAttempts: attempts.deleted,
    quotaSlots,
    pendingSubscribers,
    analyticsDaysRolledUp: analytics.rolled,
    analyticsEvents: analytics.events,
    analyticsSalts,
    more:
      contactMessages >= max ||
      chatConversations >= max ||
      whatsappConversations >= max ||
      old.length >= max ||
      recent.length >= max ||
      attempts.more ||
      analytics.events >= 4 * RETENTION.maxAttemptsPerRun,
  };
}
