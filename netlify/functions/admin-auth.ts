import type { Config, Context } from '@netlify/functions';
import { assertSameOrigin } from '../../src/lib/auth/guard';
import { authenticate } from '../../src/lib/auth/login';
import { clearedSessionCookies, endSession, readSession, startSession } from '../../src/lib/auth/session';
import { errorResponse, json, parseJsonBody, route } from '../../src/lib/http';
import { loginInputSchema, publicUser } from '../../src/lib/schemas/user';

function withCookies(response: Response, cookies: string[]): Response {
  for (const cookie of cookies) response.headers.append('Set-Cookie', cookie);
  return response;
}

const routes: Record<string, (request: Request, context: Context) => Promise<Response>> = {
  '/api/admin/login': route({
    POST: async (request, context) => {
      assertSameOrigin(request);
      const { username, password } = await parseJsonBody(request, loginInputSchema);
      const user = await authenticate(username, password, context.ip);
      // The token only ever travels in the HttpOnly cookie, never in a body.
      return withCookies(json({ authenticated: true, user: publicUser(user) }), await startSession(user));
    },
  }),
  '/api/admin/logout': route({
    POST: async (request) => {
      assertSameOrigin(request);
      const session = await readSession(request);
      if (session) await endSession(session.sessionId);
      return withCookies(json({ authenticated: false }), clearedSessionCookies());
    },
  }),
  '/api/admin/auth-status': route({
    GET: async (request) => json({ authenticated: (await readSession(request)) !== null }),
  }),
  '/api/auth/user': route({
    GET: async (request) => {
      const session = await readSession(request);
      // A deactivated account still learns who it is (isActive false); every admin route refuses it with 403.
      return session ? json(publicUser(session.user)) : errorResponse(401, 'Unauthorized');
    },
  }),
};

/** Sign-in, sign-out and "who is signed in". */
export default function adminAuth(request: Request, context: Context): Promise<Response> | Response {
  const path = new URL(request.url).pathname.replace(/\/+$/, '');
  return routes[path]?.(request, context) ?? errorResponse(404, 'Not found');
}

export const config: Config = {
  path: ['/api/admin/login', '/api/admin/logout', '/api/admin/auth-status', '/api/auth/user'],
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
