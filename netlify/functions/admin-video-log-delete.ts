import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/http/guard';
import { json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { ADMIN_NO_STORE, deleteVideoAsAdmin, pathSessionId } from '../../src/features/privacy/deletes';

/** DELETE /api/tavus-conversations/{conversationId}: an admin deletes one video call, here and at Tavus. */
export default route({
  DELETE: async (request, context) => {
    const user = await requireAdmin(request);
    await deleteVideoAsAdmin(pathSessionId(context.params['id']), user);
    return json({ success: true }, { headers: ADMIN_NO_STORE });
  },
});

export const config: Config = {
  path: '/api/tavus-conversations/:id',
};
