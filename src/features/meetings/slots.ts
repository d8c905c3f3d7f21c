import { DateTime } from 'luxon';
import { MAX_DAYS, MEETINGS_TIME_ZONE, SLOT_MINUTES, type Slot, type WeeklyRange } from './schema';

/**
 * The slot arithmetic (docs/product.md, "Meetings"), pure: no database, no clock of its own. A partner's weekly hours
 * are Madrid wall time; each day's ranges are cut into SLOT_MINUTES slots, each placed on the time line by the IANA
 * rules of Europe/Madrid (luxon, over the runtime's Intl data: docs/decisions/0048-meeting-slots-in-madrid-time-with-luxon.md).
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

/** A wall time on a Madrid date, or null where the clocks skip it (the spring change). */
function madridMoment(day: DateTime, minute: number): DateTime | null {
  const hour = Math.floor(minute / 60);
  const minuteOfHour = minute % 60;
  const moment = day.set({ hour, minute: minuteOfHour, second: 0, millisecond: 0 });
  // luxon moves a wall time that does not exist forward by the gap: that is not the time the partner set.
  return moment.hour === hour && moment.minute === minuteOfHour ? moment : null;
}

/** Every slot the weekly hours give on the Madrid dates from `first` to `last`, days off left out, in time order. */
export function weeklySlots(availability: Availability, first: DateTime, last: DateTime): Slot[] {
  const daysOff = new Set(availability.daysOff);
  const slots: Slot[] = [];
  for (let day = first.startOf('day'); day <= last; day = day.plus({ days: 1 }).startOf('day')) {
    if (daysOff.has(day.toISODate() ?? '')) continue;
    const ranges = availability.hours
      .filter((range) => range.weekday === day.weekday)
      .toSorted((a, b) => a.startMinute - b.startMinute);
    const seen = new Set<number>();
    for (const range of ranges) {
      for (let minute = range.startMinute; minute + SLOT_MINUTES <= range.endMinute; minute += SLOT_MINUTES) {
        const start = madridMoment(day, minute);
        if (!start) continue;
        const startMs = start.toMillis();
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

/** Whether a slot overlaps a meeting widened by the buffer on both sides. */
function clashes(slot: Slot, busy: Availability['busy'], bufferMinutes: number): boolean {
  const start = Date.parse(slot.start);
  const end = Date.parse(slot.end);
  const buffer = bufferMinutes * MINUTE;
  return busy.some((meeting) => start < Date.parse(meeting.end) + buffer && end > Date.parse(meeting.start) - buffer);
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
  const first = DateTime.fromMillis(from, { zone: MEETINGS_TIME_ZONE });
  const last = DateTime.fromMillis(until, { zone: MEETINGS_TIME_ZONE });
  const slots: Slot[] = [];
  for (const partner of partners) {
    const earliest = from + partner.noticeMinutes * MINUTE;
    for (const slot of weeklySlots(partner, first, last)) {
      const start = Date.parse(slot.start);
      if (start < earliest || start >= until) continue;
      if (clashes(slot, partner.busy, partner.bufferMinutes)) continue;
      slots.push(slot);
    }
  }
  return slots.sort((a, b) => a.start.localeCompare(b.start) || a.partnerId.localeCompare(b.partnerId));
}

/**
 * Whether a booking's start is one of the partner's slots (`none`: never offered, a time the hours do not give or
 * past the MAX_DAYS window), free now (`free`), or offered but no longer free (`taken`: booked, inside a buffer, or
 * past the notice).
 */
export function slotState(availability: Availability, start: Date, now: Date): 'free' | 'taken' | 'none' {
  if (start.getTime() >= now.getTime() + MAX_DAYS * 24 * 60 * MINUTE) return 'none';
  const at = DateTime.fromMillis(start.getTime(), { zone: MEETINGS_TIME_ZONE });
  const iso = start.toISOString();
  const slot = weeklySlots(availability, at, at).find((candidate) => candidate.start === iso);
  if (!slot) return 'none';
  const free = freeSlots([availability], now, MAX_DAYS).some((candidate) => candidate.start === iso);
  return free ? 'free' : 'taken';
}

/** A slot's Madrid wall time, for mails and logs: `2026-12-01 09:00`. */
export function madridWallTime(iso: string): string {
  return DateTime.fromISO(iso, { zone: MEETINGS_TIME_ZONE }).toFormat('yyyy-MM-dd HH:mm');
}
