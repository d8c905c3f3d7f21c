import { and, asc, eq, or, sql } from 'drizzle-orm';
import { database } from '../db/client';
import { loginAttempts } from '../db/schema';

/**
 * Sign-in attempts, one row per attempt and counter (a hashed username-and-IP pair, a hashed IP, or a hashed
 * username), never a shared count that racing attempts could overwrite. Each attempt is inserted (and committed)
 * before it is counted, so of k racing attempts the last to count sees all k (src/lib/auth/login-throttle.ts).
 */
export interface AttemptCounter {
  kind: 'pair' | 'ip' | 'user';
  /** A hash: no username or IP is stored in the clear. */
  subject: string;
}

export interface RecordedAttempt {
  id: string;
  /** When the attempt was made (ms since the epoch). */
  at: number;
}

/** Records one attempt on each of its counters, in one statement. */
export async function recordAttempts(counters: readonly AttemptCounter[], id: string, at: number): Promise<void> {
  const when = new Date(at);
  await database()
    .insert(loginAttempts)
    .values(counters.map((counter) => ({ id, ...counter, at: when })));
}

export async function recordAttempt(counter: AttemptCounter, id: string, at: number): Promise<void> {
  await recordAttempts([counter], id, at);
}

/** Every attempt on the counter, oldest first. */
export async function listAttempts(counter: AttemptCounter): Promise<RecordedAttempt[]> {
  const rows = await database()
    .select({ id: loginAttempts.id, at: loginAttempts.at })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.kind, counter.kind), eq(loginAttempts.subject, counter.subject)))
    .orderBy(asc(loginAttempts.at), asc(loginAttempts.id));
  return rows.map((row) => ({ id: row.id, at: row.at.getTime() }));
}

/**
 * What the other attempts on an attempt's counters say, in one query: when the locking counters are locked until
 * (ms since the epoch, 0 for not locked) and how many failures the username's counter holds in the window.
 *
 * A locking counter (pair or ip) is locked when any `limit` of its other attempts fall within `windowMs` of each
 * other: until the last of them + `lockMs`. Only attempts since `now - windowMs - lockMs` can still matter.
 */
export async function countAttempts(
  id: string,
  now: number,
  locking: ReadonlyArray<{ counter: AttemptCounter; limit: number }>,
  user: AttemptCounter,
  settings: { windowMs: number; lockMs: number },
): Promise<{ lockedUntil: number; userFailures: number }> {
  const t = loginAttempts;
  const since = new Date(now - settings.windowMs - settings.lockMs);
  const windowStart = new Date(now - settings.windowMs);
  const window = sql`make_interval(secs => ${settings.windowMs / 1000})`;
  const lock = sql`make_interval(secs => ${settings.lockMs / 1000})`;
  // How many attempts back the one that opens a locking run is, per counter (lag's offset may differ per row).
  const back = sql.join(
    locking.map(({ counter, limit }) => sql`WHEN ${t.kind} = ${counter.kind} THEN ${limit - 1}::int`),
    sql` `,
  );
  const mine = or(...locking.map(({ counter }) => and(eq(t.kind, counter.kind), eq(t.subject, counter.subject))));
  const { rows } = await database().execute<{ locked_until: number | null; user_failures: number }>(sql`
    WITH others AS (
      SELECT ${t.at} AS at,
             lag(${t.at}, CASE ${back} END) OVER (PARTITION BY ${t.kind} ORDER BY ${t.at}, ${t.id}) AS first
        FROM ${t}
       WHERE ${t.id} <> ${id} AND ${t.at} >= ${since} AND (${mine})
    )
    SELECT (SELECT extract(epoch FROM max(at) + ${lock}) * 1000 FROM others WHERE at - first <= ${window})::float8
             AS locked_until,
           (SELECT count(*) FROM ${t}
             WHERE ${t.kind} = ${user.kind} AND ${t.subject} = ${user.subject}
               AND ${t.id} <> ${id} AND ${t.at} >= ${windowStart})::int AS user_failures
  `);
  const row = rows[0];
  return { lockedUntil: Number(row?.locked_until ?? 0), userFailures: Number(row?.user_failures ?? 0) };
}

/** Withdraws an attempt from every counter (a refused attempt counts for nothing). */
export async function withdrawAttempt(id: string): Promise<void> {
  await database().delete(loginAttempts).where(eq(loginAttempts.id, id));
}

/** After a good password: the pair's attempts all go, and on the other counters only this one. */
export async function clearAfterSuccess(id: string, pair: AttemptCounter): Promise<void> {
  await database()
    .delete(loginAttempts)
    .where(
      or(eq(loginAttempts.id, id), and(eq(loginAttempts.kind, pair.kind), eq(loginAttempts.subject, pair.subject))),
    );
}

/**
 * Deletes the attempts made before `cutoff`, whatever their counter, at most `max` in one statement (the rest wait
 * for the next run). Answers how many were deleted and whether there may be more.
 */
export async function deleteAttemptsBefore(cutoff: number, max: number): Promise<{ deleted: number; more: boolean }> {
  const t = loginAttempts;
  const { rowCount } = await database()
    .delete(t)
    .where(
      sql`(${t.id}, ${t.kind}) IN (SELECT ${t.id}, ${t.kind} FROM ${t} WHERE ${t.at} < ${new Date(cutoff)} LIMIT ${max})`,
    );
  const deleted = rowCount ?? 0;
  return { deleted, more: deleted >= max };
}
