import type { Context } from '@netlify/functions';
import type { z } from 'zod';
import { isId } from '../platform/ids';
import { HttpError } from './responses';

export const MAX_JSON_BODY_BYTES = 1024 * 1024;

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
  return parseJsonText((await readBody(request, maxBytes)).toString('utf8'), schema);
}

/** A body's text as a JSON object parsed by a schema: 400 when it is not JSON, not an object, or the schema refuses. */
export function parseJsonText<S extends z.ZodType>(text: string, schema: S): z.output<S> {
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
