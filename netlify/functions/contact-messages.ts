import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/lib/auth/guard';
import { json, route } from '../../src/lib/http';
import { listContactMessages } from '../../src/lib/stores/contact-messages';

export default route({
  GET: async (request) => {
    await requireAdmin(request);
    return json(await listContactMessages());
  },
});

export const config: Config = {
  path: '/api/contact-messages',
};
