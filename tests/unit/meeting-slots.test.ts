import { describe, expect, it } from 'vitest';
import { freeSlots, slotState, type Availability } from '../../src/features/meetings/slots';

/** Monday to Friday, 9:00 to 17:00 Madrid time. */
const WEEKDAYS = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: 9 * 60, endMinute: 17 * 60 }));

function partner(overrides: Partial<Availability> = {}): Availability {
  return { partnerId: 'p1', hours: WEEKDAYS, daysOff: [], noticeMinutes: 0, bufferMinutes: 0, busy: [], ...overrides };
}

const starts = (slots: { start: string }[]) => slots.map((slot) => slot.start);
const onDay = (slots: { start: string }[], day: string) => starts(slots).filter((start) => start.startsWith(day));

function expectNoDuplicatesOrOverlaps(slots: { start: string; end: string; partnerId: string }[]) {
  expect(new Set(starts(slots)).size).toBe(slots.length);
  for (const [index, slot] of slots.entries()) {
    expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(30 * 60_000);
    const next = slots[index + 1];
    if (next && next.partnerId === slot.partnerId)
      expect(Date.parse(next.start)).toBeGreaterThanOrEqual(Date.parse(slot.end));
  }
}

describe('meeting slots (Madrid hours, UTC times)', () => {
  it('cuts Madrid hours into 30-minute slots in UTC: 9:00 to 17:00 in winter is 08:00Z to 16:00Z', () => {
    // Monday 7 December 2026, 01:00 in Madrid.
    const slots = freeSlots([partner()], new Date('2026-12-07T00:00:00Z'), 1);
    expect(starts(slots)).toEqual(
      Array.from({ length: 16 }, (_, i) => new Date(Date.UTC(2026, 11, 7, 8, 30 * i)).toISOString()),
    );
    expect(slots[0]).toEqual({ start: '2026-12-07T08:00:00.000Z', end: '2026-12-07T08:30:00.000Z', partnerId: 'p1' });
    expect(slots.at(-1)?.end).toBe('2026-12-07T16:00:00.000Z');
  });

  it('offers 14 days at most, and no weekend slot', () => {
    const slots = freeSlots([partner()], new Date('2026-12-07T00:00:00Z'), 30);
    expect(new Set(slots.map((slot) => slot.start.slice(0, 10))).size).toBe(10);
    expect(slots.at(-1)?.start).toBe('2026-12-18T15:30:00.000Z');
    expect(onDay(slots, '2026-12-12')).toEqual([]);
  });

  it('spring DST week (last Sunday of March 2027): 9:00 Madrid moves from 08:00Z to 07:00Z, 16 slots every day', () => {
    const slots = freeSlots([partner()], new Date('2027-03-22T00:00:00Z'), 14);
    expect(onDay(slots, '2027-03-26')[0]).toBe('2027-03-26T08:00:00.000Z');
    expect(onDay(slots, '2027-03-29')[0]).toBe('2027-03-29T07:00:00.000Z');
    expect(onDay(slots, '2027-03-29').at(-1)).toBe('2027-03-29T14:30:00.000Z');
    for (const day of ['2027-03-26', '2027-03-29', '2027-03-30']) expect(onDay(slots, day)).toHaveLength(16);
    expectNoDuplicatesOrOverlaps(slots);
  });

  it('autumn DST week (last Sunday of October 2027): 9:00 Madrid moves from 07:00Z to 08:00Z', () => {
    const slots = freeSlots([partner()], new Date('2027-10-25T00:00:00Z'), 14);
    expect(onDay(slots, '2027-10-29')[0]).toBe('2027-10-29T07:00:00.000Z');
    expect(onDay(slots, '2027-11-01')[0]).toBe('2027-11-01T08:00:00.000Z');
    for (const day of ['2027-10-29', '2027-11-01']) expect(onDay(slots, day)).toHaveLength(16);
    expectNoDuplicatesOrOverlaps(slots);
  });

  it('the night the clocks go forward: 2:00 to 2:59 does not exist, so no slot is shifted onto 3:00', () => {
    // Sunday 28 March 2027, hours from midnight to 6:00 Madrid time.
    const night = partner({ hours: [{ weekday: 7, startMinute: 0, endMinute: 6 * 60 }] });
    const slots = freeSlots([night], new Date('2027-03-27T00:00:00Z'), 2);
    expect(starts(slots)).toEqual([
      '2027-03-27T23:00:00.000Z', // 00:00 CET
      '2027-03-27T23:30:00.000Z',
      '2027-03-28T00:00:00.000Z',
      '2027-03-28T00:30:00.000Z', // 01:30 CET
      '2027-03-28T01:00:00.000Z', // 03:00 CEST
      '2027-03-28T01:30:00.000Z',
      '2027-03-28T02:00:00.000Z',
      '2027-03-28T02:30:00.000Z',
      '2027-03-28T03:00:00.000Z',
      '2027-03-28T03:30:00.000Z', // 05:30 CEST
    ]);
    expectNoDuplicatesOrOverlaps(slots);
    // Hours that end at 3:00: the missing 2:00 and 2:30 are not moved past the partner's hours.
    const short = partner({ hours: [{ weekday: 7, startMinute: 0, endMinute: 3 * 60 }] });
    expect(freeSlots([short], new Date('2027-03-27T00:00:00Z'), 2).at(-1)?.start).toBe('2027-03-28T00:30:00.000Z');
  });

  it('the night the clocks go back: 2:00 to 2:59 happens twice, and each slot is offered once', () => {
    // Sunday 31 October 2027, hours from midnight to 6:00 Madrid time.
    const night = partner({ hours: [{ weekday: 7, startMinute: 0, endMinute: 6 * 60 }] });
    const slots = freeSlots([night], new Date('2027-10-30T00:00:00Z'), 2);
    expect(slots).toHaveLength(12);
    expect(starts(slots)).toContain('2027-10-31T00:00:00.000Z'); // 02:00 CEST, the first 2:00
    expect(starts(slots)).not.toContain('2027-10-31T01:00:00.000Z'); // the second 2:00 (CET)
    expect(slots.at(-1)?.start).toBe('2027-10-31T04:30:00.000Z'); // 05:30 CET
    expectNoDuplicatesOrOverlaps(slots);
  });

  it('starts no earlier than now plus the minimum notice', () => {
    // Monday 7 December 2026, 09:10 in Madrid; 24 hours of notice: Tuesday from 09:30.
    const now = new Date('2026-12-07T08:10:00Z');
    const slots = freeSlots([partner({ noticeMinutes: 24 * 60 })], now, 3);
    expect(slots[0]?.start).toBe('2026-12-08T08:30:00.000Z');
    expect(onDay(slots, '2026-12-07')).toEqual([]);
    // No notice: the next slot today.
    expect(freeSlots([partner()], now, 1)[0]?.start).toBe('2026-12-07T08:30:00.000Z');
  });

  it('leaves out booked slots and the buffer on both sides of each meeting', () => {
    const busy = [{ start: '2026-12-07T09:00:00.000Z', end: '2026-12-07T09:30:00.000Z' }]; // 10:00 Madrid
    const now = new Date('2026-12-07T00:00:00Z');
    const none = onDay(freeSlots([partner({ busy })], now, 1), '2026-12-07');
    expect(none).not.toContain('2026-12-07T09:00:00.000Z');
    expect(none).toContain('2026-12-07T08:30:00.000Z');
    expect(none).toContain('2026-12-07T09:30:00.000Z');
    expect(none).toHaveLength(15);
    const buffered = onDay(freeSlots([partner({ busy, bufferMinutes: 15 })], now, 1), '2026-12-07');
    expect(buffered.slice(0, 2)).toEqual(['2026-12-07T08:00:00.000Z', '2026-12-07T10:00:00.000Z']);
    expect(buffered).toHaveLength(13);
  });

  it('leaves out days off (Madrid dates)', () => {
    const slots = freeSlots([partner({ daysOff: ['2026-12-08'] })], new Date('2026-12-07T00:00:00Z'), 3);
    expect(onDay(slots, '2026-12-08')).toEqual([]);
    expect(onDay(slots, '2026-12-09')).toHaveLength(16);
  });

  it('offers nothing for a partner without hours, and sorts several partners by time', () => {
    const now = new Date('2026-12-07T00:00:00Z');
    expect(freeSlots([partner({ hours: [] })], now, 14)).toEqual([]);
    const early = partner({ partnerId: 'p2', hours: [{ weekday: 1, startMinute: 8 * 60, endMinute: 9 * 60 + 30 }] });
    const slots = freeSlots([partner(), early], now, 1);
    expect(slots.slice(0, 4).map((slot) => [slot.start.slice(11, 16), slot.partnerId])).toEqual([
      ['07:00', 'p2'],
      ['07:30', 'p2'],
      ['08:00', 'p1'],
      ['08:00', 'p2'],
    ]);
  });

  it("tells a booking's start: free, taken (booked or too soon) or never offered", () => {
    const now = new Date('2026-12-07T00:00:00Z');
    const busy = [{ start: '2026-12-08T09:00:00.000Z', end: '2026-12-08T09:30:00.000Z' }];
    const availability = partner({ busy, noticeMinutes: 24 * 60 });
    expect(slotState(availability, new Date('2026-12-08T08:00:00Z'), now)).toBe('free');
    expect(slotState(availability, new Date('2026-12-08T09:00:00Z'), now)).toBe('taken');
    expect(slotState(availability, new Date('2026-12-07T09:00:00Z'), now)).toBe('taken');
    expect(slotState(availability, new Date('2026-12-08T08:10:00Z'), now)).toBe('none');
    expect(slotState(availability, new Date('2026-12-12T09:00:00Z'), now)).toBe('none');
    // A working Monday's slot, but beyond the 14 days ever offered.
    expect(slotState(availability, new Date('2026-12-21T08:00:00Z'), now)).toBe('none');
  });
});
