import { CSV_BOM, csvFileName, csvLines, type CsvRow } from '../platform/csv';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Page, type PageQuery } from '../platform/db/paging';
import { BASE_HEADERS, HttpError, json } from './responses';
import { logFailure } from './route';

/** The header of a paged list's answer that carries the next page's cursor (absent on the last page). */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/**
 * A paged admin list's query (docs/product.md, "Admin lists"): `cursor` (a previous answer's X-Next-Cursor), `limit`
 * (1 to MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE when absent) and `q` (a search, at most 200 characters). 400 otherwise.
 */
export function pageQuery(request: Request): PageQuery {
  const params = new URL(request.url).searchParams;
  const cursor = params.get('cursor') || null;
  if (cursor !== null && !/^[A-Za-z0-9_-]{1,400}$/.test(cursor)) throw new HttpError(400, 'Invalid cursor', 'cursor');
  const limitText = params.get('limit');
  const limit = limitText === null || limitText === '' ? DEFAULT_PAGE_SIZE : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw new HttpError(400, `The limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`, 'limit');
  }
  const q = (params.get('q') ?? '').trim();
  if (q.length > 200) throw new HttpError(400, 'The search is too long', 'q');
  return { cursor, limit, q };
}

/** A CSV export: the file's type (its name), its header, and the rows of one record. */
export interface CsvExport<T> {
  name: string;
  header: readonly string[];
  rows: (item: T) => CsvRow[];
}

/**
 * An admin list read a page at a time, and its CSV export (every record, a page at a time). An export that needs
 * something read first (the services list that names a column) is a function, called only when a CSV is asked for.
 */
export interface PagedList<T> {
  page: (query: PageQuery) => Promise<Page<T>>;
  each: () => AsyncIterable<T[]>;
  csv?: CsvExport<T> | (() => Promise<CsvExport<T>>);
}

/**
 * A CSV export as a stream: the header, then the lines of one page of records per pull, so an export of 100,000
 * rows is never held in memory and starts arriving at once. A failure midway ends the stream with an error (the
 * download is cut short, never silently complete) and is logged.
 */
function csvStream<T>(request: Request, each: () => AsyncIterable<T[]>, csv: CsvExport<T>) {
  const encoder = new TextEncoder();
  let iterator: AsyncIterator<T[], unknown> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(CSV_BOM + csvLines([csv.header])));
      },
      async pull(controller) {
        try {
          iterator ??= each()[Symbol.asyncIterator]();
          const { done, value } = await iterator.next();
          if (done) controller.close();
          else controller.enqueue(encoder.encode(csvLines(value.flatMap((item) => csv.rows(item)))));
        } catch (error) {
          logFailure(request, error);
          controller.error(error);
        }
      },
      async cancel() {
        await iterator?.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

/** A CSV file as an admin's download ("{type}-{date}.csv"), never kept by a cache. */
export function csvAnswer(name: string, body: BodyInit): Response {
  return new Response(body, {
    headers: {
      ...BASE_HEADERS,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${csvFileName(name)}"`,
      'Cache-Control': 'no-store',
    },
  });
}

/**
 * A paged admin list's answer: one page as a JSON array, newest first, with the next page's cursor in
 * X-Next-Cursor; or with `?format=csv` (where the list has an export) every record as a streamed CSV file.
 */
export async function pagedListAnswer<T>(request: Request, list: PagedList<T>): Promise<Response> {
  if (list.csv && new URL(request.url).searchParams.get('format') === 'csv') {
    const csv = typeof list.csv === 'function' ? await list.csv() : list.csv;
    return csvAnswer(csv.name, csvStream(request, list.each, csv));
  }
  const page = await list.page(pageQuery(request));
  return json(page.items, { headers: page.next ? { [NEXT_CURSOR_HEADER]: page.next } : {} });
}
