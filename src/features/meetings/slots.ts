import { DateTime } from 'luxon';
import { MAX_DAYS, MEETINGS_TIME_ZONE, SLOT_MINUTES, type Slot, type WeeklyRange } from './schema';

/**
 * The slot arithmetic (docs/product.md, "Meetings"), pure: no database, no clock of its own. A partner's weekly hours
 * are Madrid wall time; each day's ranges are cut into SLOT_MINUTES slots, each placed on the time line by the IANA
 * rules of Europe/Madrid (luxon, over the runtime's Intl data: docs/decisions/0049-meeting-slots-in-madrid-time-with-luxon.md).
 * On the last Sunday of March the wall times from 02:00 to 02:59 do not exist: a slot there is not offered (never
 * moved onto the next hour, which would duplicate it). On the last Sunday of October 02:00 to 02:59 happens twice: the
 * slot is offered once, at the first. Every slot lasts SLOT_MINUTES of real time.
 */

/** What one partner offers, as the store reads it. */
export interface Availability {
  partnerId: string;
  hours: readonly WeeklyRange[];
  /** Madrid dates (`YYYY-MM-DD`) with no slots. */
  daysOff: readonly string[];
  noticeMinutes: number;
  bufferMinutes: number;
  /** The partner's confirmed meetings (ISO times). */
  busy: readonly { start: string; end: string }[];
}

const MINUTE = 60_000;

/**
 * A wall time on a Madrid date as epoch milliseconds, or null where the clocks skip it (the spring change). On a day
 * whose offset does not change (all but two a year) that is the wall time less the day's offset; on a day it changes,
 * luxon places each time by the zone's rules.
 */
function madridMoment(day: DateTime, minute: number, steadyOffset: number | null): number | null {
  if (steadyOffset !== null) return Date.UTC(day.year, day.month - 1, day.day, 0, minute) - steadyOffset * MINUTE;
  const hour = Math.floor(minute / 60);
  const minuteOfHour = minute % 60;
  const moment = day.set({ hour, minute: minuteOfHour, second: 0, millisecond: 0 });
  // luxon moves a wall time that does not exist forward by the gap: that is not the time the partner set.
  return moment.hour === hour && moment.minute === minuteOfHour ? moment.toMillis() : null;
}

/** A Madrid date as the slots need it: its start, ISO date, ISO weekday, and its offset when it has one all day. */
export interface MadridDay {
  day: DateTime;
  iso: string;
  weekday: number;
  /** Minutes east of UTC all day long; null on the two days a year the clocks change. */
  steadyOffset: number | null;
}

/** The Madrid dates from `first`'s to `last`'s (the zone's rules read once per date, for every partner). */
export function madridDays(first: DateTime, last: DateTime): MadridDay[] {
  const days: MadridDay[] = [];
  for (let day = first.startOf('day'); day <= last; day = day.plus({ days: 1 }).startOf('day')) {
    const steadyOffset = day.offset === day.endOf('day').offset ? day.offset : null;
    days.push({ day, iso: day.toISODate() ?? '', weekday: day.weekday, steadyOffset });
  }
  return days;
}

/** Every slot the weekly hours give on these Madrid dates, days off left out, in time order. */
export function weeklySlots(availability: Availability, days: readonly MadridDay[]): Slot[] {
  const daysOff = new Set(availability.daysOff);
  const slots: Slot[] = [];
  for (const { day, iso, weekday, steadyOffset } of days) {
    if (daysOff.has(iso)) continue;
    const ranges = availability.hours
      .filter((range) => range.weekday === weekday)
      .toSorted((a, b) => a.startMinute - b.startMinute);
    const seen = new Set<number>();
    for (const range of ranges) {
      for (let minute = range.startMinute; minute + SLOT_MINUTES <= range.endMinute; minute += SLOT_MINUTES) {
        const startMs = madridMoment(day, minute, steadyOffset);
        if (startMs === null) continue;
        // Overlapping ranges of one day name a wall time once.
        if (seen.has(startMs)) continue;
        seen.add(startMs);
        slots.push({
          start: new Date(startMs).toISOString(),
          end: new Date(startMs + SLOT_MINUTES * MINUTE).toISOString(),
          partnerId: availability.partnerId,
        });
      }
    }
  }
  return slots;
}

/** A partner's meetings widened by the buffer on both sides, as [start, end) in milliseconds. */
function blocked(availability: Availability): Array<[number, number]> {
  const buffer = availability.bufferMinutes * MINUTE;
  return availability.busy.map((meeting) => [Date.parse(meeting.start) - buffer, Date.parse(meeting.end) + buffer]);
}

/**
 * The free slots of the next `days` days (1 to MAX_DAYS, counted from `now`): the partners' weekly hours in Madrid,
 * less their days off, less their meetings and the buffer around each, starting no earlier than now plus each
 * partner's minimum notice. Sorted by start, then partner.
 */
export function freeSlots(partners: readonly Availability[], now: Date, days: number = MAX_DAYS): Slot[] {
  const span = Math.min(Math.max(Math.trunc(days), 1), MAX_DAYS);
  const from = now.getTime();
  const until = from + span * 24 * 60 * MINUTE;
  const dates = madridDays(
    DateTime.fromMillis(from, { zone: MEETINGS_TIME_ZONE }),
    DateTime.fromMillis(until, { zone: MEETINGS_TIME_ZONE }),
  );
  const slots: Slot[] = [];
  for (const partner of partners) {
    const earliest = from + partner.noticeMinutes * MINUTE;
    const taken = blocked(partner);
    for (const slot of weeklySlots(partner, dates)) {
      const start = Date.parse(slot.start);
      const end = start + SLOT_MINUTES * MINUTE;
      if (start < earliest || start >= until) continue;
      if (taken.some(([from, to]) => start < to && end > from)) continue;
      slots.push(slot);
    }
  }
  // ISO UTC times of one format sort as text; plain comparison, not the locale's collation.
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return slots.sort((a, b) => order(a.start, b.start) || order(a.partnerId, b.partnerId));
}

/**
 * Whether a booking's start is one of the partner's slots (`none`: never offered, a time the hours do not give or
 * past the MAX_DAYS window), free now (`free`), or offered but no longer free (`taken`: booked, inside a buffer, or
 * past the notice).
 */
export function slotState(availability: Availability, start: Date, now: Date): 'free' | 'taken' | 'none' {
  const startMs = start.getTime();
  if (startMs >= now.getTime() + MAX_DAYS * 24 * 60 * MINUTE) return 'none';
  const at = DateTime.fromMillis(startMs, { zone: MEETINGS_TIME_ZONE });
  const iso = start.toISOString();
  if (!weeklySlots(availability, madridDays(at, at)).some((candidate) => candidate.start === iso)) return 'none';
  const endMs = startMs + SLOT_MINUTES * MINUTE;
  const tooSoon = startMs < now.getTime() + availability.noticeMinutes * MINUTE;
  const clash = blocked(availability).some(([from, to]) => startMs < to && endMs > from);
  return tooSoon || clash ? 'taken' : 'free';
}

/** A slot's Madrid wall time, for mails and logs: `2026-12-01 09:00`. */
export function madridWallTime(iso: string): string {
  return DateTime.fromISO(iso, { zone: MEETINGS_TIME_ZONE }).toFormat('yyyy-MM-dd HH:mm');
}
