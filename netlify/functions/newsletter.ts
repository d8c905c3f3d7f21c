import type { Config } from '@netlify/functions';
import { HttpError, json, parseJsonOrFormBody, route } from '../../src/lib/http';
import { answeringForms } from '../../src/lib/form-answer';
import { newId } from '../../src/lib/ids';
import { BODY_LIMITS, clientIp, QUOTAS, takeVisitorQuota } from '../../src/lib/quotas';
import { publicWriteRateLimit } from '../../src/lib/rate-limits';
import { DUPLICATE_SUBSCRIPTION, newsletterInputSchema } from '../../src/lib/schemas/newsletter';
import { subscribe } from '../../src/lib/stores/newsletter';

export default route({
  POST: answeringForms('newsletter', async (request, context) => {
    const { website, ...input } = await parseJsonOrFormBody(request, newsletterInputSchema, BODY_LIMITS.newsletter);
    if (website) return json({ success: true, id: newId() }, { status: 201 });
    // A repeat sign-up stores nothing, so only a new one counts against the quota.
    const result = await subscribe(input, () => takeVisitorQuota(QUOTAS.newsletter, clientIp(request, context)));
    if (result.status === 'duplicate') throw new HttpError(409, DUPLICATE_SUBSCRIPTION, 'email');
    return json({ success: true, id: result.subscription.id }, { status: 201 });
  }),
});

export const config: Config = {
  path: '/api/newsletter',
  rateLimit: publicWriteRateLimit,
};
