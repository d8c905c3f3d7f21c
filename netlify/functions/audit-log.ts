import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/lib/auth/guard';
import { auditCsv } from '../../src/lib/csv';
import { listAnswer, route } from '../../src/lib/http';
import { listAudit } from '../../src/lib/stores/audit-log';

/** GET /api/audit-log (admins only): who did what when, newest first; `?format=csv` exports it. */
export default route({
  GET: async (request) => {
    await requireAdmin(request);
    return listAnswer(request, await listAudit(), { name: 'audit-log', write: auditCsv });
  },
});

export const config: Config = {
  path: '/api/audit-log',
};
