import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/http/guard';
import { parseJsonBody } from '../../src/http/bodies';
import { json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { ADMIN_NO_STORE } from '../../src/features/privacy/deletes';
import {
  accessPersonalData,
  erasePersonalData,
  findPersonalData,
  privacyRequestSchema,
} from '../../src/features/privacy/requests';

/**
 * POST /api/privacy-requests {email?, phone?, kind} (one at least; a phone finds WhatsApp conversations): `lookup`
 * answers what the site holds about the person; `access`
 * answers the same as one JSON file to download and records that the request was handled; `erasure` deletes it
 * all (at Tavus too) and records that. The address travels in the body, never in a URL or a log line.
 */
export default route({
  POST: async (request) => {
    const user = await requireAdmin(request);
    const { kind, ...person } = await parseJsonBody(request, privacyRequestSchema, 4096);
    if (kind === 'lookup') return json(await findPersonalData(person), { headers: ADMIN_NO_STORE });
    if (kind === 'erasure') return json({ erased: await erasePersonalData(person, user) }, { headers: ADMIN_NO_STORE });
    const data = await accessPersonalData(person, user);
    return json(data, {
      headers: {
        ...ADMIN_NO_STORE,
        'Content-Disposition': `attachment; filename="privacy-request-${data.generatedAt.slice(0, 10)}.json"`,
      },
    });
  },
});

export const config: Config = {
  path: '/api/privacy-requests',
};
