import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overview } from '../../src/lib/overview';
import { RETENTION, runRetention } from '../../src/lib/retention';
import { countWeek, markEvent, statsStore } from '../../src/lib/stores/week-markers';
import { useTestEnv } from '../helpers/admin';
import { startLocalBlobs, type LocalBlobs } from '../helpers/blobs';

// Stores of this file's own (DATA_SCOPE): the retention job runs over whole stores, so no other file's data is in
// its way, and it deletes none of theirs.
let blobs: LocalBlobs;
beforeAll(async () => {
  blobs = await startLocalBlobs();
  process.env['DATA_SCOPE'] = 'retention-weeks';
  useTestEnv();
});
afterAll(async () => {
  delete process.env['DATA_SCOPE'];
  await blobs.stop();
});

const DAY = 86_400_000;
// A Tuesday: ISO week 2026-W48 (Monday 23 November 2026).
const NOW = new Date('2026-11-24T12:00:00Z');
const weeksAgo = (weeks: number) => NOW.getTime() - weeks * 7 * DAY;

describe('the retention job and the overview week markers', () => {
  it('deletes the markers of weeks older than the 13 it keeps, and none the overview shows', async () => {
    const events: Array<[weeks: number, count: number]> = [
      [0, 2], // this week
      [11, 3], // the oldest week the overview shows (2026-W37)
      [12, 1], // the spare week kept (2026-W36)
      [13, 4], // 2026-W35: deleted
      [30, 2], // 2026-W18: deleted
      [60, 5], // 2025-W42: deleted
    ];
    for (const [weeks, count] of events)
      for (let i = 0; i < count; i += 1)
        await markEvent(i % 2 ? 'chats' : 'messages', `w${weeks}-${i}`, weeksAgo(weeks));
    // The stats store's other keys are not markers, and stay.
    await statsStore().set('backfill-note', '');
    const shown = await overview(NOW);
    expect(shown.weeks.map((week) => week.week)).toHaveLength(12);
    expect(RETENTION.overviewWeeksKept).toBe(13);

    const report = await runRetention(NOW);
    expect(report.weekMarkers).toBe(4 + 2 + 5);
    expect(report.more).toBe(false);
    const total = async (week: string) => Object.values(await countWeek(week)).reduce((a, b) => a + b, 0);
    expect(await total('2026-W48')).toBe(2);
    expect(await total('2026-W37')).toBe(3);
    expect(await total('2026-W36')).toBe(1);
    for (const week of ['2026-W35', '2026-W18', '2025-W42']) expect(await total(week), week).toBe(0);
    expect(await statsStore().get('backfill-note')).toBe('');
    // The overview is unchanged by it.
    expect(await overview(NOW)).toEqual(shown);
    // Run again: nothing more to delete.
    expect((await runRetention(NOW)).weekMarkers).toBe(0);
  });
});
