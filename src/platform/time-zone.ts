/**
 * The firm's time zone: its days (analytics, CSV dates, partners' hours) are Madrid's, summer time included. The one
 * place it is named; the other modules import it from here.
 */
export const FIRM_TIME_ZONE = 'Europe/Madrid';

const DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: FIRM_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The firm's calendar day of a moment, `YYYY-MM-DD` (23:30 UTC on 7 December is 8 December in Madrid in winter). */
export function firmDay(moment: Date | number): string {
  return DAY.format(moment);
}

/** A `YYYY-MM-DD` day moved by whole days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`): 0 for the same day. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The moment a firm's day starts (midnight in Madrid), as a Date: what a query over `[day, next day)` compares with. */
export function firmDayStart(day: string): Date {
  // Madrid is UTC+1 or UTC+2: try both offsets and keep the one whose Madrid day is `day` at midnight.
  for (const offset of [1, 2]) {
    const candidate = new Date(Date.parse(`${day}T00:00:00Z`) - offset * 3_600_000);
    if (firmDay(candidate) === day && firmDay(candidate.getTime() - 1) !== day) return candidate;
  }
  return new Date(Date.parse(`${day}T00:00:00Z`) - 3_600_000);
}
