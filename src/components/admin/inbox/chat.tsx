import type { ChatConversation } from '../../../lib/schemas/conversation';
import { formatDateTime } from '../format';
import { adminTexts } from '../texts';
import type { ConversationKind } from './conversation-tab';

const t = adminTexts.whatsapp;

/** The session id holds an underscore ('session_' + time + suffix); the part after it is shown. */
function shortSession(sessionId: string): string {
  return sessionId.split('_')[1] ?? sessionId;
}

function ChatTranscript({ conversation }: { conversation: ChatConversation }) {
  return (
    <ol className="space-y-3">
      {conversation.messages.map((message, index) => (
        <li key={index} className="text-sm">
          <p className="font-semibold">
            {message.role === 'user' ? t.user : t.bot}{' '}
            <span className="font-normal text-slate-600">{formatDateTime(message.timestamp)}</span>
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
  session: (conversation) => shortSession(conversation.sessionId),
  last: { header: t.columns.lastActivity, cell: (conversation) => formatDateTime(conversation.lastActivity) },
  Detail: ChatTranscript,
};
