import type { ChatConversation } from '../../../features/conversations/schema';
import { formatDateTime } from '../format';
import type { AdminTexts } from '../../../i18n/admin';
import { useAdminTexts } from '../language';
import type { ConversationKind } from './conversation-tab';

/** The session id holds an underscore ('session_' + time + suffix); the part after it is shown. */
function shortSession(sessionId: string): string {
  return sessionId.split('_')[1] ?? sessionId;
}

/** A conversation holding lines the server did not write itself (logged before it verified them) says so. */
function sessionCell(conversation: ChatConversation, t: AdminTexts['whatsapp']): string {
  const short = shortSession(conversation.sessionId);
  return conversation.messages.some((message) => !message.verified) ? `${short} (${t.unverifiedShort})` : short;
}

function ChatTranscript({ conversation }: { conversation: ChatConversation }) {
  const t = useAdminTexts().whatsapp;
  return (
    <ol className="space-y-3">
      {conversation.messages.map((message, index) => (
        <li key={index} className="text-sm">
          <p className="font-semibold">
            {message.role === 'user' ? t.user : t.bot}{' '}
            <span className="font-normal text-slate-600">{formatDateTime(message.timestamp)}</span>
            {!message.verified && (
              <span
                className="ml-2 rounded-sm bg-red-50 px-1.5 py-0.5 text-xs font-semibold text-red-800"
                data-unverified
              >
                {t.unverified}
              </span>
            )}
          </p>
          <p className="whitespace-pre-wrap break-words">{message.content}</p>
        </li>
      ))}
    </ol>
  );
}

/** The chat assistant's conversations (the "WhatsApp Bot" tab). */
export function chatConversations(texts: AdminTexts): ConversationKind<ChatConversation> {
  const t = texts.whatsapp;
  return {
    key: 'whatsapp',
    path: '/api/whatsapp-conversations',
    label: texts.tabs.whatsapp,
    texts: t,
    session: (conversation) => sessionCell(conversation, t),
    last: {
      header: t.columns.lastActivity,
      cell: (conversation) => formatDateTime(conversation.lastActivity),
      sort: (conversation) => conversation.lastActivity,
    },
    Detail: ChatTranscript,
    remove: { what: (conversation) => texts.records.chat(conversation.sessionId), deleted: texts.records.chatDeleted },
  };
}
