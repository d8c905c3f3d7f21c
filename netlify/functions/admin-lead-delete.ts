import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/http/guard';
import { parseJsonBody, pathId } from '../../src/http/bodies';
import { json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { leadDetail, updateLead } from '../../src/features/leads/inbox';
import { ADMIN_NO_STORE, deleteMessageAsAdmin } from '../../src/features/privacy/deletes';
import { leadPatchSchema } from '../../src/features/leads/schema';

/**
 * /api/contact-messages/{id}: an admin reads one lead with its replies (GET), sets its status, owner or private notes (PUT), or
 * deletes it (DELETE).
 */
export default route({
  GET: async (request, context) => {
    const user = await requireAdmin(request);
    return json(await leadDetail(pathId(context), user), { headers: ADMIN_NO_STORE });
  },
  PUT: async (request, context) => {
    const user = await requireAdmin(request);
    const patch = await parseJsonBody(request, leadPatchSchema);
    return json(await updateLead(pathId(context), patch, user), { headers: ADMIN_NO_STORE });
  },
  DELETE: async (request, context) => {
    const user = await requireAdmin(request);
    await deleteMessageAsAdmin(pathId(context), user);
    return json({ success: true }, { headers: ADMIN_NO_STORE });
  },
});

export const config: Config = {
  path: '/api/contact-messages/:id',
};
