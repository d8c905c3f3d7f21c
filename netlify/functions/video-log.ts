import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/http/guard';
import { eachVideoConversation, listVideoConversationsPage, logVideoFromClient } from '../../src/features/video/log';
import { VIDEO_CSV_HEADER, videoRows } from '../../src/features/video/csv';
import { logRoute } from '../../src/http/log-route';
import { BODY_LIMITS, QUOTAS } from '../../src/features/quotas/quotas';
import { publicWriteRateLimit } from '../../src/http/rate-limits';
import { videoLogInputSchema } from '../../src/features/conversations/schema';

/** The video-call log: the page reports a call when it ends; the admin reads calls. */
export default logRoute({
  input: videoLogInputSchema,
  append: logVideoFromClient,
  authorise: requireAdmin,
  list: {
    page: listVideoConversationsPage,
    each: eachVideoConversation,
    csv: { name: 'video-conversations', header: VIDEO_CSV_HEADER, rows: videoRows },
  },
  maxBodyBytes: BODY_LIMITS.videoLog,
  quota: QUOTAS.videoLog,
});

export const config: Config = {
  path: '/api/tavus-conversations',
  rateLimit: publicWriteRateLimit,
};
