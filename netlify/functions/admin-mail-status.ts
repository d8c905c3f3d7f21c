import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/http/guard';
import { json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { mailStatus } from '../../src/features/mail/outbox';

/** GET /api/mail/status (admin): whether SMTP is configured and how many mails wait in the outbox. */
export default route({
  GET: async (request) => {
    await requireAdmin(request);
    return json(await mailStatus());
  },
});

export const config: Config = {
  path: '/api/mail/status',
};
