import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** What a list call asks for: where to start, how many, and an optional search. */
export interface PageQuery {
  /** A cursor from a previous page's `next` (encoded), or null for the newest. */
  cursor: string | null;
  limit: number;
  /** Search text; blank for none. */
  q: string;
}

/** A page of records, newest first, and the cursor of the next page (null: this was the last). */
export interface Page<T> {
  items: T[];
  next: string | null;
}

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 200;

/** A row's place in a newest-first list: its time and its id (which breaks ties). */
export interface Position {
  at: Date;
  id: string;
}

/** Cursors travel in URLs: base64url of `{ISO time}|{id}`. */
export function encodeCursor(position: Position): string {
  return Buffer.from(`${position.at.toISOString()}|${position.id}`, 'utf8').toString('base64url');
}

/** A cursor's position, or null for none or one that is not ours (a list then starts at the newest). */
export function decodeCursor(cursor: string | null | undefined): Position | null {
  if (!cursor) return null;
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)\|([\w.@:-]{1,200})$/.exec(
    Buffer.from(cursor, 'base64url').toString('utf8'),
  );
  if (!match) return null;
  const at = new Date(match[1] as string);
  return Number.isNaN(at.getTime()) ? null : { at, id: match[2] as string };
}

/**
 * The keyset condition of a newest-first page: rows strictly older than the cursor's, by (time, id), which an index
 * on those two columns answers without reading the rows before (never OFFSET). Undefined (no condition) without one.
 */
export function olderThan(at: AnyColumn, id: AnyColumn, cursor: string | null | undefined): SQL | undefined {
  const position = decodeCursor(cursor);
  return position ? sql`(${at}, ${id}) < (${position.at.toISOString()}::timestamptz, ${position.id})` : undefined;
}

/**
 * One page from rows fetched newest first with one extra (`limit + 1`): the extra row only says that there is a next
 * page, whose cursor is the last row returned.
 */
export function toPage<Row, T = Row>(
  rows: Row[],
  limit: number,
  position: (row: Row) => Position,
  map: (row: Row) => T = (row) => row as unknown as T,
): Page<T> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items: items.map(map), next: rows.length > limit && last ? encodeCursor(position(last)) : null };
}

/** Every page of a paged reader, for exports and scheduled jobs: one page in memory at a time. */
export async function* eachPage<T>(page: (cursor: string | null) => Promise<Page<T>>): AsyncGenerator<T[]> {
  let cursor: string | null = null;
  do {
    const current: Page<T> = await page(cursor);
    if (current.items.length) yield current.items;
    cursor = current.next;
  } while (cursor !== null);
}

/** Every page a paged reader yields, in one array: for small tables and tests, never for lists or exports. */
export async function allPages<T>(pages: AsyncIterable<T[]>): Promise<T[]> {
  const out: T[] = [];
  for await (const page of pages) out.push(...page);
  return out;
}
