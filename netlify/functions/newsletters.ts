import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/lib/auth/guard';
import { newsletterCsv } from '../../src/lib/csv';
import { json, listAnswer, notFound, pathId, route } from '../../src/lib/http';
import { deleteSubscriber, listSubscribers } from '../../src/lib/stores/newsletter';

export default route({
  GET: async (request) => {
    await requireAdmin(request);
    return listAnswer(request, await listSubscribers(), { name: 'newsletter-subscribers', write: newsletterCsv });
  },
  DELETE: async (request, context) => {
    await requireAdmin(request);
    if (!(await deleteSubscriber(pathId(context)))) throw notFound('Subscription');
    return json({ success: true });
  },
});

export const config: Config = {
  path: ['/api/newsletters', '/api/newsletters/:id'],
};
