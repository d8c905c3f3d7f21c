import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { parseJsonBody } from '../../src/http/bodies';
import { json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { verifyCallbackUrl } from '../../src/features/video/callback-token';
import { handleCallback } from '../../src/features/video/tavus';

/**
 * POST /api/tavus/callback?nonce&expires&token: Tavus's events for a call
 * (transcript, shutdown). The signed URL the server gave Tavus for one call is
 * the only key: 401 when it is forged, altered or expired, 403 when the event
 * names another conversation. Not rate-limited per IP, since every call's
 * events come from Tavus's servers.
 */
export default route({
  POST: async (request) => {
    const grant = verifyCallbackUrl(new URL(request.url));
    await handleCallback(grant, await parseJsonBody(request, z.record(z.string(), z.unknown())));
    return json({ received: true });
  },
});

export const config: Config = {
  path: '/api/tavus/callback',
};
