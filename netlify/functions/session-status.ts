import type { Config } from '@netlify/functions';
import { readSession } from '../../src/http/session';
import { json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { adminAuthRateLimit } from '../../src/http/rate-limits';

/** GET /api/admin/auth-status: whether the request carries a valid session. */
export default route({
  GET: async (request) => json({ authenticated: (await readSession(request)) !== null }),
});

export const config: Config = {
  path: '/api/admin/auth-status',
  rateLimit: adminAuthRateLimit,
};
