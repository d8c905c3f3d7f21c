import type { Store } from '@netlify/blobs';
import { feedKey, parseFeedKey, settledKeys } from './feed';

async function folders(store: Store, prefix: string): Promise<string[]> {
  const { directories } = await store.list({ prefix, directories: true });
  return directories.map((name) => name.replace(/\/$/, '')).sort();
}

/**
 * The records of a newest-first feed (src/lib/stores/feed.ts) made in `[from, before)`, oldest first, as `{ms, tag}`:
 * what the retention job deletes. Only the month and day folders of that range are opened (the folder names say
 * their dates), so the cost grows with the records in the range, never with the feed: one list of the months, one of
 * the days of each month in range, one settled list per day. At most `max` are answered; `more` says there are more.
 */
export async function feedRange(
  store: Store,
  area: string,
  from: number,
  before: number,
  max: number,
): Promise<{ records: Array<{ ms: number; tag: string }>; more: boolean }> {
  // Folder names are inverted dates: the newest month and day sort first.
  const [, lastMonth, lastDay] = feedKey(area, before, 'x').split('/');
  const [, firstMonth, firstDay] = feedKey(area, Math.max(0, from), 'x').split('/');
  const inMonths = (name: string) => name >= `${area}/${lastMonth}` && name <= `${area}/${firstMonth}`;
  const records: Array<{ ms: number; tag: string }> = [];
  const months = (await folders(store, `${area}/`)).filter(inMonths).reverse();
  for (const month of months) {
    const days = (await folders(store, `${month}/`))
      .filter((day) => day >= `${area}/${lastMonth}/${lastDay}` || !day.startsWith(`${area}/${lastMonth}/`))
      .filter((day) => day <= `${area}/${firstMonth}/${firstDay}` || !day.startsWith(`${area}/${firstMonth}/`))
      .reverse();
    for (const day of days) {
      const inDay = (await settledKeys(store, `${day}/`))
        .map((key) => parseFeedKey(key))
        .filter((pointer): pointer is { ms: number; tag: string } => pointer !== null)
        .filter((pointer) => pointer.ms >= from && pointer.ms < before)
        .reverse();
      for (const pointer of inDay) {
        if (records.length === max) return { records, more: true };
        records.push(pointer);
      }
    }
  }
  return { records, more: false };
}
