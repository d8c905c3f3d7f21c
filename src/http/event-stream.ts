import { SECURITY_HEADERS } from './security-headers';

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
