import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/http/guard';
import { MESSAGES_CSV_HEADER, messageRows } from '../../src/features/leads/csv';
import { pagedListAnswer } from '../../src/http/lists';
import { route } from '../../src/http/route';
import { LEAD_SOURCES, LEAD_STATUSES, type LeadSource, type LeadStatus } from '../../src/features/leads/schema';
import { eachLead, leadSummary, listLeadsPage, type LeadFilter } from '../../src/features/leads/messages-store';
import { HttpError, json } from '../../src/http/responses';
import { ADMIN_NO_STORE } from '../../src/features/privacy/deletes';
import { taxonomyForPage } from '../../src/features/taxonomy/taxonomy';

function oneOf<T extends string>(values: readonly T[], value: string | null, field: string): T | null {
  if (value === null || value === '') return null;
  const found = values.find((known) => known === value);
  if (!found) throw new HttpError(400, `Invalid ${field}`, field);
  return found;
}

/**
 * `?status=new|replied|closed`, `?source=form|chat|video|investor` (docs/product.md, "Lead inbox") and
 * `?owner={username}` (the leads an admin owns).
 */
function leadFilter(request: Request): LeadFilter {
  const params = new URL(request.url).searchParams;
  const owner = params.get('owner')?.trim() || null;
  if (owner !== null && owner.length > 100) throw new HttpError(400, 'Invalid owner', 'owner');
  return {
    status: oneOf<LeadStatus>(LEAD_STATUSES, params.get('status'), 'status'),
    source: oneOf<LeadSource>(LEAD_SOURCES, params.get('source'), 'source'),
    owner,
  };
}

/**
 * GET /api/contact-messages: a page of leads, newest first (each with its message's `preview` and `readAt`), or the
 * CSV; with `?summary` the counts over every lead instead: `{ unread, waiting, oldestWaitingSince }` (LeadSummary).
 */
export default route({
  GET: async (request) => {
    await requireAdmin(request);
    if (new URL(request.url).searchParams.has('summary')) return json(await leadSummary(), { headers: ADMIN_NO_STORE });
    const filter = leadFilter(request);
    return pagedListAnswer(request, {
      page: (query) => listLeadsPage(query, filter),
      each: eachLead,
      // The Service column names what the services list names (one read, for a CSV only).
      csv: async () => ({
        name: 'contact-messages',
        header: MESSAGES_CSV_HEADER,
        rows: messageRows(await taxonomyForPage()),
      }),
    });
  },
});

export const config: Config = {
  path: '/api/contact-messages',
};
