import type { ChatConversation } from '../../../features/conversations/schema';
import { LISTED_CHANNELS, type ListedConversation } from '../../../features/whatsapp/schema';
import { cn } from '../../../client/cn';
import { formatDateTime } from '../format';
import { ContactLink } from './contact';
import type { AdminTexts } from '../../../i18n/admin';
import { useAdminTexts } from '../language';
import type { ConversationKind } from './conversation-tab';
import { WhatsAppNotice, WhatsAppTranscript } from './whatsapp';

/** The session id holds an underscore ('session_' + time + suffix); the part after it is shown. */
function shortSession(sessionId: string): string {
  return sessionId.split('_')[1] ?? sessionId;
}

/**
 * A WhatsApp conversation shows the person's phone; a chat's, its session, and whether it holds lines the server did
 * not write itself (logged before it verified them).
 */
function sessionCell(conversation: ListedConversation, t: AdminTexts['whatsapp']): string {
  if (conversation.channel === 'whatsapp') return conversation.phone ?? conversation.id;
  const short = shortSession(conversation.sessionId);
  return conversation.messages.some((message) => !message.verified) ? `${short} (${t.unverifiedShort})` : short;
}

/** The hand-off: a link to the lead filed from the conversation. */
function HandOff({ conversation }: { conversation: Pick<ChatConversation, 'leadId' | 'visitorName' | 'leadEmail'> }) {
  const t = useAdminTexts().desk.chat;
  if (!conversation.leadId) return null;
  return (
    <a
      href={`#messages/${encodeURIComponent(conversation.leadId)}`}
      className="inline-block rounded bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-900 underline underline-offset-2"
      data-chat-handoff={conversation.leadId}
    >
      {t.openLead(conversation.visitorName ?? conversation.leadEmail ?? '')}
    </a>
  );
}

/** A transcript read as a conversation: the visitor's lines on the left, the assistant's on the right. */
function ChatTranscript({ conversation }: { conversation: ChatConversation }) {
  const adminTexts = useAdminTexts();
  const t = adminTexts.whatsapp;
  return (
    <div className="space-y-3">
      {(conversation.visitorName || conversation.leadEmail) && (
        <p className="text-sm">
          <span className="font-semibold">{adminTexts.desk.chat.visitor}:</span>{' '}
          {conversation.leadEmail ? (
            <ContactLink email={conversation.leadEmail}>
              {conversation.visitorName ?? conversation.leadEmail}
            </ContactLink>
          ) : (
            conversation.visitorName
          )}
        </p>
      )}
      <ol className="space-y-2" data-chat-transcript>
        {conversation.messages.map((message, index) => {
          const visitor = message.role === 'user';
          return (
            <li
              key={index}
              className={cn('flex text-sm', visitor ? 'justify-start' : 'justify-end')}
              data-chat-line={message.role}
            >
              <div
                className={cn(
                  'max-w-[85%] rounded-2xl px-3 py-2',
                  visitor ? 'rounded-bl-sm bg-slate-100 text-slate-900' : 'rounded-br-sm bg-emerald-700 text-white',
                )}
              >
                <p className={cn('text-xs font-semibold', visitor ? 'text-slate-700' : 'text-emerald-50')}>
                  {visitor ? t.user : t.bot} ·{' '}
                  <time dateTime={message.timestamp}>{formatDateTime(message.timestamp)}</time>
                  {!message.verified && (
                    <span
                      className="ml-2 rounded-sm bg-red-50 px-1.5 py-0.5 text-xs font-semibold text-red-800"
                      data-unverified
                    >
                      {t.unverified}
                    </span>
                  )}
                </p>
                <p className="mt-0.5 whitespace-pre-wrap break-words">{message.content}</p>
              </div>
            </li>
          );
        })}
      </ol>
      {conversation.leadId && (
        <p className="border-t pt-2 text-center text-sm text-slate-700" data-chat-handed-off>
          {adminTexts.desk.chat.handedOff} <HandOff conversation={conversation} />
        </p>
      )}
    </div>
  );
}

/** One conversation of either channel. */
function Transcript({ conversation }: { conversation: ListedConversation }) {
  return conversation.channel === 'whatsapp' ? (
    <WhatsAppTranscript conversation={conversation} />
  ) : (
    <ChatTranscript conversation={conversation} />
  );
}

/** The assistant's conversations on both channels, the website chat and WhatsApp (the "WhatsApp Bot" tab). */
export function chatConversations(texts: AdminTexts): ConversationKind<ListedConversation> {
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
    extra: [
      {
        header: t.channel,
        cell: (conversation) => (
          <span
            className={cn(
              'rounded-sm px-2 py-0.5 text-xs font-semibold',
              conversation.channel === 'whatsapp' ? 'bg-emerald-50 text-emerald-900' : 'bg-slate-100 text-slate-800',
            )}
            data-conversation-channel={conversation.channel}
          >
            {t.channels[conversation.channel]}
          </span>
        ),
      },
      {
        header: texts.desk.chat.firstQuestion,
        cell: (conversation) => (
          <span className="line-clamp-2 max-w-xs break-words" data-chat-first-question>
            {conversation.firstQuestion ?? ''}
          </span>
        ),
      },
      {
        header: texts.desk.chat.visitor,
        cell: (conversation) =>
          conversation.leadEmail ? (
            <ContactLink email={conversation.leadEmail}>
              {conversation.visitorName ?? conversation.leadEmail}
            </ContactLink>
          ) : (
            (conversation.visitorName ?? <span className="text-slate-500">{texts.desk.chat.noName}</span>)
          ),
      },
      { header: texts.desk.chat.handOff, cell: (conversation) => <HandOff conversation={conversation} /> },
    ],
    Detail: Transcript,
    remove: {
      what: (conversation) =>
        texts.records.chat(conversation.channel === 'whatsapp' ? sessionCell(conversation, t) : conversation.sessionId),
      deleted: texts.records.chatDeleted,
      path: (conversation) =>
        `/api/whatsapp-conversations/${encodeURIComponent(conversation.sessionId)}` +
        (conversation.channel === 'whatsapp' ? '?channel=whatsapp' : ''),
    },
    filter: {
      param: 'channel',
      label: t.channel,
      all: t.allChannels,
      options: LISTED_CHANNELS.map((channel) => ({ value: channel, label: t.channels[channel] })),
    },
    notice: <WhatsAppNotice />,
  };
}
