import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/http/guard';
import { AUDIT_CSV_HEADER, auditRows } from '../../src/features/audit/csv';
import { pagedListAnswer } from '../../src/http/lists';
import { route } from '../../src/http/route';
import { eachAudit, listAuditPage } from '../../src/features/audit/store';

/** GET /api/audit-log (admins only): who did what when, newest first, a page at a time; `?format=csv` exports it. */
export default route({
  GET: async (request) => {
    await requireAdmin(request);
    return pagedListAnswer(request, {
      page: listAuditPage,
      each: eachAudit,
      csv: { name: 'audit-log', header: AUDIT_CSV_HEADER, rows: auditRows },
    });
  },
});

export const config: Config = {
  path: '/api/audit-log',
};
