import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/http/guard';
import { accountOfLead, createAccountFromLead } from '../../src/features/accounts/invitations';
import { pathId } from '../../src/http/bodies';
import { json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { ADMIN_NO_STORE } from '../../src/features/privacy/deletes';

/**
 * /api/contact-messages/{id}/investor-account (admins): GET names the account made from a request for investor
 * access (`{username: null}` when none); POST makes it in one step and mails the invitation (201), 409 when one was
 * made already, 400 when the message is not a request for investor access.
 */
export default route({
  GET: async (request, context) => {
    await requireAdmin(request);
    return json({ username: await accountOfLead(pathId(context)) }, { headers: ADMIN_NO_STORE });
  },
  POST: async (request, context) => {
    const user = await requireAdmin(request);
    const result = await createAccountFromLead(user, pathId(context));
    return json(result, { status: 201, headers: ADMIN_NO_STORE });
  },
});

export const config: Config = {
  path: '/api/contact-messages/:id/investor-account',
};
