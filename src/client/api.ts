/**
 * The one fetch helper of the browser code (docs/product.md, "Browser client"): credentials
 * always, a JSON body with a JSON content type only when there is a body, and
 * any non-OK answer thrown as an ApiError whose message is
 * '{status}: {response text}' (the status text when the body is empty).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's own message, when it answered our JSON error shape. */
  get serverMessage(): string | undefined {
    return this.shapeText('message');
  }

  /** The request field the server named, when it answered our JSON error shape with one. */
  get field(): string | undefined {
    return this.shapeText('field');
  }

  private shapeText(name: 'message' | 'field'): string | undefined {
    try {
      const value = (JSON.parse(this.body) as Record<string, unknown> | null)?.[name];
      return typeof value === 'string' ? value : undefined;
    } catch {
      return undefined;
    }
  }

  get isUnauthorized(): boolean {
    return this.status === 401 && this.message.includes('Unauthorized');
  }
}

export async function apiFetch<T = unknown>(
  path: string,
  options: { method?: string; body?: unknown; form?: FormData; bytes?: Blob } = {},
): Promise<T> {
  const init: RequestInit = {
    method: options.method ?? (options.body || options.form || options.bytes ? 'POST' : 'GET'),
    credentials: 'include',
  };
  if (options.form) init.body = options.form;
  else if (options.bytes) {
    // Raw bytes (a part of a document upload), sent as they are.
    init.body = options.bytes;
    init.headers = { 'Content-Type': 'application/octet-stream' };
  } else if (options.body !== undefined) {
    init.body = JSON.stringify(options.body);
    init.headers = { 'Content-Type': 'application/json' };
  }
  const response = await fetch(path, init);
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text, response.statusText);
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * One page of a paged admin list (docs/product.md, "Admin lists"): the JSON array, and the next page's cursor from
 * the X-Next-Cursor header (null on the last page). Errors as apiFetch.
 */
export async function apiFetchPage<T>(path: string): Promise<{ items: T[]; next: string | null }> {
  const response = await fetch(path, { credentials: 'include' });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text, response.statusText);
  return { items: (text ? JSON.parse(text) : []) as T[], next: response.headers.get('X-Next-Cursor') };
}

/**
 * A POST whose answer streams as server-sent events (`delta` pieces, then
 * `done`), as /api/chat sends when asked; a plain JSON answer works too.
 * Resolves with the whole text; `onDelta` sees it grow; `onDone` gets the
 * `done` event's data (or the JSON answer), with any fields beside the text.
 */
export async function apiStream(
  path: string,
  body: unknown,
  onDelta: (text: string) => void,
  onDone?: (data: Record<string, unknown>) => void,
): Promise<string> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  if (!response.headers.get('content-type')?.startsWith('text/event-stream') || !response.body) {
    const answer = (await response.json()) as { message?: string };
    if (answer.message) onDelta(answer.message);
    onDone?.(answer);
    return answer.message ?? '';
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += value;
    let boundary = buffer.indexOf('\n\n');
    while (boundary !== -1) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      const event = /^event: (\w+)/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (data) {
        const parsed = JSON.parse(data) as { text?: string; message?: string };
        if (event === 'delta' && parsed.text) {
          text += parsed.text;
          onDelta(text);
        } else if (event === 'done' && typeof parsed.message === 'string') {
          text = parsed.message;
          onDelta(text);
          onDone?.(parsed);
        }
      }
      boundary = buffer.indexOf('\n\n');
    }
  }
  return text;
}
