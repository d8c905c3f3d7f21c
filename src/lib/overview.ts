import { blobsServer, storeName } from './blobs';
import { chatConversationsStartedBetween, videoCallsStartedBetween } from './conversations/logs';
import type { Overview } from './schemas/overview';
import { contactMessageIdsBetween, getContactMessage } from './stores/contact-messages';
import { ensureFeed, inBatches } from './stores/feed';
import { eachSubscriber } from './stores/newsletter';
import { OVERVIEW_KINDS, countWeek, isoWeek, markEvent, statsStore, weekStart } from './stores/week-markers';

/** Weeks the overview shows, this one included. */
export const OVERVIEW_WEEKS = 12;
const WEEK_MS = 7 * 86_400_000;
/** Records a one-time backfill reads per kind at most (the 12 weeks before the markers existed). */
const BACKFILL_MAX = 20_000;

/**
 * Markers for the records of the last 12 weeks stored before markers existed: written once per store, ever (the
 * marker `meta/feed-v1` of the stats store, as the feeds do); afterwards the overview never reads records.
 */
async function backfill(now: number): Promise<void> {
  const from = weekStart(now) - (OVERVIEW_WEEKS - 1) * WEEK_MS;
  const { ids } = await contactMessageIdsBetween(from, now + 1, BACKFILL_MAX);
  await inBatches(ids, 20, async (id) => {
    const message = await getContactMessage(id);
    if (message) await markEvent(message.source === 'chat' ? 'leads' : 'messages', message.id, message.createdAt);
  });
  const chats = await chatConversationsStartedBetween(from, now + 1, BACKFILL_MAX);
  await inBatches(chats.items, 20, (chat) => markEvent('chats', chat.sessionId, chat.conversationStarted));
  const calls = await videoCallsStartedBetween(from, now + 1, BACKFILL_MAX);
  await inBatches(calls.items, 20, (call) => markEvent('videoCalls', call.sessionId, call.conversationStarted));
  for await (const page of eachSubscriber()) {
    await inBatches(page, 20, async (subscriber) => {
      const confirmed =
        subscriber.confirmedAt ?? (subscriber.status === 'confirmed' ? subscriber.registrationDate : null);
      if (confirmed && Date.parse(confirmed) >= from) await markEvent('subscribers', subscriber.id, confirmed);
    });
  }
}

/**
 * The overview (GET /api/overview): each of the last 12 weeks (ISO weeks, Monday first, UTC; oldest first, the
 * current week last) with its count of each kind. Costs 12 lists (one per week, in parallel) and one marker read per
 * function instance, whatever the number of records.
 */
export async function overview(now: Date = new Date()): Promise<Overview> {
  const ms = now.getTime();
  await ensureFeed(statsStore(), `${storeName('stats')}|${blobsServer().instance}`, () => backfill(ms));
  const current = weekStart(ms);
  const starts = Array.from({ length: OVERVIEW_WEEKS }, (_, i) => current - (OVERVIEW_WEEKS - 1 - i) * WEEK_MS);
  const weeks = await Promise.all(
    starts.map(async (start) => {
      const week = isoWeek(start);
      return { week, start: new Date(start).toISOString().slice(0, 10), counts: await countWeek(week) };
    }),
  );
  return { kinds: [...OVERVIEW_KINDS], weeks };
}
