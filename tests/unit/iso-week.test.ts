import { describe, expect, it } from 'vitest';
import { isoWeek } from '../../src/platform/weeks';

describe('isoWeek (the overview, the retention job and the weekly digest name weeks by it)', () => {
  it.each([
    ['2026-11-24T10:00:00Z', '2026-W48'],
    ['2026-11-23T00:00:00Z', '2026-W48'], // a Monday starts the week
    ['2026-11-22T23:59:59Z', '2026-W47'], // a Sunday ends the one before
    ['2020-12-31T12:00:00Z', '2020-W53'], // a year with 53 weeks
    ['2021-01-03T12:00:00Z', '2020-W53'], // January days in the last year's last week
    ['2021-01-04T00:00:00Z', '2021-W01'],
    ['2024-12-30T00:00:00Z', '2025-W01'], // December days in the next year's first week
  ])('%s is in %s', (at, week) => {
    expect(isoWeek(Date.parse(at))).toBe(week);
  });
});
