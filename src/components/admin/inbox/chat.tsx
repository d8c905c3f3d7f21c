import type { ChatConversation } from '../../../lib/schemas/conversation';
import { formatDateTime } from '../format';
import { adminTexts } from '../texts';
import type { ConversationKind } from './conversation-tab';

const t = adminTexts.whatsapp;

/** The session id holds an underscore ('session_' + time + suffix); the part after it is shown. */
function shortSession(sessionId: string): string {
  return sessionId.split('_')[1] ?? sessionId;
}

/** A conversation holding lines the server did not write itself (logged before it verified them) says so. */
function sessionCell(conversation: ChatConversation): string {
  const short = shortSession(conversation.sessionId);
  return conversation.messages.some((message) => !message.verified) ? `${short} (${t.unverifiedShort})` : short;
}

function ChatTranscript({ conversation }: { conversation: ChatConversation }) {
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
export const chatConversations: ConversationKind<ChatConversation> = {
  key: 'whatsapp',
  path: '/api/whatsapp-conversations',
  label: adminTexts.tabs.whatsapp,
  texts: t,
  session: sessionCell,
  last: { header: t.columns.lastActivity, cell: (conversation) => formatDateTime(conversation.lastActivity) },
  Detail: ChatTranscript,
};
