import type { PageLead } from '../../../features/analytics/schema';
import { Dialog } from '../../react-ui/dialog';
import { formatDateTime } from '../format';
import { useAdminTexts } from '../language';
import { ListState } from '../list-state';
import { useQuery } from '../query';
import { useFormats } from './format';

/** The leads a page brought (GET /api/analytics/page-leads), each a link to it in the Messages tab. */
function PageLeadList({ path, from, to, onOpen }: { path: string; from: string; to: string; onOpen: () => void }) {
  const adminTexts = useAdminTexts();
  const t = adminTexts.analytics;
  const f = useFormats();
  const query = new URLSearchParams({ path, from, to });
  const { data, loading, error } = useQuery<PageLead[]>(
    `analytics\npage-leads\n${path}\n${from}\n${to}`,
    `/api/analytics/page-leads?${query.toString()}`,
  );
  const sources: Record<string, string> = adminTexts.leads.sources;
  const statuses: Record<string, string> = adminTexts.leads.statuses;
  const outcomes: Record<string, string> = t.pageLeads.outcomes;
  const channels: Record<string, string> = t.channels;
  return (
    <>
      <p className="mb-3 text-sm text-slate-700">{t.pageLeads.intro(f.day(from), f.day(to))}</p>
      <ListState loading={loading} error={error} empty={!data?.length} emptyText={t.pageLeads.empty}>
        <ul className="space-y-3" data-page-leads>
          {data?.map((lead) => {
            const came = lead.attribution;
            return (
              <li key={lead.id} className="rounded-md border border-slate-200 p-3" data-page-lead={lead.id}>
                <a
                  href={`/admin#messages/${encodeURIComponent(lead.id)}`}
                  onClick={onOpen}
                  className="font-semibold text-emerald-800 underline underline-offset-2 [overflow-wrap:anywhere] hover:text-emerald-900"
                >
                  {lead.name}
                </a>
                <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                  {lead.company && (
                    <>
                      <dt className="text-slate-600">{t.pageLeads.company}</dt>
                      <dd className="[overflow-wrap:anywhere]">{lead.company}</dd>
                    </>
                  )}
                  <dt className="text-slate-600">{t.pageLeads.source}</dt>
                  <dd>{sources[lead.source] ?? lead.source}</dd>
                  <dt className="text-slate-600">{t.pageLeads.date}</dt>
                  <dd>{formatDateTime(lead.createdAt)}</dd>
                  <dt className="text-slate-600">{t.pageLeads.status}</dt>
                  <dd data-lead-status>
                    {statuses[lead.status] ?? lead.status}
                    {lead.outcome && ` · ${outcomes[lead.outcome] ?? lead.outcome}`}
                    {lead.outcome === 'won' && lead.value !== null && ` · ${f.euros(lead.value)}`}
                  </dd>
                  <dt className="text-slate-600">{t.pageLeads.cameBy}</dt>
                  <dd className="[overflow-wrap:anywhere]">
                    {channels[came.channel] ?? came.channel}
                    {came.source && ` · ${came.source}`}
                  </dd>
                </dl>
              </li>
            );
          })}
        </ul>
      </ListState>
    </>
  );
}

/** What a page of the Pages table brought, in a dialog; `path` null: closed. */
export function PageLeadsDialog({
  path,
  from,
  to,
  onClose,
}: {
  path: string | null;
  from: string;
  to: string;
  onClose: () => void;
}) {
  const adminTexts = useAdminTexts();
  return (
    <Dialog
      open={path !== null}
      title={path === null ? '' : adminTexts.analytics.pageLeads.title(path)}
      closeLabel={adminTexts.close}
      onClose={onClose}
      className="max-w-xl"
    >
      {path !== null && <PageLeadList path={path} from={from} to={to} onOpen={onClose} />}
    </Dialog>
  );
}
