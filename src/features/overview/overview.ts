import { visitorsPerDay } from '../analytics/store';
import { firmDay } from '../../platform/time-zone';
import { conversationsStartedPerWeek } from '../conversations/store';
import { OVERVIEW_KINDS, type Overview, type OverviewKindName } from './schema';
import { countContactMessagesByWeek } from '../leads/messages-store';
import { confirmationsPerWeek } from '../newsletter/subscribers-store';
import { isoWeek, weekStart } from '../../platform/weeks';

/** Weeks the overview shows, this one included. */
export const OVERVIEW_WEEKS = 12;
const WEEK_MS = 7 * 86_400_000;

/**
 * The overview (GET /api/overview): each of the last 12 weeks (ISO weeks, Monday first, UTC; oldest first, the
 * current week last) with its count of each kind: contact messages (chat leads apart), chat conversations and video
 * calls by their start, newsletter confirmations, and the site's visitors (each firm day in its week). Five grouped counts on indexed times, whatever the number of records.
 */
export async function overview(now: Date = new Date()): Promise<Overview> {
  const current = weekStart(now.getTime());
  const starts = Array.from({ length: OVERVIEW_WEEKS }, (_, i) => current - (OVERVIEW_WEEKS - 1 - i) * WEEK_MS);
  const from = new Date(starts[0] as number);
  const before = new Date(current + WEEK_MS);
  const [messages, chats, calls, subscribers, visitors] = await Promise.all([
    countContactMessagesByWeek(from),
    conversationsStartedPerWeek('chat', from, before),
    conversationsStartedPerWeek('video', from, before),
    confirmationsPerWeek(from, before),
    // The site's visitors (src/features/analytics), per firm day: each day goes to the week it starts in.
    visitorsPerDay(firmDay(from), firmDay(now)),
  ]);
  const counts = new Map<string, Record<OverviewKindName, number>>(
    starts.map((start) => [
      new Date(start).toISOString().slice(0, 10),
      { messages: 0, leads: 0, chats: 0, videoCalls: 0, subscribers: 0, visitors: 0 },
    ]),
  );
  for (const row of messages) {
    const week = counts.get(row.week);
    if (week) week[row.source === 'chat' ? 'leads' : 'messages'] += row.count;
  }
  for (const row of chats) {
    const week = counts.get(row.week);
    if (week) week.chats += row.count;
  }
  for (const row of calls) {
    const week = counts.get(row.week);
    if (week) week.videoCalls += row.count;
  }
  for (const [day, count] of visitors) {
    const week = counts.get(new Date(weekStart(Date.parse(`${day}T00:00:00Z`))).toISOString().slice(0, 10));
    if (week) week.visitors += count;
  }
  for (const [start, count] of Object.entries(subscribers)) {
    const week = counts.get(start);
    if (week) week.subscribers += count;
  }
  return {
    kinds: [...OVERVIEW_KINDS],
    weeks: [...counts].map(([start, weekCounts]) => ({
      week: isoWeek(Date.parse(start)),
      start,
      counts: weekCounts,
    })),
  };
}
