import { attributionFor } from '../../src/features/analytics/analytics';
import { visitSignal } from '../../src/http/visit';
import type { Config } from '@netlify/functions';
import { localePath } from '../../src/i18n';
import { fileAccessRequest } from '../../src/features/leads/access-requests';
import { answeringFormsAt } from '../../src/http/form-answer';
import { FORM_BODY_FACTOR, isFormPost, parseJsonBody, parseWith, readBody } from '../../src/http/bodies';
import { json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { newId } from '../../src/platform/ids';
import { BODY_LIMITS, QUOTAS, takeVisitorQuota } from '../../src/features/quotas/quotas';
import { clientIp } from '../../src/http/client-ip';
import { publicWriteRateLimit } from '../../src/http/rate-limits';
import { accessRequestInputSchema } from '../../src/features/leads/access-schema';

/** The list fields an HTML form sends as repeated names (`sectors=ai&sectors=fintech`). */
const LISTS = ['sectors', 'regions'];

/** JSON, or an HTML form's fields with its repeated ones as lists; the same schema either way. */
async function readInput(request: Request) {
  if (!isFormPost(request)) return parseJsonBody(request, accessRequestInputSchema, BODY_LIMITS.access);
  const body = await readBody(request, BODY_LIMITS.access * FORM_BODY_FACTOR);
  const params = new URLSearchParams(body.toString('utf8'));
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of params) if (!Object.hasOwn(fields, name)) fields[name] = value;
  for (const name of LISTS) fields[name] = params.getAll(name);
  return parseWith(accessRequestInputSchema, fields);
}

/**
 * POST /api/access-requests: a prospective investor's request for access (docs/product.md, "Request access"). The
 * same honeypot, quotas and body limit as the contact form; the lead is a contact message with `source: 'investor'`.
 * An HTML form's post is sent back to /request-access (or /es/request-access) with the result.
 */
export default route({
  POST: answeringFormsAt(
    'access-requests',
    async (request, context) => {
      const { website, ...input } = await readInput(request);
      if (website) return json({ success: true, id: newId() }, { status: 201 });
      await takeVisitorQuota(QUOTAS.access, clientIp(request, context));
      const message = await fileAccessRequest(input, await attributionFor(visitSignal(request, context)));
      return json({ success: true, id: message.id }, { status: 201 });
    },
    (lang, result) => `${localePath(lang, '/request-access')}?result=${result}`,
  ),
});

export const config: Config = {
  path: '/api/access-requests',
  rateLimit: publicWriteRateLimit,
};
