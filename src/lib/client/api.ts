/**
 * The one fetch helper of the browser code (SPEC.md section 7): credentials
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
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      return typeof parsed.message === 'string' ? parsed.message : undefined;
    } catch {
      return undefined;
    }
  }

  get isUnauthorized(): boolean {
    return this.status === 401 && this.message.includes('Unauthorized');
  }
}

export async function apiFetch<T = unknown>(path: string, options: { method?: string; body?: unknown; form?: FormData } = {}): Promise<T> {
  const init: RequestInit = { method: options.method ?? (options.body || options.form ? 'POST' : 'GET'), credentials: 'include' };
  if (options.form) init.body = options.form;
  else if (options.body !== undefined) {
    init.body = JSON.stringify(options.body);
    init.headers = { 'Content-Type': 'application/json' };
  }
  const response = await fetch(path, init);
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text, response.statusText);
  return (text ? JSON.parse(text) : null) as T;
}
