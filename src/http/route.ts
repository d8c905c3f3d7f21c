import type { Context } from '@netlify/functions';
import { ConfigError } from '../platform/env';
import { CONFIG_ERROR_MESSAGE, asHttpError, errorResponse } from './responses';

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
