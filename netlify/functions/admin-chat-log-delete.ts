import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/http/guard';
import { json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import {
  ADMIN_NO_STORE,
  deleteChatAsAdmin,
  deleteWhatsAppAsAdmin,
  pathSessionId,
  pathWhatsAppId,
} from '../../src/features/privacy/deletes';

/**
 * DELETE /api/whatsapp-conversations/{sessionId}: an admin deletes one chat conversation, every exchange of it;
 * with `?channel=whatsapp`, one WhatsApp conversation (by the contact's id), every message of it.
 */
export default route({
  DELETE: async (request, context) => {
    const user = await requireAdmin(request);
    if (new URL(request.url).searchParams.get('channel') === 'whatsapp') {
      await deleteWhatsAppAsAdmin(pathWhatsAppId(context.params['id']), user);
    } else {
      await deleteChatAsAdmin(pathSessionId(context.params['id']), user);
    }
    return json({ success: true }, { headers: ADMIN_NO_STORE });
  },
});

export const config: Config = {
  path: '/api/whatsapp-conversations/:id',
};
