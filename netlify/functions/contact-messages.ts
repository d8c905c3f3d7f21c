import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/lib/auth/guard';
import { pagedListAnswer, route } from '../../src/lib/http';
import { eachContactMessage, listContactMessagesPage } from '../../src/lib/stores/contact-messages';

export default route({
  GET: async (request) => {
    await requireAdmin(request);
    return pagedListAnswer(request, { page: listContactMessagesPage, each: eachContactMessage });
  },
});

export const config: Config = {
  path: '/api/contact-messages',
};
