import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/lib/auth/guard';
import { json, pathId, route } from '../../src/lib/http';
import { ADMIN_NO_STORE, deleteMessageAsAdmin } from '../../src/lib/privacy/deletes';

/** DELETE /api/contact-messages/{id}: an admin deletes one message. */
export default route({
  DELETE: async (request, context) => {
    const user = await requireAdmin(request);
    await deleteMessageAsAdmin(pathId(context), user);
    return json({ success: true }, { headers: ADMIN_NO_STORE });
  },
});

export const config: Config = {
  path: '/api/contact-messages/:id',
};
