import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/lib/auth/guard';
import { NEWSLETTER_CSV_HEADER, newsletterRows } from '../../src/lib/csv';
import { json, notFound, pagedListAnswer, pathId, route } from '../../src/lib/http';
import { deleteSubscriber, eachSubscriber, listSubscribersPage } from '../../src/lib/stores/newsletter';

export default route({
  GET: async (request) => {
    await requireAdmin(request);
    return pagedListAnswer(request, {
      page: listSubscribersPage,
      each: eachSubscriber,
      csv: { name: 'newsletter-subscribers', header: NEWSLETTER_CSV_HEADER, rows: newsletterRows },
    });
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
