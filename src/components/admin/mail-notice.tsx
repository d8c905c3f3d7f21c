import type { MailStatus } from '../../features/mail/schema';
import { useAdminTexts } from './language';
import { useQuery } from './query';

/**
 * Above the tabs, for admins: e-mail that waits in the outbox (GET /api/mail/status): a clear notice when SMTP is
 * not configured, a quieter one while sends are being retried; nothing when all is sent.
 */
export function MailNotice() {
  const texts = useAdminTexts().mail;
  const { data } = useQuery<MailStatus>('mail-status', '/api/mail/status');
  if (!data || (data.configured && data.waiting === 0)) return null;
  return (
    <div
      role="status"
      data-mail-notice={data.configured ? 'waiting' : 'not-configured'}
      className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      {data.configured ? texts.waiting(data.waiting) : texts.notConfigured(data.waiting)}
    </div>
  );
}
