import type { Config, Context } from '@netlify/functions';
import { requireAdmin } from '../../src/http/guard';
import { pathId } from '../../src/http/bodies';
import { json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { RUN_TOKEN_HEADER, runIssueSend, validRunToken } from '../../src/features/newsletter/issues';

/**
 * A background function (the `-background` suffix: Netlify answers 202 at once and lets it run up to 15 minutes):
 * one run of an issue's send (src/features/newsletter/issues.ts). Started by the admin's Send and by the mail schedule, each
 * with the run's token (an HMAC of the issue id under JWT_SECRET); an admin may also start one. It only continues a
 * send an admin started: anything else is a no-op.
 */
export default route({
  POST: async (request: Request, context: Context) => {
    const token = request.headers.get(RUN_TOKEN_HEADER);
    if (!validRunToken(context.params['id'] ?? '', token)) await requireAdmin(request);
    const id = pathId(context);
    const result = await runIssueSend(id);
    return json(result, { status: 202 });
  },
});

export const config: Config = {
  path: '/api/newsletter-issues/:id/run',
};
