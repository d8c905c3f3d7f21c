import type { LeadSummary } from '../../../features/leads/schema';
import { formatDateTime } from '../format';
import { useAdminTexts } from '../language';
import { useQuery } from '../query';

/** The query key of the Messages tab's counts: refetched after a lead is opened, changed, answered or deleted. */
export const LEAD_SUMMARY = 'messages-summary';

/** Above the Messages list: unread leads, those waiting for a reply, and since when the oldest waits. */
export function LeadCounts() {
  const t = useAdminTexts().messages.counts;
  const { data } = useQuery<LeadSummary>(LEAD_SUMMARY, '/api/contact-messages?summary');
  if (!data) return null;
  return (
    <p className="mb-3 text-sm text-slate-700" data-lead-counts>
      <span data-lead-count="unread">{t.unread(data.unread)}</span>
      {' · '}
      <span data-lead-count="waiting">{t.waiting(data.waiting)}</span>
      {data.oldestWaitingSince && (
        <>
          {', '}
          <span data-lead-count="oldest">{t.oldest(formatDateTime(data.oldestWaitingSince))}</span>
        </>
      )}
    </p>
  );
}
