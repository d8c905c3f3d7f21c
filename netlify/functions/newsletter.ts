import type { Config } from '@netlify/functions';
import { HttpError, json, parseJsonBody, route } from '../../src/lib/http';
import { newId } from '../../src/lib/ids';
import { publicWriteRateLimit } from '../../src/lib/rate-limits';
import { DUPLICATE_SUBSCRIPTION, newsletterInputSchema } from '../../src/lib/schemas/newsletter';
import { subscribe } from '../../src/lib/stores/newsletter';

export default route({
  POST: async (request) => {
    const { website, ...input } = await parseJsonBody(request, newsletterInputSchema);
    if (website) return json({ success: true, id: newId() }, { status: 201 });
    const result = await subscribe(input);
    if (result.status === 'duplicate') throw new HttpError(409, DUPLICATE_SUBSCRIPTION, 'email');
    return json({ success: true, id: result.subscription.id }, { status: 201 });
  },
});

export const config: Config = {
  path: '/api/newsletter',
  rateLimit: publicWriteRateLimit,
};
