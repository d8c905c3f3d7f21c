import type { Config } from '@netlify/functions';
import { assertSameOrigin } from '../../src/http/guard';
import { clearedSessionCookies, endSession, readSession } from '../../src/http/session';
import { json, withCookies } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { adminAuthRateLimit } from '../../src/http/rate-limits';

/** POST /api/admin/logout: ends the session (if any) and clears its cookies. */
export default route({
  POST: async (request) => {
    assertSameOrigin(request);
    const session = await readSession(request);
    if (session) await endSession(session.sessionId);
    return withCookies(json({ authenticated: false }), clearedSessionCookies());
  },
});

export const config: Config = {
  path: '/api/admin/logout',
  rateLimit: adminAuthRateLimit,
};
