import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { changeOwnPassword } from '../../src/features/accounts/accounts';
import { requireUser } from '../../src/http/guard';
import { startSession } from '../../src/http/session';
import { parseJsonBody } from '../../src/http/bodies';
import { json, withCookies } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { adminAuthRateLimit } from '../../src/http/rate-limits';
import { publicUser } from '../../src/features/accounts/schema';

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
