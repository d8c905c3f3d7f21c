import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/http/guard';
import { NEWSLETTER_CSV_HEADER, newsletterRows } from '../../src/features/newsletter/csv';
import { pathId } from '../../src/http/bodies';
import { pagedListAnswer } from '../../src/http/lists';
import { json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { notFound } from '../../src/platform/errors';
import {
  deleteSubscriber,
  eachSubscriber,
  listSubscribersPage,
  subscriberById,
} from '../../src/features/newsletter/subscribers-store';
import { ADMIN_NO_STORE } from '../../src/features/privacy/deletes';

/**
 * GET /api/newsletters: a page of subscribers, newest first, or the CSV; GET /api/newsletters/{id}: one subscriber
 * (404 when there is none); DELETE /api/newsletters/{id}. Admins only.
 */
export default route({
  GET: async (request, context) => {
    await requireAdmin(request);
    if (context.params['id']) {
      const subscriber = await subscriberById(pathId(context));
      if (!subscriber) throw notFound('Subscription');
      return json(subscriber, { headers: ADMIN_NO_STORE });
    }
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
