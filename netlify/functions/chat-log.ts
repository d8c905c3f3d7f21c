import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/http/guard';
import { acceptClientChatLog } from '../../src/features/chat/log';
import { logRoute } from '../../src/http/log-route';
import { pagedListAnswer } from '../../src/http/lists';
import { HttpError } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { BODY_LIMITS, QUOTAS } from '../../src/features/quotas/quotas';
import { publicWriteRateLimit } from '../../src/http/rate-limits';
import { chatExchangeInputSchema } from '../../src/features/conversations/schema';
import {
  CONVERSATIONS_CSV_HEADER,
  conversationRows,
  eachListedConversation,
  listedConversationsPage,
} from '../../src/features/whatsapp/conversations';
import { LISTED_CHANNELS, type ListedChannel } from '../../src/features/whatsapp/schema';

const csv = { name: 'whatsapp-conversations', header: CONVERSATIONS_CSV_HEADER, rows: conversationRows };

/**
 * The chat log: the admin reads conversations. `/api/chat` logs each exchange
 * itself; a client's post is still answered 201 but stores nothing (see
 * `acceptClientChatLog`).
 */
const log = logRoute({
  input: chatExchangeInputSchema,
  append: acceptClientChatLog,
  authorise: requireAdmin,
  list: {
    page: (query) => listedConversationsPage(query, null),
    each: eachListedConversation,
    csv,
  },
  maxBodyBytes: BODY_LIMITS.chatLog,
  quota: QUOTAS.chatLog,
});

/** `?channel=chat|whatsapp`: one channel's conversations; none (or empty) lists both. 400 for another value. */
function channelOf(request: Request): ListedChannel | null {
  const channel = new URL(request.url).searchParams.get('channel') || null;
  if (channel !== null && !(LISTED_CHANNELS as readonly string[]).includes(channel)) {
    throw new HttpError(400, 'The channel is chat or whatsapp', 'channel');
  }
  return channel as ListedChannel | null;
}

/**
 * GET: the conversations of both channels (the website chat and WhatsApp), newest first, each with its `channel`;
 * `?channel=` lists one; `?format=csv` exports them all (the seed's columns, then Channel). POST: the SPEC's log
 * endpoint (stores nothing).
 */
export default route({
  GET: async (request) => {
    await requireAdmin(request);
    const channel = channelOf(request);
    return pagedListAnswer(request, {
      page: (query) => listedConversationsPage(query, channel),
      each: eachListedConversation,
      csv,
    });
  },
  POST: log,
});

export const config: Config = {
  path: '/api/whatsapp-conversations',
  rateLimit: { ...publicWriteRateLimit, windowLimit: 60 },
};
