import type { Config } from '@netlify/functions';
import { requireUser } from '../../src/lib/auth/guard';
import { listVideoConversations, logVideoFromClient } from '../../src/lib/conversations/logs';
import { csvFileName, videoCsv } from '../../src/lib/csv';
import { csvResponse, json, parseJsonBody, route, wantsCsv } from '../../src/lib/http';
import { publicWriteRateLimit } from '../../src/lib/rate-limits';
import { videoLogInputSchema } from '../../src/lib/schemas/conversation';

/** The video-call log: the page reports a call when it ends; the admin reads calls. */
export default route({
  GET: async (request) => {
    await requireUser(request);
    const conversations = await listVideoConversations();
    if (wantsCsv(request)) return csvResponse(videoCsv(conversations), csvFileName('video-conversations'));
    return json(conversations);
  },
  POST: async (request) => {
    const input = await parseJsonBody(request, videoLogInputSchema);
    await logVideoFromClient(input);
    return json({ success: true }, { status: 201 });
  },
});

export const config: Config = {
  path: '/api/tavus-conversations',
  rateLimit: publicWriteRateLimit,
};
