import { visitorId } from '../../src/features/analytics/analytics';
import { visitSignal } from '../../src/http/visit';
import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { parseJsonBody } from '../../src/http/bodies';
import { json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { BODY_LIMITS } from '../../src/features/quotas/quotas';
import { clientIp } from '../../src/http/client-ip';
import { videoCallRateLimit } from '../../src/http/rate-limits';
import { DEFAULT_LANGUAGE } from '../../src/i18n/languages';
import { languageSchema } from '../../src/platform/common-schema';
import { startConversation } from '../../src/features/video/tavus';

const startSchema = z.object({
  // The original client sends these (docs/product.md, "Video"); the server uses its own configured ids and greeting.
  replica_id: z.string().max(100).optional(),
  persona_id: z.string().max(100).optional(),
  conversation_name: z.string().max(200).optional(),
  custom_greeting: z.string().max(1000).optional(),
  language: languageSchema.optional().default(DEFAULT_LANGUAGE),
});

/** POST /api/tavus/conversation: starts a video call with the CEO's avatar. */
export default route({
  POST: async (request, context) => {
    const { language } = await parseJsonBody(request, startSchema, BODY_LIMITS.videoStart);
    const visitor = await visitorId(visitSignal(request, context));
    return json(await startConversation(language, clientIp(request, context), visitor), { status: 201 });
  },
});

export const config: Config = {
  path: '/api/tavus/conversation',
  rateLimit: videoCallRateLimit,
};
