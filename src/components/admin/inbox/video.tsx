import type { ClientReported, VideoCallRow } from '../../../features/conversations/schema';
import { formatDateTime, formatDuration } from '../format';
import type { AdminTexts } from '../../../i18n/admin';
import { useAdminTexts } from '../language';
import { ContactLink } from './contact';
import type { ConversationKind } from './conversation-tab';

/** Marks what only the visitor's page reported (the server could not check it). */
function ClientReportedBadge({ title }: { title?: string }) {
  const t = useAdminTexts().video;
  return (
    <span
      className="ml-2 rounded-sm bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900"
      title={title}
      data-client-reported
    >
      {t.clientReported}
    </span>
  );
}

function Note({ what }: { what: ClientReported }) {
  const t = useAdminTexts().video;
  return (
    <p className="rounded-sm bg-amber-50 p-2 text-amber-900" data-client-reported-note={what}>
      <strong>{t.clientReported}:</strong> {t.clientReportedNote[what]}
    </p>
  );
}

function VideoDetail({ conversation }: { conversation: VideoCallRow }) {
  const adminTexts = useAdminTexts();
  const t = adminTexts.video;
  return (
    <div className="space-y-4 text-sm">
      {conversation.clientReported.map((what) => (
        <Note key={what} what={what} />
      ))}
      <dl className="grid grid-cols-2 gap-2">
        <dt className="font-semibold">{t.columns.started}</dt>
        <dd>{formatDateTime(conversation.conversationStarted)}</dd>
        <dt className="font-semibold">{t.columns.duration}</dt>
        <dd>{formatDuration(conversation.duration)}</dd>
        <dt className="font-semibold">{t.columns.language}</dt>
        <dd className="uppercase">{conversation.language}</dd>
        <dt className="font-semibold">{t.status}</dt>
        <dd>{conversation.conversationEnded ? t.completed : t.inProgress}</dd>
        <dt className="font-semibold">{t.url}</dt>
        <dd className="break-all">{conversation.conversationUrl ?? '—'}</dd>
        {conversation.leadEmail && (
          <>
            <dt className="font-semibold">{adminTexts.desk.chat.visitor}</dt>
            <dd>
              <ContactLink email={conversation.leadEmail} />
            </dd>
          </>
        )}
      </dl>
      {conversation.transcript.length === 0 ? (
        <p>{t.noTranscript}</p>
      ) : (
        <ol className="space-y-3">
          {conversation.transcript.map((line, index) => (
            <li key={index}>
              <p className="font-semibold">{line.speaker === 'user' ? t.user : t.assistant}</p>
              <p className="whitespace-pre-wrap break-words">{line.text}</p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** The video calls with the CEO assistant; a call that filed a lead (an address said in it) links to the person. */
export function videoConversations(texts: AdminTexts): ConversationKind<VideoCallRow> {
  const t = texts.video;
  return {
    key: 'video',
    path: '/api/tavus-conversations',
    label: texts.tabs.video,
    texts: t,
    session: (conversation) => conversation.sessionId,
    last: {
      header: t.columns.duration,
      sort: (conversation) => conversation.duration ?? -1,
      cell: (conversation) => (
        <>
          {formatDuration(conversation.duration)}
          {conversation.clientReported.length > 0 && (
            <ClientReportedBadge
              title={conversation.clientReported.map((what) => t.clientReportedNote[what]).join(' ')}
            />
          )}
        </>
      ),
    },
    extra: [
      {
        header: texts.desk.chat.visitor,
        cell: (conversation) =>
          conversation.leadEmail ? (
            <ContactLink email={conversation.leadEmail} />
          ) : (
            <span className="text-slate-500">{texts.desk.chat.noName}</span>
          ),
      },
    ],
    Detail: VideoDetail,
    remove: {
      what: (conversation) => texts.records.video(conversation.sessionId),
      deleted: texts.records.videoDeleted,
    },
  };
}
