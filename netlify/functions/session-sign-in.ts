import type { Config } from '@netlify/functions';
import { assertSameOrigin } from '../../src/http/guard';
import { authenticate } from '../../src/features/accounts/login';
import { assertSessionSecret, startSession } from '../../src/http/session';
import { parseJsonBody } from '../../src/http/bodies';
import { json, withCookies } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { adminAuthRateLimit } from '../../src/http/rate-limits';
import { recordAudit } from '../../src/features/audit/store';
import { recordSignIn } from '../../src/features/accounts/users-store';
import { loginInputSchema, publicUser } from '../../src/features/accounts/schema';

/** POST /api/admin/login {username, password}: signs in with a session cookie. */
export default route({
  POST: async (request, context) => {
    assertSameOrigin(request);
    // Without JWT_SECRET no session can be made: say so before any password is checked.
    assertSessionSecret();
    const { username, password } = await parseJsonBody(request, loginInputSchema);
    const user = await authenticate(username, password, context.ip);
    // The Users tab's last sign-in, and the audit log (docs/roles.md).
    await Promise.all([
      recordSignIn(user.username),
      recordAudit({ actor: user.username, actorRole: user.role, action: 'sign-in', target: user.username, detail: '' }),
    ]);
    // The token only ever travels in the HttpOnly cookie, never in a body.
    return withCookies(json({ authenticated: true, user: publicUser(user) }), await startSession(user));
  },
});

export const config: Config = {
  path: '/api/admin/login',
  rateLimit: adminAuthRateLimit,
};
