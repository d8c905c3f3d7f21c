/** ISO 8601 weeks (Monday first, UTC): the overview's columns and the weekly digest's key. */

/** The ISO week of a time: `2026-W48`. */
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
