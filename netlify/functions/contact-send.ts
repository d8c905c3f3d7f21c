import type { Config } from '@netlify/functions';
import { parseJsonOrFormBody } from '../../src/http/bodies';
import { HttpError, json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { answeringForms, language } from '../../src/http/form-answer';
import { alertContactMessage } from '../../src/features/leads/alerts';
import { acknowledgeLead } from '../../src/features/leads/acknowledgement';
import { newId } from '../../src/platform/ids';
import { BODY_LIMITS, QUOTAS, takeVisitorQuota } from '../../src/features/quotas/quotas';
import { clientIp } from '../../src/http/client-ip';
import { publicWriteRateLimit } from '../../src/http/rate-limits';
import { contactInputSchema } from '../../src/features/leads/contact-schema';
import { addContactMessage } from '../../src/features/leads/messages-store';
import { isAllowedService } from '../../src/features/taxonomy/taxonomy';
import { attributionFor, recordGoal } from '../../src/features/analytics/analytics';
import { visitSignal } from '../../src/http/visit';

export default route({
  POST: answeringForms('contact', async (request, context) => {
    const { website, ...input } = await parseJsonOrFormBody(request, contactInputSchema, BODY_LIMITS.contact);
    // The honeypot was filled in: a bot. It gets the same answer and nothing is stored.
    if (website) return json({ success: true, id: newId() }, { status: 201 });
    if (input.serviceOfInterest && !(await isAllowedService(input.serviceOfInterest)))
      throw new HttpError(400, 'Choose one of the listed services', 'serviceOfInterest');
    await takeVisitorQuota(QUOTAS.contact, clientIp(request, context));
    // The page's language (the form's URL names it): a partner's reply starts in it.
    // Where the visitor came from: their visit of today, as the server counted it (docs/product.md, "Analytics").
    const { visitor, attribution } = await attributionFor(visitSignal(request, context));
    const message = await addContactMessage(input, 'form', undefined, undefined, {
      language: language(request),
      attribution,
    });
    await recordGoal('contact-sent', visitor);
    await alertContactMessage(message);
    // The visitor's acknowledgement: no text they typed, one per address a day (docs/decisions/0046).
    await acknowledgeLead(message, 'form');
    return json({ success: true, id: message.id }, { status: 201 });
  }),
});

export const config: Config = {
  path: '/api/contact',
  rateLimit: publicWriteRateLimit,
};
