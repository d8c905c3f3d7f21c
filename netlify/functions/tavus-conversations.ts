import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/lib/auth/guard';
import {
  eachVideoConversation,
  listVideoConversationsPage,
  logVideoFromClient,
} from '../../src/lib/conversations/logs';
import { VIDEO_CSV_HEADER, videoRows } from '../../src/lib/csv';
import { logRoute } from '../../src/lib/conversations/log-route';
import { BODY_LIMITS, QUOTAS } from '../../src/lib/quotas';
import { publicWriteRateLimit } from '../../src/lib/rate-limits';
import { videoLogInputSchema } from '../../src/lib/schemas/conversation';

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
