import { dataStore } from '../blobs';
import { listKeys } from './list-keys';

/**
 * The overview's counts (docs/architecture.md, "Overview"): one empty marker key per event, written as it happens,
 *
 *     weeks/{ISO week, e.g. 2026-W48}/{kind}/{record id}
 *
 * Append-only and idempotent (the record's id names it), so it holds on the local Blobs server, whose conditional
 * writes are not atomic: two racing writers of one event write the same key, and two events never share one. A week
 * is counted by listing its folder: 12 weeks cost 12 lists, however many records the stores hold.
 */
export const OVERVIEW_KINDS = ['messages', 'leads', 'chats', 'videoCalls', 'subscribers'] as const;
export type OverviewKind = (typeof OVERVIEW_KINDS)[number];

const PREFIX = 'weeks/';
const store = () => dataStore('stats');

/** The ISO 8601 week (Monday first, UTC) of a time: `2026-W48`. */
export function isoWeek(ms: number): string {
  const date = new Date(ms);
  const day = date.getUTCDay() || 7;
  // The Thursday of this week decides the year.
  const thursday = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 4 - day);
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - Date.UTC(year, 0, 1)) / (7 * 86_400_000)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The Monday (UTC midnight) starting the week of a time. */
export function weekStart(ms: number): number {
  const date = new Date(ms);
  const day = date.getUTCDay() || 7;
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - day + 1);
}

export function markerKey(kind: OverviewKind, id: string, ms: number): string {
  return `${PREFIX}${isoWeek(ms)}/${kind}/${id.replace(/[^\w.-]/g, '_')}`;
}

/**
 * Records an event for the overview. Never fails its caller: a lost marker only makes a chart one lower, and the
 * record itself is already stored.
 */
export async function markEvent(kind: OverviewKind, id: string, at: Date | string | number): Promise<void> {
  const ms = typeof at === 'number' ? at : new Date(at).getTime();
  if (!Number.isFinite(ms)) return;
  try {
    await store().set(markerKey(kind, id, ms), '');
  } catch (error) {
    console.error('The overview marker could not be written', error instanceof Error ? error.message : 'unknown');
  }
}

/** Each kind's events in one week: one list of its folder (one request per 1,000 markers). */
export async function countWeek(week: string): Promise<Record<OverviewKind, number>> {
  const counts = Object.fromEntries(OVERVIEW_KINDS.map((kind) => [kind, 0])) as Record<OverviewKind, number>;
  const { blobs } = await store().list({ prefix: `${PREFIX}${week}/` });
  for (const { key } of blobs) {
    const kind = key.split('/')[2] as OverviewKind;
    if (kind in counts) counts[kind] += 1;
  }
  return counts;
}

/**
 * Deletes the markers of the weeks before `oldestKept` (an ISO week, `2026-W36`; week names sort as text), at most
 * `max` keys a call, oldest weeks first. One list of the week folders, one list per old week. Answers how many it
 * deleted and whether old markers are left (the next call goes on).
 */
export async function deleteWeeksBefore(oldestKept: string, max: number): Promise<{ deleted: number; more: boolean }> {
  const { directories } = await store().list({ prefix: PREFIX, directories: true });
  const old = directories
    .map((directory) => directory.slice(PREFIX.length).replace(/\/$/, ''))
    .filter((week) => /^\d{4}-W\d{2}$/.test(week) && week < oldestKept)
    .sort();
  let deleted = 0;
  for (const week of old) {
    const keys = await listKeys(store(), `${PREFIX}${week}/`);
    for (let i = 0; i < keys.length; i += 50) {
      if (deleted >= max) return { deleted, more: true };
      const batch = keys.slice(i, Math.min(i + 50, i + max - deleted));
      await Promise.all(batch.map((key) => store().delete(key)));
      deleted += batch.length;
    }
  }
  return { deleted, more: false };
}

/** Whether the markers of records stored before them have been written (once per store, ever). */
export function statsStore() {
  return store();
}
