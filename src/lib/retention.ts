import { LOCK_MS, WINDOW_MS } from './auth/login-throttle';
import { SESSION_IDLE_SECONDS, SESSION_TTL_SECONDS } from './auth/session';
import {
  chatConversationsStartedBetween,
  deleteChatSession,
  deleteVideoCall,
  videoCallsStartedBetween,
} from './conversations/logs';
import { OVERVIEW_WEEKS } from './overview';
import type { VideoConversation } from './schemas/conversation';
import { contactMessageIdsBetween, deleteContactMessage } from './stores/contact-messages';
import { deletePastQuotaDays, utcDay } from './stores/daily-quota';
import { deleteAttemptsBefore } from './stores/login-attempts';
import { deleteExpiredPending, PENDING_DAYS } from './stores/newsletter';
import { deleteEndedSessions } from './stores/sessions';
import { deleteWeeksBefore, isoWeek, weekStart } from './stores/week-markers';
import { deleteTavusConversation } from './video/tavus';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What the site keeps, and for how long (the privacy policy, "What data we process, why, and for how long", says
 * the same, period by period). The daily job (netlify/functions/retention.ts, `npm run retention` locally) deletes
 * what has passed its period. Each step finds what to delete by key (the feeds' dated folders, time-sorted ids, day
 * folders), never by reading every record, and does at most a bounded amount of work per run.
 */
export const RETENTION = {
  /** Contact messages (form and chat leads) from receipt, chat conversations from their last message, video calls from their start. */
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
  /** The most records of one kind one run deletes, and sign-in attempt keys it looks at (the rest: the next run). */
  maxRecordsPerRun: 5_000,
  maxAttemptKeysPerRun: 50_000,
  /** Newsletter sign-ups never confirmed: removed this many days after they were made. */
  pendingSubscriberDays: PENDING_DAYS,
  /**
   * The overview's week markers (counts by record id, no personal data): the weeks the overview shows (this one and
   * the 11 before) and one more, so a dashboard opened just before Monday 00:00 UTC still finds its oldest week.
   */
  overviewWeeksKept: OVERVIEW_WEEKS + 1,
  maxMarkersPerRun: 50_000,
} as const;

export interface RetentionReport {
  ranAt: string;
  /** Records dated before this were deleted (12 months before the run). */
  recordsBefore: string;
  contactMessages: number;
  chatConversations: number;
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
  /** Overview week markers of weeks older than RETENTION.overviewWeeksKept. */
  weekMarkers: number;
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
 * Deletes calls here and at Tavus; answers how many were deleted and how many Tavus refused. A refused call is kept
 * here, so the next run asks Tavus again, unless it started before `forceBefore`: then it goes here anyway.
 */
async function deleteCalls(
  calls: VideoConversation[],
  forceBefore: number,
): Promise<{ deleted: number; refused: number }> {
  let deleted = 0;
  let refused = 0;
  for (const call of calls) {
    try {
      await deleteTavusConversation(call.sessionId);
    } catch (error) {
      console.error('Retention: Tavus did not delete a call', call.sessionId, error);
      if (Date.parse(call.conversationStarted) >= forceBefore) {
        refused += 1;
        continue;
      }
    }
    if (await deleteVideoCall(call.sessionId)) deleted += 1;
  }
  return { deleted, refused };
}

/** Deletes everything past its period (see RETENTION); answers what it deleted, in counts only. */
export async function runRetention(now: Date = new Date()): Promise<RetentionReport> {
  const at = now.getTime();
  const before = monthsBefore(now, RETENTION.recordsMonths).getTime();
  const max = RETENTION.maxRecordsPerRun;

  const messages = await contactMessageIdsBetween(0, before, max);
  let contactMessages = 0;
  for (const id of messages.ids) if (await deleteContactMessage(id)) contactMessages += 1;

  // Started before the cutoff; deleted once the last message is too (a session is rarely longer than a visit).
  const chats = await chatConversationsStartedBetween(0, before, max);
  let chatConversations = 0;
  for (const chat of chats.items) {
    if (Date.parse(chat.lastActivity) < before && (await deleteChatSession(chat.sessionId))) chatConversations += 1;
  }

  const old = await videoCallsStartedBetween(0, before, max);
  const oldCalls = await deleteCalls(old.items, before - RETENTION.tavusGraceMs);
  const recent = await videoCallsStartedBetween(
    Math.max(before, at - RETENTION.unconfirmedLookBackMs),
    at - RETENTION.unconfirmedCallMs,
    max,
  );
  const unconfirmed = await deleteCalls(
    recent.items.filter((call) => call.transcript.length === 0 && call.conversationEnded === null),
    0,
  );

  const sessions = await deleteEndedSessions(at, RETENTION.sessionMs, RETENTION.sessionIdleMs);
  const attempts = await deleteAttemptsBefore(at - RETENTION.attemptsMs, RETENTION.maxAttemptKeysPerRun);
  const quotaSlots = await deletePastQuotaDays('quotas', utcDay(now));
  const pendingSubscribers = await deleteExpiredPending(now);
  const oldestWeek = isoWeek(weekStart(at) - (RETENTION.overviewWeeksKept - 1) * 7 * DAY_MS);
  const markers = await deleteWeeksBefore(oldestWeek, RETENTION.maxMarkersPerRun);
  return {
    ranAt: now.toISOString(),
    recordsBefore: new Date(before).toISOString(),
    contactMessages,
    chatConversations,
    videoCalls: oldCalls.deleted,
    unconfirmedVideoCalls: unconfirmed.deleted,
    tavusRefused: oldCalls.refused + unconfirmed.refused,
    sessions,
    signInAttempts: attempts.deleted,
    quotaSlots,
    pendingSubscribers,
    weekMarkers: markers.deleted,
    more: messages.more || chats.more || old.more || recent.more || attempts.more || markers.more,
  };
}
