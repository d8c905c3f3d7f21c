import type { Context } from '@netlify/functions';

type FunctionHandler = (request: Request, context: Context) => Promise<Response> | Response;

export interface CallOptions {
  method?: string;
  /** A JSON body (sent as application/json) or raw text with your own headers. */
  body?: unknown;
  rawBody?: BodyInit;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  ip?: string;
  /** Aborts the request, as a client that goes away does. */
  signal?: AbortSignal;
}

/**
 * Calls a Netlify Function (v2) the way the platform does: a real Request and a
 * context carrying the route's params.
 */
export async function call(handler: FunctionHandler, path: string, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  let body: BodyInit | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const request = new Request(`http://localhost:8888${path}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(body === undefined ? {} : { body, duplex: 'half' }),
  });
  const context = {
    params: options.params ?? {},
    ip: options.ip ?? '127.0.0.1',
    deploy: { context: 'dev', id: '0', published: false },
  } as unknown as Context;
  return handler(request, context);
}

export async function callJson<T = unknown>(
  handler: FunctionHandler,
  path: string,
  options: CallOptions = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await call(handler, path, options);
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
}
