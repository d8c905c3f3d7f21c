import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { HttpError, json, parseJsonBody, route } from '../../src/lib/http';
import { handleCallback, verifyCallbackToken } from '../../src/lib/video/tavus';

/**
 * POST /api/tavus/callback?nonce&token: Tavus's events for a call (transcript,
 * shutdown). The HMAC token in the URL the server gave Tavus is the only key;
 * not rate-limited per IP, since every call's events come from Tavus's servers.
 */
export default route({
  POST: async (request) => {
    const url = new URL(request.url);
    if (!verifyCallbackToken(url.searchParams.get('nonce'), url.searchParams.get('token')))
      throw new HttpError(401, 'Unauthorized');
    await handleCallback(await parseJsonBody(request, z.record(z.string(), z.unknown())));
    return json({ received: true });
  },
});

export const config: Config = {
  path: '/api/tavus/callback',
};
