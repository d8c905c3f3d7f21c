import type { AuditAction, AuditEvent } from '../../../features/audit/schema';
import { formatDateTime } from '../format';
import { CsvButton } from '../inbox/csv-button';
import { usePagedQuery } from '../query';
import { RecordTable } from '../record-table';
import { useAdminTexts } from '../language';

/** The audit log (admins only, docs/roles.md): who did what when, newest first, with its CSV export. */
export function AuditTab() {
  const adminTexts = useAdminTexts();
  const t = adminTexts.roles.audit;
  const list = usePagedQuery<AuditEvent>('audit', '/api/audit-log');
  // Typed by the actions the log records: a new action without a name in both languages does not compile.
  const actions: Record<AuditAction, string> = t.actions;
  return (
    <section>
      <div className="mb-4 flex justify-end">
        <CsvButton path="/api/audit-log" />
      </div>
      <RecordTable
        label={adminTexts.roles.tabs.audit}
        list={list}
        emptyText={t.empty}
        columns={[
          { header: t.columns.at, cell: (event) => formatDateTime(event.at), sort: (event) => event.at },
          { header: t.columns.actor, cell: (event) => `${event.actor} (${adminTexts.roles.role[event.actorRole]})` },
          {
            header: t.columns.action,
            cell: (event) => (
              <>
                {actions[event.action]} <code className="text-xs text-slate-500">{event.action}</code>
              </>
            ),
          },
          { header: t.columns.target, cell: (event) => event.target },
          { header: t.columns.detail, cell: (event) => event.detail },
        ]}
        actions={() => null}
      />
    </section>
  );
}
