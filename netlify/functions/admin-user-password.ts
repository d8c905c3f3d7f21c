import type { Config } from '@netlify/functions';
import { pathUsername, resetAccountPassword } from '../../src/features/accounts/accounts';
import { requireAdmin } from '../../src/http/guard';
import { json } from '../../src/http/responses';
import { route } from '../../src/http/route';

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
