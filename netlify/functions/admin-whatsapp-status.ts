import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/http/guard';
import { json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { whatsappStatus } from '../../src/features/whatsapp/config';
import { ADMIN_NO_STORE } from '../../src/features/privacy/deletes';

/**
 * GET /api/whatsapp/status (admin): whether the WhatsApp channel is connected (its four variables are set), and the
 * webhook address to give Meta. Never a variable's value.
 */
export default route({
  GET: async (request) => {
    await requireAdmin(request);
    return json(whatsappStatus(new URL(request.url).origin), { headers: ADMIN_NO_STORE });
  },
});

export const config: Config = {
  path: '/api/whatsapp/status',
};
