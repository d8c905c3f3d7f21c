import { and, asc, eq, or, sql } from 'drizzle-orm';
import { database } from '../db/client';
import { loginAttempts as t } from '../db/schema';

/**
 * One row per attempt and counter (src/lib/auth/login-throttle.ts), never a shared count that racing attempts could
 * overwrite: each attempt is inserted (and committed) before it is counted, so of k racing attempts the last sees all k.
 * The subject is a hash: no username or IP is stored in the clear.
 */
export type AttemptCounter = Pick<typeof t.$inferSelect, 'kind' | 'subject'>;

const on = (counter: AttemptCounter) => and(eq(t.kind, counter.kind), eq(t.subject, counter.subject));

/** Records one attempt on each of its counters, in one statement. */
export async function recordAttempts(counters: readonly AttemptCounter[], id: string, at: number): Promise<void> {
  await database()
    .insert(t)
    .values(counters.map((counter) => ({ id, ...counter, at: new Date(at).toISOString() })));
}

/** Every attempt on the counter, oldest first. */
export async function listAttempts(counter: AttemptCounter): Promise<Array<{ id: string; at: string }>> {
  return database().select({ id: t.id, at: t.at }).from(t).where(on(counter)).orderBy(asc(t.at), asc(t.id));
}

/**
 * What the other attempts on an attempt's counters say, in one query: until when (ms since the epoch, 0 for not)
 * the locking counters are locked, and how many failures the username's counter holds in the window. A locking
 * counter is locked when any `limit` of its other attempts fall within `windowMs`: until the last of them + `lockMs`.
 */
export async function countAttempts(
  id: string,
  now: number,
  locking: ReadonlyArray<{ counter: AttemptCounter; limit: number }>,
  user: AttemptCounter,
  settings: { windowMs: number; lockMs: number },
): Promise<{ lockedUntil: number; userFailures: number }> {
  const since = new Date(now - settings.windowMs - settings.lockMs);
  const window = sql`make_interval(secs => ${settings.windowMs / 1000})`;
  const lock = sql`make_interval(secs => ${settings.lockMs / 1000})`;
  // How many attempts back the one that opens a locking run is, per counter (lag's offset may differ per row).
  const back = sql.join(
    locking.map(({ counter, limit }) => sql`WHEN ${t.kind} = ${counter.kind} THEN ${limit - 1}::int`),
    sql` `,
  );
  const { rows } = await database().execute<{ locked_until: number | null; user_failures: number }>(sql`
    WITH others AS (
      SELECT ${t.at} AS at,
             lag(${t.at}, CASE ${back} END) OVER (PARTITION BY ${t.kind} ORDER BY ${t.at}, ${t.id}) AS first
        FROM ${t}
       WHERE ${t.id} <> ${id} AND ${t.at} >= ${since} AND (${or(...locking.map(({ counter }) => on(counter)))})
    )
    SELECT (SELECT extract(epoch FROM max(at) + ${lock}) * 1000 FROM others WHERE at - first <= ${window})::float8
             AS locked_until,
           (SELECT count(*) FROM ${t}
             WHERE ${on(user)} AND ${t.id} <> ${id} AND ${t.at} >= ${new Date(now - settings.windowMs)})::int
             AS user_failures
  `);
  return { lockedUntil: Number(rows[0]?.locked_until ?? 0), userFailures: Number(rows[0]?.user_failures ?? 0) };
}

/** Withdraws an attempt from every counter (a refused attempt counts for nothing). */
export async function withdrawAttempt(id: string): Promise<void> {
  await database().delete(t).where(eq(t.id, id));
}

/** After a good password: the pair's attempts all go, and on the other counters only this one. */
export async function clearAfterSuccess(id: string, pair: AttemptCounter): Promise<void> {
  await database()
    .delete(t)
    .where(or(eq(t.id, id), on(pair)));
}

/** Deletes at most `max` attempts made before `cutoff` in one statement (the rest wait for the next run). */
export async function deleteAttemptsBefore(cutoff: number, max: number): Promise<{ deleted: number; more: boolean }> {
  const { rowCount } = await database()
    .delete(t)
    .where(
      sql`(${t.id}, ${t.kind}) IN (SELECT ${t.id}, ${t.kind} FROM ${t} WHERE ${t.at} < ${new Date(cutoff)} LIMIT ${max})`,
    );
  return { deleted: rowCount ?? 0, more: (rowCount ?? 0) >= max };
}
