import type { Config } from '@netlify/functions';
import { requireUser } from '../../src/lib/auth/guard';
import { csvFileName, newsletterCsv } from '../../src/lib/csv';
import { csvResponse, json, notFound, pathId, route, wantsCsv } from '../../src/lib/http';
import { deleteSubscriber, listSubscribers } from '../../src/lib/stores/newsletter';

export default route({
  GET: async (request) => {
    await requireUser(request);
    const subscribers = await listSubscribers();
    if (wantsCsv(request)) return csvResponse(newsletterCsv(subscribers), csvFileName('newsletter-subscribers'));
    return json(subscribers);
  },
  DELETE: async (request, context) => {
    await requireUser(request);
    if (!(await deleteSubscriber(pathId(context)))) throw notFound('Subscription');
    return json({ success: true });
  },
});

export const config: Config = {
  path: ['/api/newsletters', '/api/newsletters/:id'],
};
