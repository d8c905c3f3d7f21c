import type { Config } from '@netlify/functions';
import { json, parseJsonOrFormBody, route } from '../../src/lib/http';
import { answeringForms } from '../../src/lib/form-answer';
import { alertContactMessage } from '../../src/lib/mail/alerts';
import { newId } from '../../src/lib/ids';
import { BODY_LIMITS, clientIp, QUOTAS, takeVisitorQuota } from '../../src/lib/quotas';
import { publicWriteRateLimit } from '../../src/lib/rate-limits';
import { contactInputSchema } from '../../src/lib/schemas/contact';
import { addContactMessage } from '../../src/lib/stores/contact-messages';

export default route({
  POST: answeringForms('contact', async (request, context) => {
    const { website, ...input } = await parseJsonOrFormBody(request, contactInputSchema, BODY_LIMITS.contact);
    // The honeypot was filled in: a bot. It gets the same answer and nothing is stored.
    if (website) return json({ success: true, id: newId() }, { status: 201 });
    await takeVisitorQuota(QUOTAS.contact, clientIp(request, context));
    const message = await addContactMessage(input);
    await alertContactMessage(message);
    return json({ success: true, id: message.id }, { status: 201 });
  }),
});

export const config: Config = {
  path: '/api/contact',
  rateLimit: publicWriteRateLimit,
};
