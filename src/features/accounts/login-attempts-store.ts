import { and, asc, eq, or, sql } from 'drizzle-orm';
import { database } from '../../platform/db/client';
import { loginAttempts as t } from './tables';

/** A row per attempt and counter, committed before it is counted: of k racing attempts the last to count sees all k. */
export type AttemptCounter = Pick<typeof t.$inferSelect, 'kind' | 'subject'>;

const on = (counter: AttemptCounter) => and(eq(t.kind, counter.kind), eq(t.subject, counter.subject));

export async function recordAttempts(counters: readonly AttemptCounter[], id: string, at: number): Promise<void> {
  const rows = counters.map((counter) => ({ id, ...counter, at: new Date(at).toISOString() }));
  await database().insert(t).values(rows);
}

export async function listAttempts(counter: AttemptCounter): Promise<Array<{ id: string; at: string }>> {
  return database().select({ id: t.id, at: t.at }).from(t).where(on(counter)).orderBy(asc(t.at), asc(t.id));
}

/**
 * In one query: until when (ms; 0: not) the locking counters are locked, and the username's failures in the window
 * (0 without a `user` counter).
 */
export async function countAttempts(
  id: string,
  now: number,
  locking: ReadonlyArray<{ counter: AttemptCounter; limit: number }>,
  user: AttemptCounter | null,
  { windowMs, lockMs }: { windowMs: number; lockMs: number },
): Promise<{ lockedUntil: number; userFailures: number }> {
  // The attempt `limit - 1` back opens a run of `limit`; a run within `windowMs` locks until its last + `lockMs`.
  const back = locking.map(({ counter, limit }) => sql`WHEN ${t.kind} = ${counter.kind} THEN ${limit - 1}::int`);
  const userFailures = user
    ? sql`(SELECT count(*) FROM ${t} WHERE ${on(user)} AND id <> ${id} AND at >= ${new Date(now - windowMs)})::int`
    : sql`0`;
  const { rows } = await database().execute<{ locked_until: number | null; user_failures: number }>(sql`
    WITH others AS (
      SELECT at, lag(at, CASE ${sql.join(back, sql` `)} END) OVER (PARTITION BY kind ORDER BY at, id) AS first
        FROM ${t} WHERE id <> ${id} AND at >= ${new Date(now - windowMs - lockMs)}
         AND (${or(...locking.map(({ counter }) => on(counter)))})
    )
    SELECT (SELECT extract(epoch FROM max(at) + make_interval(secs => ${lockMs / 1000})) * 1000
              FROM others WHERE at - first <= make_interval(secs => ${windowMs / 1000}))::float8 AS locked_until,
           ${userFailures} AS user_failures
  `);
  return { lockedUntil: Number(rows[0]?.locked_until ?? 0), userFailures: Number(rows[0]?.user_failures ?? 0) };
}

/** A refused attempt counts for nothing. */
export async function withdrawAttempt(id: string): Promise<void> {
  await database().delete(t).where(eq(t.id, id));
}

/** After a good password: the pair's attempts all go, and on the other counters only this one. */
export async function clearAfterSuccess(id: string, pair: AttemptCounter): Promise<void> {
  const mine = or(eq(t.id, id), on(pair));
  await database().delete(t).where(mine);
}

/** At most `max` in one statement: the rest wait for the next run. */
export async function deleteAttemptsBefore(cutoff: number, max: number): Promise<{ deleted: number; more: boolean }> {
  const old = sql`(id, kind) IN (SELECT id, kind FROM ${t} WHERE at < ${new Date(cutoff)} LIMIT ${max})`;
  const deleted = (await database().delete(t).where(old)).rowCount ?? 0;
  return { deleted, more: deleted >= max };
}
