import type { Config, Context } from '@netlify/functions';
import { readBody } from '../../src/http/bodies';
import { BASE_HEADERS, HttpError } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { BODY_LIMITS } from '../../src/features/quotas/quotas';
import { whatsappConfig } from '../../src/features/whatsapp/config';
import { webhookPayloadSchema } from '../../src/features/whatsapp/schema';
import { validSignature } from '../../src/features/whatsapp/signature';
import { handleWebhook, verificationChallenge } from '../../src/features/whatsapp/webhook';

/** Without the four WhatsApp variables the channel is not connected: both methods answer 404. */
function connected() {
  const config = whatsappConfig();
  if (!config) throw new HttpError(404, 'Not found');
  return config;
}

const text = (body: string, status = 200) =>
  new Response(body, { status, headers: { ...BASE_HEADERS, 'content-type': 'text/plain; charset=utf-8' } });

/**
 * The WhatsApp Business Cloud API's webhook (docs/product.md, "WhatsApp"; README, "WhatsApp").
 * GET: Meta's verification (`hub.mode=subscribe` and our `hub.verify_token` → 200 with `hub.challenge`; else 403).
 * POST: Meta's events, signed (`X-Hub-Signature-256` over the raw body with WHATSAPP_APP_SECRET; 401 and nothing
 * stored when it is missing or wrong), answered 200 at once; the messages are stored and answered after the answer
 * (`context.waitUntil`: docs/decisions/0051-whatsapp-webhook-answers-then-works-with-waituntil.md).
 */
export default route({
  GET: (request) => {
    const config = connected();
    const query = new URL(request.url).searchParams;
    const challenge = verificationChallenge(
      { mode: query.get('hub.mode'), token: query.get('hub.verify_token'), challenge: query.get('hub.challenge') },
      config,
    );
    return challenge === null ? text('Forbidden', 403) : text(challenge);
  },
  POST: async (request, context: Context) => {
    const config = connected();
    const body = await readBody(request, BODY_LIMITS.whatsapp);
    if (!validSignature(body, request.headers.get('x-hub-signature-256'), config.appSecret)) {
      return text('Invalid signature', 401);
    }
    let parsed;
    try {
      parsed = webhookPayloadSchema.safeParse(JSON.parse(body.toString('utf8')));
    } catch {
      return text('Malformed JSON', 400);
    }
    // A signed event of a shape we do not read is acknowledged (Meta would retry it forever) and ignored.
    if (!parsed.success) return text('OK');
    const work = handleWebhook(parsed.data, config).catch((error: unknown) => {
      console.error('WhatsApp webhook work failed', error);
    });
    // Netlify keeps the function running until the work ends; a runtime without waitUntil waits for it first.
    if (typeof context.waitUntil === 'function') context.waitUntil(work);
    else await work;
    return text('OK');
  },
});

export const config: Config = {
  path: '/api/whatsapp/webhook',
};
