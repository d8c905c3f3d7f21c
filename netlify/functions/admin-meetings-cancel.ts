import type { Config } from '@netlify/functions';
import { parseJsonBody, pathId } from '../../src/http/bodies';
import { requireAdmin } from '../../src/http/guard';
import { json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { cancel } from '../../src/features/meetings/booking';
import { adminCancelInputSchema } from '../../src/features/meetings/schema';
import { ADMIN_NO_STORE } from '../../src/features/privacy/deletes';
import { now } from '../../src/platform/clock';

/**
 * POST /api/admin/meetings/{id}/cancel (docs/product.md, "Meetings"): an admin cancels a meeting with an optional
 * message, which the visitor's METHOD:CANCEL mail carries. 200 `{ id, status: "cancelled" }`; 404, or 410 for a
 * meeting already cancelled or past.
 */
export default route({
  POST: async (request, context) => {
    const user = await requireAdmin(request);
    const { message } = await parseJsonBody(request, adminCancelInputSchema);
    const meeting = await cancel(pathId(context), { admin: user.username, message }, now());
    return json({ id: meeting.id, status: meeting.status }, { headers: ADMIN_NO_STORE });
  },
});

export const config: Config = {
  path: '/api/admin/meetings/:id/cancel',
};
