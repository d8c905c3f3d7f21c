import { createHash } from 'node:crypto';
import type { Store } from '@netlify/blobs';
import { HttpError } from '../http';

/**
 * Newest-first listings that cost the same at 100 records and at 100,000 (docs/architecture.md, "Storage": "Admin
 * lists"). A feed is a folder of small pointer keys, one per record, named so that Blobs' lexical `list()` order is
 * newest first:
 *
 *     {area}/{999999 - YYYYMM}/{99 - DD}/{9999999999999 - ms}-{tag}
 *
 * (UTC month and day folders, each inverted; the tag names the record). A page lists only the few folders it needs
 * (`directories: true` for the months and the days, then the keys of one day at a time), never the whole feed, and a
 * cursor is the last key the page returned: the next page starts strictly after it. A new record sorts before every
 * older one, so inserts while someone pages never move a row that was already there.
 *
 * A day folder holds at most a day's records: the daily site-wide quotas (src/lib/quotas.ts) bound it.
 */

const MAX_MS = 9_999_999_999_999;
/** Day folders a page opens at most; a page that stops early still answers a cursor, so nothing is skipped. */
const MAX_DAYS_PER_PAGE = 16;

function utcParts(ms: number): { month: string; day: string } {
  const date = new Date(ms);
  const month = date.getUTCFullYear() * 100 + date.getUTCMonth() + 1;
  return {
    month: String(999_999 - month).padStart(6, '0'),
    day: String(99 - date.getUTCDate()).padStart(2, '0'),
  };
}

/**
 * The pointer key of a record made at `ms`, named by `tag` (no `/`). `monthly`: one folder per month (its day
 * folder is always `00`), for feeds as sparse as content written by hand.
 */
export function feedKey(area: string, ms: number, tag: string, monthly = false): string {
  const { month, day } = utcParts(ms);
  return `${area}/${month}/${monthly ? '00' : day}/${String(MAX_MS - Math.max(0, Math.floor(ms))).padStart(13, '0')}-${tag}`;
}

/** The record time and tag a feed key names. */
export function parseFeedKey(key: string): { ms: number; tag: string } | null {
  const match = /\/(\d{13})-([^/]+)$/.exec(key);
  if (!match) return null;
  return { ms: MAX_MS - Number(match[1]), tag: match[2] as string };
}

function termHash(term: string): string {
  return createHash('sha256').update(term).digest('hex').slice(0, 32);
}

/**
 * One search term's index folder: a hash, so names and addresses never appear in key listings, in one of 256 shard
 * folders (its first two hex digits): the local Blobs server lists a folder by reading every entry beside each folder
 * on the way, and 100,000 messages have 100,000 e-mail terms.
 */
export function termFolder(area: string, term: string): string {
  const hash = termHash(term);
  return `${area}/${hash.slice(0, 2)}/${hash.slice(2)}`;
}

/** The folders of a store's newest-first feed and of its search terms. */
export const FEED = 'feed';
export const SEARCH = 'search';

/**
 * A record's pointer keys: its place in the feed, then one per search term (`termKey`: the feed key under the term's
 * folder), so a term's page reads the same time and tag as the feed, and costs what a feed page costs.
 */
export function recordPointers(ms: number, tag: string, terms: string[]): string[] {
  const feed = feedKey(FEED, ms, tag);
  return [feed, ...terms.map((term) => termKey(feed, SEARCH, term))];
}

/**
 * Every key a record's pointers may have: `recordPointers`, and its term keys in the layouts before
 * (`earlierTermKeys`), which a record deleted before `migrateTerms` reached it still has. What deletes remove.
 */
export function pointersToDelete(ms: number, tag: string, terms: string[]): string[] {
  const keys = recordPointers(ms, tag, terms);
  return [...keys, ...terms.flatMap((term) => earlierTermKeys(keys[0] as string, SEARCH, term))];
}

/** Every page a paged reader yields, in one array: for small stores and tests, never for lists or exports. */
export async function allPages<T>(pages: AsyncIterable<T[]>): Promise<T[]> {
  const out: T[] = [];
  for await (const page of pages) out.push(...page);
  return out;
}

/** Writes pointer keys (empty: the key is the pointer); the record they point to is written first. */
export async function writePointers(store: Store, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => store.set(key, '')));
}

/**
 * Every key under a folder, listed until two lists in a row agree: the local Blobs server answers part of a folder
 * while a write in it is in flight (src/lib/stores/list-keys.ts). Sorted.
 */
export async function settledKeys(store: Store, prefix: string): Promise<string[]> {
  const seen = new Set<string>();
  let previous = -1;
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const { blobs } = await store.list({ prefix });
    for (const blob of blobs) seen.add(blob.key);
    if (blobs.length === previous) break;
    previous = blobs.length;
  }
  return [...seen].sort();
}

async function folders(store: Store, prefix: string): Promise<string[]> {
  const { directories } = await store.list({ prefix, directories: true });
  return directories.map((name) => name.replace(/\/$/, '')).sort();
}

export interface FeedPage {
  /** Pointer keys, newest first. */
  keys: string[];
  /** Where the next page starts (an opaque position), or null when this was the last page. */
  next: string | null;
}

/** A day folder's end: sorts after every key in it. */
const DAY_END = '~';

/**
 * One page of a feed: at most `limit` pointer keys after `cursor`, newest first. Costs one list of the months, one of
 * the days of each month it enters (none for a `monthly` feed, whose one day folder is `00`), and one settled list
 * (usually two requests) per day folder it opens, at most MAX_DAYS_PER_PAGE of them, whatever the feed's size.
 */
export async function feedPage(
  store: Store,
  area: string,
  limit: number,
  cursor: string | null,
  monthly = false,
): Promise<FeedPage> {
  const after = cursor !== null && cursor.startsWith(`${area}/`) ? cursor : null;
  // The month and day folders after the area's own name (a term's area has slashes of its own).
  const [cursorMonth, cursorDay] = after ? after.slice(area.length + 1).split('/') : [];
  const keys: string[] = [];
  let opened = 0;
  let last: string | null = null;
  const months = (await folders(store, `${area}/`)).filter(
    (month) => cursorMonth === undefined || month >= `${area}/${cursorMonth}`,
  );
  for (const month of months) {
    // A monthly feed's one day folder is `00`: no list needed to find it.
    const days = (monthly ? [`${month}/00`] : await folders(store, `${month}/`)).filter(
      (day) => !after || cursorDay === undefined || day >= `${area}/${cursorMonth}/${cursorDay}`,
    );
    for (const day of days) {
      if (opened === MAX_DAYS_PER_PAGE) return { keys, next: last };
      opened += 1;
      const inDay = (await settledKeys(store, `${day}/`)).filter((key) => !after || key > after);
      for (const key of inDay) {
        keys.push(key);
        if (keys.length === limit) return { keys, next: key };
      }
      last = `${day}/${DAY_END}`;
    }
  }
  return { keys, next: null };
}

/**
 * A record's key in one search term's index: its feed key (`feed`, as `feedKey` makes it) moved under the term's
 * folder, in month folders (the day folder is always `00`), so a page of a search is a feed page and costs what a list
 * page costs, however many records match the term. Month, not day: a term is far sparser than the feed (one name in
 * a hundred, an address once or twice), so day folders made a search open a folder, and list it twice, for each of
 * the few days that had a match; on the local server every list walks the folders above it, and a name search at
 * 100,000 messages took a second.
 */
export function termKey(feed: string, area: string, term: string): string {
  const [, month = '', , file = ''] = feed.split('/');
  return `${termFolder(area, term)}/${month}/00/${file}`;
}

/**
 * The keys a term index held before (removed by `migrateTerms`): in day folders like the feed's
 * (`{area}/{shard}/{hash}/{month}/{day}/{file}`), and first flat (`{area}/{hash}/{file}`).
 */
export function earlierTermKeys(feed: string, area: string, term: string): string[] {
  const [, month = '', day = '', file = ''] = feed.split('/');
  return [`${termFolder(area, term)}/${month}/${day}/${file}`, `${area}/${termHash(term)}/${file}`];
}

/** One page of a search term's index, newest first: a feed page (`termKey`) of month folders. */
export function termPage(store: Store, folder: string, limit: number, cursor: string | null): Promise<FeedPage> {
  return feedPage(store, folder, limit, cursor, true);
}

/** Every pointer key of a feed, newest first, a page at a time: for exports and scheduled jobs. */
export async function* feedKeys(store: Store, area: string, pageSize = 100): AsyncGenerator<string[]> {
  let cursor: string | null = null;
  do {
    const page: FeedPage = await feedPage(store, area, pageSize, cursor);
    if (page.keys.length) yield page.keys;
    cursor = page.next;
  } while (cursor !== null);
}

/** Cursors travel in URLs: base64url of the position. */
export function encodeCursor(position: string | null): string | null {
  return position === null ? null : Buffer.from(position, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string | null | undefined): string | null {
  if (!cursor) return null;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  return /^[\w./~-]{1,300}$/.test(text) ? text : null;
}

/** Search terms of a name: each word (lower-cased, accents folded) and its prefixes from 3 characters. */
export function nameTerms(name: string): string[] {
  const terms = new Set<string>();
  for (const word of normaliseSearch(name).split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    terms.add(`name:${word}`);
    for (let end = 3; end < Math.min(word.length, 16); end += 1) terms.add(`name:${word.slice(0, end)}`);
  }
  return [...terms];
}

export function emailTerm(email: string): string {
  return `email:${email.trim().toLowerCase()}`;
}

export function normaliseSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/**
 * The one index term a query is looked up by: an e-mail address as a whole, otherwise its longest word (a whole
 * word, or a prefix of at least 3 characters); null for a query too short to look up.
 */
export function queryTerm(q: string): string | null {
  const text = normaliseSearch(q);
  if (text.includes('@')) return emailTerm(text);
  const words = text.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 3);
  const longest = words.sort((a, b) => b.length - a.length)[0];
  if (!longest) return null;
  return `name:${longest.slice(0, 15)}`;
}

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Page, type PageQuery } from '../db/paging';

const built = new Map<string, Promise<void>>();
const FEED_MARKER = 'meta/feed-v1';
/** Written once a store's term indexes are in shards and month folders (`migrateTerms`). */
const TERMS_MARKER = 'meta/terms-v3';
const TERMS_PROGRESS = 'meta/terms-v3-progress';
/** The position of a move to day folders that was cut short: no longer needed once the move to month folders ends. */
const DAY_TERMS_PROGRESS = 'meta/terms-v2-progress';

/**
 * Runs a store's one-time `backfill` unless its `marker` key exists: the first list of a store in a function instance
 * reads the marker; when it is missing, `backfill` walks the old keys (once per store, ever) and the marker is
 * written. Afterwards a list costs that one marker read per instance, never a walk.
 */
export function once(store: Store, id: string, marker: string, backfill: () => Promise<void>): Promise<void> {
  const key = `${id}|${marker}`;
  let done = built.get(key);
  if (!done) {
    done = (async () => {
      if ((await store.get(marker)) !== null) return;
      await backfill();
      await store.setJSON(marker, { builtAt: new Date().toISOString() });
    })();
    done.catch(() => built.delete(key));
    built.set(key, done);
  }
  return done;
}

/**
 * Records stored before the feeds existed get their pointers once (`once`). Term keys came with the feeds, so a store
 * without the feed's marker has none in an older layout: the pointers written now (`recordPointers`) are the current
 * layout, and the term keys' marker is written too (a new store, or one from before the feeds, never runs
 * `migrateTerms`' move).
 */
export function ensureFeed(store: Store, id: string, backfill: () => Promise<void>): Promise<void> {
  return once(store, id, FEED_MARKER, async () => {
    await backfill();
    await store.setJSON(TERMS_MARKER, { builtAt: new Date().toISOString() });
  });
}

/** How long one call moves term keys before it answers (a function's limit is 10 s by default; a batch may run over). */
export const termsMove = { budgetMs: 3_000 };
/** What a search answers (503, field `q`) while its store's term keys are still being moved. */
export const SEARCH_PREPARING = 'Search is being prepared after an update. Try again in a minute.';
const termsMoved = new Set<string>();
const termsMoving = new Map<string, Promise<boolean>>();

/**
 * Term indexes written in an earlier layout (flat, then day folders) are moved once: for each record of the store's
 * feed, `termsAt` names its search terms (none when it is gone); their keys are written as they are now
 * (`termKey`) and deleted as they were (`earlierTermKeys`). A call moves pages for `termsMove.budgetMs` at most and
 * saves the feed position reached, so the next call carries on (100,000 messages take minutes: no one request waits
 * for all of it); answers whether the move is done (then `meta/terms-v3` is written). Lists without a search never
 * wait for it; searches call it (`termsReady`).
 */
export function migrateTerms(
  store: Store,
  id: string,
  termsAt: (feedKey: string) => Promise<string[]>,
): Promise<boolean> {
  const key = `${id}|${TERMS_MARKER}`;
  if (termsMoved.has(key)) return Promise.resolve(true);
  let moving = termsMoving.get(key);
  if (!moving) {
    moving = (async () => {
      if ((await store.get(TERMS_MARKER)) !== null) return true;
      const deadline = Date.now() + termsMove.budgetMs;
      let cursor: string | null = (await store.get(TERMS_PROGRESS, { type: 'text' })) || null;
      do {
        const page = await feedPage(store, FEED, 100, cursor);
        // 25 records at a time, the position saved after each: a call stops within a batch of its budget.
        for (let i = 0; i < page.keys.length; i += 25) {
          const batch = page.keys.slice(i, i + 25);
          await Promise.all(
            batch.map(async (feed) => {
              const terms = await termsAt(feed);
              await writePointers(
                store,
                terms.map((term) => termKey(feed, SEARCH, term)),
              );
              await Promise.all(
                terms.flatMap((term) => earlierTermKeys(feed, SEARCH, term)).map((old) => store.delete(old)),
              );
            }),
          );
          const last = batch[batch.length - 1] as string;
          const more = i + 25 < page.keys.length || page.next !== null;
          if (more && Date.now() >= deadline) {
            await store.set(TERMS_PROGRESS, last);
            return false;
          }
        }
        cursor = page.next;
        if (cursor !== null) await store.set(TERMS_PROGRESS, cursor);
      } while (cursor !== null);
      await store.setJSON(TERMS_MARKER, { builtAt: new Date().toISOString() });
      await Promise.all([store.delete(TERMS_PROGRESS), store.delete(DAY_TERMS_PROGRESS)]);
      return true;
    })();
    const running = moving;
    termsMoving.set(key, running);
    running.then(
      (done) => {
        if (done) termsMoved.add(key);
        termsMoving.delete(key);
      },
      () => termsMoving.delete(key),
    );
  }
  return moving;
}

/** Before a search reads a term index: its move done, or a 503 (field `q`) that says to try again in a minute. */
export async function termsReady(
  store: Store,
  id: string,
  termsAt: (feedKey: string) => Promise<string[]>,
): Promise<void> {
  if (!(await migrateTerms(store, id, termsAt)))
    throw new HttpError(503, SEARCH_PREPARING, 'q', { 'Retry-After': '60' });
}

/** Runs `work` over items, `size` at a time in parallel. */
export async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return out;
}
