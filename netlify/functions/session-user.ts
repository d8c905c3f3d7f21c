import type { Config } from '@netlify/functions';
import { UNAUTHORIZED } from '../../src/http/guard';
import { readSession } from '../../src/http/session';
import { HttpError, json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { adminAuthRateLimit } from '../../src/http/rate-limits';
import { publicUser } from '../../src/features/accounts/schema';

/** GET /api/auth/user: who is signed in, or 401. */
export default route({
  GET: async (request) => {
    const session = await readSession(request);
    // A deactivated account still learns who it is (isActive false); every admin route refuses it with 403.
    if (!session) throw new HttpError(401, UNAUTHORIZED);
    return json(publicUser(session.user));
  },
});

export const config: Config = {
  path: '/api/auth/user',
  rateLimit: adminAuthRateLimit,
};
