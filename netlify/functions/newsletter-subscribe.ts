import type { Config } from '@netlify/functions';
import { parseJsonOrFormBody } from '../../src/http/bodies';
import { HttpError, json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { DEFAULT_LANGUAGE, isLanguage } from '../../src/i18n/languages';
import { answeringForms } from '../../src/http/form-answer';
import { newId } from '../../src/platform/ids';
import { signUp } from '../../src/features/newsletter/mail';
import { BODY_LIMITS, QUOTAS, takeVisitorQuota } from '../../src/features/quotas/quotas';
import { clientIp } from '../../src/http/client-ip';
import { publicWriteRateLimit } from '../../src/http/rate-limits';
import { DUPLICATE_SUBSCRIPTION, newsletterInputSchema } from '../../src/features/newsletter/schema';

/**
 * POST /api/newsletter: a sign-up with double opt-in (docs/product.md, "Newsletter"). 201 means "pending: check
 * your e-mail" (a confirmation mail in the page's language), also for an address already pending (the mail again);
 * 409 for a confirmed address.
 */
export default route({
  POST: answeringForms('newsletter', async (request, context) => {
    const { website, language, ...input } = await parseJsonOrFormBody(
      request,
      newsletterInputSchema,
      BODY_LIMITS.newsletter,
    );
    if (website) return json({ success: true, id: newId() }, { status: 201 });
    const asked = new URL(request.url).searchParams.get('lang');
    const lang = language ?? (isLanguage(asked) ? asked : DEFAULT_LANGUAGE);
    // A confirmed address stores and sends nothing, so only other sign-ups count against the quota.
    const result = await signUp(input, lang, () => takeVisitorQuota(QUOTAS.newsletter, clientIp(request, context)));
    if (result.status === 'duplicate') throw new HttpError(409, DUPLICATE_SUBSCRIPTION, 'email');
    return json({ success: true, id: result.subscriber.id }, { status: 201 });
  }),
});

export const config: Config = {
  path: '/api/newsletter',
  rateLimit: publicWriteRateLimit,
};
