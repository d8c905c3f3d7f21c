import type { Config } from '@netlify/functions';
import { HttpError, json, parseJsonOrFormBody, route } from '../../src/lib/http';
import { answeringForms, language } from '../../src/lib/form-answer';
import { alertContactMessage } from '../../src/lib/mail/alerts';
import { newId } from '../../src/lib/ids';
import { BODY_LIMITS, clientIp, QUOTAS, takeVisitorQuota } from '../../src/lib/quotas';
import { publicWriteRateLimit } from '../../src/lib/rate-limits';
import { contactInputSchema } from '../../src/lib/schemas/contact';
import { addContactMessage } from '../../src/lib/stores/contact-messages';
import { isAllowedService } from '../../src/lib/taxonomy';

export default route({
  POST: answeringForms('contact', async (request, context) => {
    const { website, ...input } = await parseJsonOrFormBody(request, contactInputSchema, BODY_LIMITS.contact);
    // The honeypot was filled in: a bot. It gets the same answer and nothing is stored.
    if (website) return json({ success: true, id: newId() }, { status: 201 });
    if (input.serviceOfInterest && !(await isAllowedService(input.serviceOfInterest)))
      throw new HttpError(400, 'Choose one of the listed services', 'serviceOfInterest');
    await takeVisitorQuota(QUOTAS.contact, clientIp(request, context));
    // The page's language (the form's URL names it): a partner's reply starts in it.
    const message = await addContactMessage(input, 'form', undefined, undefined, { language: language(request) });
    await alertContactMessage(message);
    return json({ success: true, id: message.id }, { status: 201 });
  }),
});

export const config: Config = {
  path: '/api/contact',
  rateLimit: publicWriteRateLimit,
};
