import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/http/guard';
import { parseJsonBody, pathId } from '../../src/http/bodies';
import { json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { replyToLead } from '../../src/features/leads/inbox';
import { ADMIN_NO_STORE } from '../../src/features/privacy/deletes';
import { leadReplyInputSchema } from '../../src/features/leads/schema';

/**
 * POST /api/contact-messages/{id}/reply: an admin's reply to a lead, sent to the lead's own address (the body names
 * no recipient), kept in the lead's thread; the lead is marked replied. 201 with the lead.
 */
export default route({
  POST: async (request, context) => {
    const user = await requireAdmin(request);
    const input = await parseJsonBody(request, leadReplyInputSchema);
    return json(await replyToLead(pathId(context), input, user), { status: 201, headers: ADMIN_NO_STORE });
  },
});

export const config: Config = {
  path: '/api/contact-messages/:id/reply',
};
