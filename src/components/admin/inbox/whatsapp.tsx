import type { WhatsAppConversation, WhatsAppLine, WhatsAppStatus } from '../../../features/whatsapp/schema';
import { cn } from '../../../client/cn';
import { formatDateTime } from '../format';
import { ContactLink } from './contact';
import type { AdminTexts } from '../../../i18n/admin';
import { useAdminTexts } from '../language';
import { useQuery } from '../query';

/** Why a reply was not sent (or failed), in the admin's words: the 24-hour window, a STOP, or Meta's error. */
function notSentReason(line: WhatsAppLine, t: AdminTexts['whatsapp']): string | null {
  if (line.status !== 'not-sent' && line.status !== 'failed') return null;
  const reason = line.note === 'window' ? t.notSent.window : line.note === 'stopped' ? t.notSent.stopped : line.note;
  return reason ? `${t.status[line.status]}: ${reason}` : t.status[line.status];
}

/** A WhatsApp conversation: who, where the 24-hour window and the stop stand, and every message with its state. */
export function WhatsAppTranscript({ conversation }: { conversation: WhatsAppConversation }) {
  const adminTexts = useAdminTexts();
  const t = adminTexts.whatsapp;
  const windowOpen = Date.parse(conversation.replyWindowEndsAt) > Date.now();
  return (
    <div className="space-y-3" data-whatsapp-transcript>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold">{t.phone}</dt>
        <dd>{conversation.phone ?? conversation.id}</dd>
        {(conversation.visitorName || conversation.leadEmail) && (
          <>
            <dt className="font-semibold">{adminTexts.desk.chat.visitor}</dt>
            <dd>
              {conversation.leadEmail ? (
                <ContactLink email={conversation.leadEmail}>
                  {conversation.visitorName ?? conversation.leadEmail}
                </ContactLink>
              ) : (
                conversation.visitorName
              )}
            </dd>
          </>
        )}
      </dl>
      <p
        className={cn(
          'rounded-md px-3 py-2 text-sm',
          conversation.stoppedAt || !windowOpen ? 'bg-amber-50 text-amber-900' : 'bg-slate-50 text-slate-700',
        )}
        data-whatsapp-window={conversation.stoppedAt ? 'stopped' : windowOpen ? 'open' : 'closed'}
      >
        {conversation.stoppedAt
          ? t.stopped(formatDateTime(conversation.stoppedAt))
          : windowOpen
            ? t.windowOpen(formatDateTime(conversation.replyWindowEndsAt))
            : t.windowClosed(formatDateTime(conversation.replyWindowEndsAt))}
      </p>
      <ol className="space-y-2">
        {conversation.messages.map((line, index) => {
          const visitor = line.role === 'user';
          const reason = notSentReason(line, t);
          return (
            <li
              key={index}
              className={cn('flex text-sm', visitor ? 'justify-start' : 'justify-end')}
              data-chat-line={line.role}
              data-whatsapp-status={line.status}
            >
              <div
                className={cn(
                  'max-w-[85%] rounded-2xl px-3 py-2',
                  visitor
                    ? 'rounded-bl-sm bg-slate-100 text-slate-900'
                    : reason
                      ? 'rounded-br-sm border border-amber-300 bg-amber-50 text-amber-950'
                      : 'rounded-br-sm bg-emerald-700 text-white',
                )}
              >
                <p className={cn('text-xs font-semibold', visitor || reason ? 'text-slate-700' : 'text-emerald-50')}>
                  {visitor ? t.user : t.bot} · <time dateTime={line.timestamp}>{formatDateTime(line.timestamp)}</time>
                  {!visitor && !reason && ` · ${t.status[line.status]}`}
                </p>
                <p className="mt-0.5 whitespace-pre-wrap break-words">
                  {visitor && line.type !== 'text' ? t.nonText(line.type) : line.content}
                </p>
                {reason && (
                  <p className="mt-1 text-xs font-semibold" data-whatsapp-not-sent={line.note ?? ''}>
                    {reason}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** Above the conversations, when WhatsApp is not connected: why only the website chat is listed, and how to connect. */
export function WhatsAppNotice() {
  const t = useAdminTexts().whatsapp;
  const { data } = useQuery<WhatsAppStatus>('whatsapp-status', '/api/whatsapp/status');
  if (!data || data.connected) return null;
  return (
    <div
      role="status"
      data-whatsapp-notice="not-connected"
      className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <p className="font-semibold">{t.notConnected}</p>
      <p className="mt-1">{t.howToConnect(data.missing.join(', '), data.webhookUrl)}</p>
    </div>
  );
}
