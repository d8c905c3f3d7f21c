import type { WeeklyRange } from '../../../features/meetings/schema';

/**
 * "My hours" as the Meetings tab edits them (docs/product.md, "Meetings"): per ISO weekday, whether the partner is
 * available and any number of ranges, each as two "HH:MM" strings (what time inputs hold). A range that ends at
 * midnight (minute 1440) shows as "00:00" and is saved as 1440 again: saving the form keeps the stored hours intact.
 */
export interface HoursRange {
  from: string;
  until: string;
}

export interface DayHours {
  on: boolean;
  ranges: HoursRange[];
}

/** ISO weekdays, Monday first: the form's rows. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The range a day's first range, or a range added, starts as. */
export const NEW_RANGE: HoursRange = { from: '09:00', until: '17:00' };

const DAY_MINUTES = 24 * 60;

/** "HH:MM" of a minute of the day (1440, midnight at the end, is "00:00"). */
export function clockTime(minute: number): string {
  const of = minute % DAY_MINUTES;
  return `${String(Math.floor(of / 60)).padStart(2, '0')}:${String(of % 60).padStart(2, '0')}`;
}

function minuteOf(value: string): number {
  const [hours, mins] = value.split(':').map(Number);
  return (hours ?? 0) * 60 + (mins ?? 0);
}

/** A range's minutes: an end of "00:00" is midnight at the end of the day (1440). */
export function rangeMinutes(range: HoursRange): { startMinute: number; endMinute: number } {
  const endMinute = minuteOf(range.until);
  return { startMinute: minuteOf(range.from), endMinute: endMinute === 0 ? DAY_MINUTES : endMinute };
}

/** The range an "Add hours" button appends: the hour after the day's last range, or NEW_RANGE. */
export function nextRange(ranges: readonly HoursRange[]): HoursRange {
  const last = ranges.at(-1);
  if (!last) return { ...NEW_RANGE };
  const start = rangeMinutes(last).endMinute;
  if (start >= DAY_MINUTES) return { ...NEW_RANGE };
  return { from: clockTime(start), until: clockTime(Math.min(DAY_MINUTES, start + 60)) };
}

/** The form's days from the saved ranges, each weekday's ranges in order. */
export function daysFromHours(hours: readonly WeeklyRange[]): DayHours[] {
  return WEEKDAYS.map((weekday) => {
    const ranges = hours
      .filter((range) => range.weekday === weekday)
      .sort((a, b) => a.startMinute - b.startMinute)
      .map((range) => ({ from: clockTime(range.startMinute), until: clockTime(range.endMinute) }));
    return ranges.length ? { on: true, ranges } : { on: false, ranges: [{ ...NEW_RANGE }] };
  });
}

/** The ranges to save: every range of each day that is on. */
export function hoursFromDays(days: readonly DayHours[]): WeeklyRange[] {
  return days.flatMap((day, index) =>
    day.on ? day.ranges.map((range) => ({ weekday: index + 1, ...rangeMinutes(range) })) : [],
  );
}

/** What is wrong with a day that is on: a range that does not end after it starts, or two that overlap. */
export function dayProblem(day: DayHours): 'range' | 'overlap' | null {
  if (!day.on) return null;
  const ranges = day.ranges.map(rangeMinutes);
  if (ranges.some((range) => range.endMinute <= range.startMinute)) return 'range';
  const sorted = [...ranges].sort((a, b) => a.startMinute - b.startMinute);
  return sorted.some((range, i) => i > 0 && range.startMinute < sorted[i - 1]!.endMinute) ? 'overlap' : null;
}
