import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/http/guard';
import { json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { overview } from '../../src/features/overview/overview';

/** GET /api/overview (admin): the last 12 weeks of contact messages, chat leads, chats, video calls and subscribers. */
export default route({
  GET: async (request) => {
    await requireAdmin(request);
    return json(await overview());
  },
});

export const config: Config = {
  path: '/api/overview',
};
