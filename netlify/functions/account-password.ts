import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { changeOwnPassword } from '../../src/lib/auth/accounts';
import { requireUser } from '../../src/lib/auth/guard';
import { startSession } from '../../src/lib/auth/session';
import { json, parseJsonBody, route, withCookies } from '../../src/lib/http';
import { adminAuthRateLimit } from '../../src/lib/rate-limits';
import { publicUser } from '../../src/lib/schemas/user';

const changeSchema = z.object({
  currentPassword: z.string().max(1024, { error: 'Password is too long' }),
  newPassword: z.string().max(4096, { error: 'Password is too long' }),
});

/**
 * POST /api/account/password {currentPassword, newPassword}: any signed-in, active account (an investor too, and
 * one that must replace a temporary password) changes its own password. Every session of the account ends; this
 * browser gets a new one.
 */
export default route({
  POST: async (request) => {
    const user = await requireUser(request, { passwordChange: true });
    const { currentPassword, newPassword } = await parseJsonBody(request, changeSchema);
    const updated = await changeOwnPassword(user, currentPassword, newPassword);
    return withCookies(json({ success: true, user: publicUser(updated) }), await startSession(updated));
  },
});

export const config: Config = {
  path: '/api/account/password',
  rateLimit: adminAuthRateLimit,
};
