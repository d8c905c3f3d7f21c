import type { Config } from '@netlify/functions';
import { profileInputSchema, publicUser } from '../../src/features/accounts/schema';
import { setUserProfile } from '../../src/features/accounts/users-store';
import { requireUser, UNAUTHORIZED } from '../../src/http/guard';
import { parseJsonBody } from '../../src/http/bodies';
import { HttpError, json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { adminAuthRateLimit } from '../../src/http/rate-limits';

/**
 * PUT /api/account/profile {displayName, title}: the signed-in account sets its own name and title (one line each,
 * at most 100 characters; empty unsets), which sign a partner's replies. 200 with the account as /api/auth/user
 * answers it.
 */
export default route({
  PUT: async (request) => {
    const user = await requireUser(request);
    const profile = await parseJsonBody(request, profileInputSchema);
    const updated = await setUserProfile(user.username, profile);
    if (!updated) throw new HttpError(401, UNAUTHORIZED);
    return json(publicUser(updated));
  },
});

export const config: Config = {
  path: '/api/account/profile',
  rateLimit: adminAuthRateLimit,
};
