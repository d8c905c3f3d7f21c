import type { Context } from '@netlify/functions';
import type { z } from 'zod';
import { cdnCacheHeaders } from './cdn-cache';
import { CSV_BOM, csvFileName, csvLines, type CsvRow } from '../platform/csv';
import { ConfigError } from '../platform/env';
import { DomainError, type DomainErrorKind } from '../platform/errors';
import { isId } from '../platform/ids';
import { SECURITY_HEADERS } from './security-headers';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Page, type PageQuery } from '../platform/db/paging';

/** The one error shape every endpoint answers with. */
export interface ErrorBody {
  message: string;
  field?: string;
}

export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/** What a client is told when the site lacks a setting (the function log says which). */
export const CONFIG_ERROR_MESSAGE = 'The site is not configured correctly. Please try again later.';

/** Headers every API answer carries. */
const BASE_HEADERS: Record<string, string> = {
  ...SECURITY_HEADERS,
  // An API answer is data, never a document to render.
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
};

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The status each kind of domain refusal answers with (src/platform/errors.ts). */
const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  gone: 410,
  'too-large': 413,
  'unsupported-type': 415,
  'limit-reached': 429,
  'upstream-failed': 502,
  unavailable: 503,
};

/**
 * A refusal as the HTTP answer it gets: an HttpError as it is, a domain error with its kind's status, its message and
 * field, and Retry-After when it says when to try again. Anything else is not a refusal (null): a failure.
 */
export function asHttpError(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  if (!(error instanceof DomainError)) return null;
  const retryAfter = 'retryAfterSeconds' in error ? error.retryAfterSeconds : undefined;
  const headers: Record<string, string> = typeof retryAfter === 'number' ? { 'Retry-After': String(retryAfter) } : {};
  return new HttpError(STATUS_OF[error.kind], error.message, error.field, headers);
}

export function json(data: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(data), {
    status: init.status ?? 200,
    headers: {
      ...BASE_HEADERS,
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...init.headers,
    },
  });
}

/** Adds Set-Cookie headers (one per cookie) to an answer. */
export function withCookies(response: Response, cookies: readonly string[]): Response {
  for (const cookie of cookies) response.headers.append('Set-Cookie', cookie);
  return response;
}

export function errorResponse(
  status: number,
  message: string,
  field?: string,
  headers: Record<string, string> = {},
): Response {
  const body: ErrorBody = field ? { message, field } : { message };
  return json(body, { status, headers });
}

/**
 * Public content the CDN may keep until an admin change purges its tags
 * (docs/architecture.md, "Caching"). Browsers
 * revalidate every time, so a purge is seen at once.
 */
export function cachedJson(data: unknown, tags: string[]): Response {
  return json(data, { headers: cdnCacheHeaders(tags) });
}

/** Whether the client asked for server-sent events (`Accept: text/event-stream`). */
export function wantsEventStream(request: Request): boolean {
  return /text\/event-stream/.test(request.headers.get('accept') ?? '');
}

/**
 * Server-sent events: a `delta` event per piece as it comes, then `done` with
 * the whole text (and `options.done`'s fields), once `onDone` has had it (the
 * stream stays open until then). If the client goes away, the pieces stop being
 * read, `options.onCancel` runs (to abort the work behind them), and `onDone`
 * still gets what was sent.
 */
export function eventStream(
  pieces: AsyncIterable<string>,
  onDone: (full: string) => Promise<void>,
  options: {
    /** Fields of the `done` event beside `message`; a function gets the whole text. */
    done?: Record<string, unknown> | ((full: string) => Record<string, unknown>);
    onCancel?: () => void;
  } = {},
): Response {
  const encoder = new TextEncoder();
  const event = (name: string, data: unknown) => encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let full = '';
      for await (const piece of pieces) {
        if (cancelled) break;
        full += piece;
        controller.enqueue(event('delta', { text: piece }));
      }
      await onDone(full);
      if (cancelled) return;
      const done = typeof options.done === 'function' ? options.done(full) : options.done;
      controller.enqueue(event('done', { ...done, message: full }));
      controller.close();
    },
    cancel() {
      cancelled = true;
      options.onCancel?.();
    },
  });
  return new Response(body, {
    headers: {
      ...SECURITY_HEADERS,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    },
  });
}

/** Reads the body, refusing more than `limit` bytes whatever Content-Length claims. */
export async function readBody(
  request: Request,
  limit: number,
  tooLarge = 'Request body is too large',
): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw new HttpError(413, tooLarge);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new HttpError(413, tooLarge);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Parses a JSON body with a schema: 415, 413 past `maxBytes` (each public route passes its own, src/features/quotas/quotas.ts,
 * BODY_LIMITS), 400 (malformed, or naming the first bad field).
 */
export async function parseJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes: number = MAX_JSON_BODY_BYTES,
): Promise<z.output<S>> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) throw new HttpError(415, 'Send the body as application/json');
  const text = (await readBody(request, maxBytes)).toString('utf8');
  let data: unknown;
  try {
    data = JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'The body is not valid JSON');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new HttpError(400, 'The body must be a JSON object');
  }
  return parseWith(schema, data);
}

/** Parses data with a schema: 400 naming the first bad field. */
export function parseWith<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.map(String).join('.') || undefined;
    throw new HttpError(400, issue?.message ?? 'Invalid request', field);
  }
  return parsed.data;
}

/** Whether a request carries an HTML form's body (`application/x-www-form-urlencoded`, a form's default). */
export function isFormPost(request: Request): boolean {
  return /^application\/x-www-form-urlencoded\b/i.test(request.headers.get('content-type') ?? '');
}

/**
 * Percent-encoding turns each byte outside ASCII into three characters, so a form body may be up to three times its
 * JSON twin: a form's limit is its route's JSON limit times this.
 */
export const FORM_BODY_FACTOR = 3;

/** A form body's fields as text (a name sent twice keeps its first value), refusing more than `maxBytes`. */
export async function readFormFields(request: Request, maxBytes: number): Promise<Record<string, string>> {
  const params = new URLSearchParams((await readBody(request, maxBytes)).toString('utf8'));
  const fields: Record<string, string> = {};
  for (const [name, value] of params) if (!Object.hasOwn(fields, name)) fields[name] = value;
  return fields;
}

/**
 * A public form's body: JSON (the islands), or an HTML form's urlencoded fields (a form sent before or without its
 * script), parsed by the same schema; `maxBytes` is the JSON limit (a form gets FORM_BODY_FACTOR times it).
 */
export async function parseJsonOrFormBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes: number,
): Promise<z.output<S>> {
  if (!isFormPost(request)) return parseJsonBody(request, schema, maxBytes);
  return parseWith(schema, await readFormFields(request, maxBytes * FORM_BODY_FACTOR));
}

/** An id from the path, checked against the one id pattern before it can reach a store. */
export function pathId(context: Pick<Context, 'params'>, name = 'id'): string {
  const value = context.params[name];
  if (!isId(value)) throw new HttpError(400, 'Invalid id', name);
  return value;
}

/** What the function log gets of an unexpected failure: the method, the path (never the query or body) and the error. */
export function logFailure(request: Request, error: unknown): void {
  console.error(`${request.method} ${new URL(request.url).pathname} failed`, error);
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Handler = (request: Request, context: Context) => Promise<Response> | Response;

/**
 * The one way a function answers: dispatch on method (405 with Allow for any
 * other), turn refusals (HttpErrors and the domain's errors, `asHttpError`) into the error shape, and never let a stack trace
 * out (500 with a plain message; the detail goes to the function log).
 */
export function route(
  handlers: Partial<Record<Method, Handler>>,
): (request: Request, context: Context) => Promise<Response> {
  const allowed = Object.keys(handlers).join(', ');
  return async (request, context) => {
    const handler = handlers[request.method.toUpperCase() as Method];
    if (!handler) return errorResponse(405, 'Method not allowed', undefined, { Allow: allowed });
    try {
      return await handler(request, context);
    } catch (error) {
      const refusal = asHttpError(error);
      if (refusal) return errorResponse(refusal.status, refusal.message, refusal.field, refusal.headers);
      if (error instanceof ConfigError) {
        // A setting is missing or wrong: one line saying what to set, and a 500 the client can read.
        console.error(`Configuration error on ${request.method} ${new URL(request.url).pathname}: ${error.message}`);
        return errorResponse(500, CONFIG_ERROR_MESSAGE);
      }
      logFailure(request, error);
      return errorResponse(500, 'Something went wrong on our side. Please try again.');
    }
  };
}

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

/**
 * A paged admin list's answer: one page as a JSON array, newest first, with the next page's cursor in
 * X-Next-Cursor; or with `?format=csv` (where the list has an export) every record as a streamed CSV file.
 */
export async function pagedListAnswer<T>(request: Request, list: PagedList<T>): Promise<Response> {
  if (list.csv && new URL(request.url).searchParams.get('format') === 'csv') {
    const csv = typeof list.csv === 'function' ? await list.csv() : list.csv;
    return new Response(csvStream(request, list.each, csv), {
      headers: {
        ...BASE_HEADERS,
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${csvFileName(csv.name)}"`,
        'Cache-Control': 'no-store',
      },
    });
  }
  const page = await list.page(pageQuery(request));
  return json(page.items, { headers: page.next ? { [NEXT_CURSOR_HEADER]: page.next } : {} });
}
