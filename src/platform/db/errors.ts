/** The Postgres error codes (SQLSTATE) the features act on. */
export const SQLSTATE = {
  /** A unique constraint refused the row (a slot already booked). */
  uniqueViolation: '23505',
  /** Two transactions waited on each other; Postgres rolled one back. */
  deadlock: '40P01',
} as const;

/**
 * Whether a database error has this SQLSTATE, as node-postgres throws it or Drizzle's wrapper does (the driver's error
 * as its `cause`, at any depth).
 */
export function hasSqlState(error: unknown, code: (typeof SQLSTATE)[keyof typeof SQLSTATE]): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === code) return true;
  }
  return false;
}
