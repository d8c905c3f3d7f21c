import { describe, expect, it } from 'vitest';
import { dayProblem, daysFromHours, hoursFromDays, nextRange } from '../../src/components/admin/tabs/meeting-hours';

/** "My hours" in the dashboard's Meetings tab (issue 25): several ranges a weekday, saved as they were loaded. */
describe('My hours: the form and the saved ranges', () => {
  const saved = [
    { weekday: 1, startMinute: 540, endMinute: 780 },
    { weekday: 1, startMinute: 900, endMinute: 1080 },
    { weekday: 3, startMinute: 0, endMinute: 1440 },
  ];

  it('shows every range of a weekday and saves them back unchanged (midnight at the end too)', () => {
    const days = daysFromHours(saved);
    expect(days[0]).toEqual({
      on: true,
      ranges: [
        { from: '09:00', until: '13:00' },
        { from: '15:00', until: '18:00' },
      ],
    });
    expect(days[2]).toEqual({ on: true, ranges: [{ from: '00:00', until: '00:00' }] });
    expect(days[1]).toEqual({ on: false, ranges: [{ from: '09:00', until: '17:00' }] });
    expect(hoursFromDays(days)).toEqual(saved);
  });

  it('adds the hour after the last range, and names a range that ends too soon or overlaps', () => {
    const [monday] = daysFromHours(saved);
    const added = nextRange(monday!.ranges);
    expect(added).toEqual({ from: '18:00', until: '19:00' });
    expect(dayProblem({ on: true, ranges: [...monday!.ranges, added] })).toBeNull();
    expect(dayProblem({ on: true, ranges: [...monday!.ranges, { from: '12:00', until: '14:00' }] })).toBe('overlap');
    expect(dayProblem({ on: true, ranges: [{ from: '12:00', until: '11:00' }] })).toBe('range');
    expect(dayProblem({ on: false, ranges: [{ from: '12:00', until: '11:00' }] })).toBeNull();
  });
});
