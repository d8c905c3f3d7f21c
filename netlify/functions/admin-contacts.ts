import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/http/guard';
import { parseWith } from '../../src/http/bodies';
import { json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { contactQuerySchema } from '../../src/features/contacts/schema';
import { contactTimeline } from '../../src/features/contacts/timeline';
import { ADMIN_NO_STORE } from '../../src/features/privacy/deletes';

/**
 * GET /api/contacts?email=ADDRESS[&phone=NUMBER] (admin): one person's timeline, newest first
 * (src/features/contacts/schema.ts, ContactTimeline; docs/product.md, "Contact timeline"). 400 naming `email` (or
 * `phone`) when it is missing or invalid; an address with no records answers 200 with no items.
 */
export default route({
  GET: async (request) => {
    await requireAdmin(request);
    const params = new URL(request.url).searchParams;
    const query = parseWith(contactQuerySchema, {
      email: params.get('email') ?? undefined,
      phone: params.get('phone') ?? undefined,
    });
    return json(await contactTimeline(query), { headers: ADMIN_NO_STORE });
  },
});

export const config: Config = {
  path: '/api/contacts',
};
