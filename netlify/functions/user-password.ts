import type { Config } from '@netlify/functions';
import { pathUsername, resetAccountPassword } from '../../src/lib/auth/accounts';
import { requireAdmin } from '../../src/lib/auth/guard';
import { json, route } from '../../src/lib/http';

/**
 * POST /api/users/{username}/password (admins only): a new temporary password, answered once; the account's
 * sessions end and it must choose its own password at next sign-in.
 */
export default route({
  POST: async (request, context) => {
    const actor = await requireAdmin(request);
    return json(await resetAccountPassword(actor, pathUsername(context.params['username'])));
  },
});

export const config: Config = {
  path: '/api/users/:username/password',
};
