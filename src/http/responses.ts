import { cdnCacheHeaders } from './cdn-cache';
import { DomainError, type DomainErrorKind } from '../platform/errors';
import { SECURITY_HEADERS } from './security-headers';

/** The one error shape every endpoint answers with. */
export interface ErrorBody {
  message: string;
  field?: string;
}

/** What a client is told when the site lacks a setting (the function log says which). */
export const CONFIG_ERROR_MESSAGE = 'The site is not configured correctly. Please try again later.';

/** Headers every API answer carries. */
export const BASE_HEADERS: Record<string, string> = {
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

/** An answer with no body (202 for an accepted beacon), with the headers every API answer carries. */
export function emptyResponse(status: number): Response {
  return new Response(null, { status, headers: { ...BASE_HEADERS, 'Cache-Control': 'no-store' } });
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
