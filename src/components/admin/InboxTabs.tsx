import { useMemo, useState } from 'react';
import { apiFetch } from '../../client/api';
import type { ContactMessage } from '../../lib/schemas/contact';
import type { ChatConversation, VideoConversation } from '../../lib/schemas/conversation';
import type { NewsletterSubscription } from '../../lib/schemas/newsletter';
import { Dialog } from './Dialog';
import { mutate, useQuery } from './query';
import { adminTexts } from './texts';
import {
  Cell,
  CsvButton,
  formatDateTime,
  formatDuration,
  ListState,
  matches,
  SearchBox,
  SmallButton,
  Table,
} from './ui';

const SERVICE_LABELS: Record<string, string> = {
  'digital-transformation': 'Digital Transformation',
  'corporate-innovation': 'Corporate Innovation',
  'ai-solutions': 'AI-Driven Solutions',
  'strategy-consulting': 'Strategy Consulting',
  investment: 'Investment Opportunities',
};

/** Visitor text is always rendered as text (React escapes it), never as HTML. */
export function MessagesTab() {
  const t = adminTexts.messages;
  const { data, loading, error } = useQuery<ContactMessage[]>('messages', '/api/contact-messages');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<ContactMessage | null>(null);
  const shown = useMemo(() => (data ?? []).filter((m) => matches(query, m.name, m.email)), [data, query]);
  return (
    <section aria-labelledby="tab-messages">
      <SearchBox value={query} onChange={setQuery} />
      <ListState loading={loading} error={error} empty={!data?.length} emptyText={t.empty}>
        <Table
          label={adminTexts.tabs.messages}
          headers={[
            t.columns.name,
            t.columns.email,
            t.columns.company,
            t.columns.service,
            t.columns.date,
            adminTexts.actions,
          ]}
        >
          {shown.map((message) => (
            <tr key={message.id}>
              <Cell>{message.name}</Cell>
              <Cell>{message.email}</Cell>
              <Cell>{message.company ?? t.notAvailable}</Cell>
              <Cell>
                {message.serviceOfInterest
                  ? (SERVICE_LABELS[message.serviceOfInterest] ?? message.serviceOfInterest)
                  : t.notAvailable}
              </Cell>
              <Cell>{formatDateTime(message.createdAt)}</Cell>
              <Cell>
                <SmallButton onClick={() => setOpen(message)} label={`${adminTexts.view}: ${message.name}`}>
                  {adminTexts.view}
                </SmallButton>
              </Cell>
            </tr>
          ))}
        </Table>
      </ListState>
      <Dialog open={open !== null} title={open ? t.viewTitle(open.name) : ''} onClose={() => setOpen(null)}>
        {open && (
          <dl className="space-y-3 text-sm" data-message-view>
            <div>
              <dt className="font-semibold">{t.email}</dt>
              <dd>{open.email}</dd>
            </div>
            <div>
              <dt className="font-semibold">{t.company}</dt>
              <dd>{open.company ?? t.notAvailable}</dd>
            </div>
            <div>
              <dt className="font-semibold">{t.service}</dt>
              <dd>
                {open.serviceOfInterest
                  ? (SERVICE_LABELS[open.serviceOfInterest] ?? open.serviceOfInterest)
                  : t.notAvailable}
              </dd>
            </div>
            <div>
              <dt className="font-semibold">{t.source}</dt>
              <dd>{open.source === 'chat' ? t.fromChat : t.fromForm}</dd>
            </div>
            <div>
              <dt className="font-semibold">{t.message}</dt>
              <dd className="whitespace-pre-wrap break-words">{open.message}</dd>
            </div>
            <div>
              <dt className="font-semibold">{t.date}</dt>
              <dd>{formatDateTime(open.createdAt)}</dd>
            </div>
          </dl>
        )}
      </Dialog>
    </section>
  );
}

export function NewsletterTab() {
  const t = adminTexts.newsletter;
  const { data, loading, error } = useQuery<NewsletterSubscription[]>('newsletters', '/api/newsletters');
  const [query, setQuery] = useState('');
  const shown = useMemo(() => (data ?? []).filter((s) => matches(query, s.fullName, s.email)), [data, query]);
  async function remove(subscription: NewsletterSubscription) {
    if (!window.confirm(adminTexts.confirmDelete(subscription.email))) return;
    await mutate(() => apiFetch(`/api/newsletters/${subscription.id}`, { method: 'DELETE' }), {
      invalidates: ['newsletters'],
      success: t.deleted,
      failure: t.deleteFailed,
    });
  }
  return (
    <section>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-4">
        <SearchBox value={query} onChange={setQuery} />
        <CsvButton path="/api/newsletters" />
      </div>
      <ListState loading={loading} error={error} empty={!data?.length} emptyText={t.empty}>
        <Table
          label={adminTexts.tabs.newsletter}
          headers={[t.columns.fullName, t.columns.email, t.columns.date, adminTexts.actions]}
        >
          {shown.map((subscription) => (
            <tr key={subscription.id}>
              <Cell>{subscription.fullName}</Cell>
              <Cell>{subscription.email}</Cell>
              <Cell>{formatDateTime(subscription.registrationDate)}</Cell>
              <Cell>
                <SmallButton
                  danger
                  onClick={() => void remove(subscription)}
                  label={`${adminTexts.delete}: ${subscription.email}`}
                >
                  {adminTexts.delete}
                </SmallButton>
              </Cell>
            </tr>
          ))}
        </Table>
      </ListState>
    </section>
  );
}

/** SPEC.md: the session id holds an underscore; the part after it is shown. */
function shortSession(sessionId: string): string {
  return sessionId.split('_')[1] ?? sessionId;
}

export function WhatsAppTab() {
  const t = adminTexts.whatsapp;
  const { data, loading, error } = useQuery<ChatConversation[]>('whatsapp', '/api/whatsapp-conversations');
  const [open, setOpen] = useState<ChatConversation | null>(null);
  return (
    <section>
      <div className="mb-4 flex justify-end">
        <CsvButton path="/api/whatsapp-conversations" />
      </div>
      <ListState loading={loading} error={error} empty={!data?.length} emptyText={t.empty}>
        <Table
          label={adminTexts.tabs.whatsapp}
          headers={[
            t.columns.session,
            t.columns.messages,
            t.columns.language,
            t.columns.started,
            t.columns.lastActivity,
            adminTexts.actions,
          ]}
        >
          {(data ?? []).map((conversation) => (
            <tr key={conversation.id}>
              <Cell className="font-mono text-xs">{shortSession(conversation.sessionId)}</Cell>
              <Cell>{conversation.messageCount}</Cell>
              <Cell>
                <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold uppercase">
                  {conversation.language}
                </span>
              </Cell>
              <Cell>{formatDateTime(conversation.conversationStarted)}</Cell>
              <Cell>{formatDateTime(conversation.lastActivity)}</Cell>
              <Cell>
                <SmallButton onClick={() => setOpen(conversation)}>{adminTexts.view}</SmallButton>
              </Cell>
            </tr>
          ))}
        </Table>
      </ListState>
      <Dialog open={open !== null} title={t.viewTitle} onClose={() => setOpen(null)}>
        <ol className="space-y-3">
          {open?.messages.map((message, index) => (
            <li key={index} className="text-sm">
              <p className="font-semibold">
                {message.role === 'user' ? t.user : t.bot}{' '}
                <span className="font-normal text-slate-600">{formatDateTime(message.timestamp)}</span>
              </p>
              <p className="whitespace-pre-wrap break-words">{message.content}</p>
            </li>
          ))}
        </ol>
      </Dialog>
    </section>
  );
}

export function VideoTab() {
  const t = adminTexts.video;
  const { data, loading, error } = useQuery<VideoConversation[]>('video', '/api/tavus-conversations');
  const [open, setOpen] = useState<VideoConversation | null>(null);
  return (
    <section>
      <div className="mb-4 flex justify-end">
        <CsvButton path="/api/tavus-conversations" />
      </div>
      <ListState loading={loading} error={error} empty={!data?.length} emptyText={t.empty}>
        <Table
          label={adminTexts.tabs.video}
          headers={[
            t.columns.session,
            t.columns.messages,
            t.columns.language,
            t.columns.started,
            t.columns.duration,
            adminTexts.actions,
          ]}
        >
          {(data ?? []).map((call) => (
            <tr key={call.id}>
              <Cell className="font-mono text-xs">{call.sessionId}</Cell>
              <Cell>{call.messageCount}</Cell>
              <Cell>
                <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold uppercase">
                  {call.language}
                </span>
              </Cell>
              <Cell>{formatDateTime(call.conversationStarted)}</Cell>
              <Cell>{formatDuration(call.duration)}</Cell>
              <Cell>
                <SmallButton onClick={() => setOpen(call)}>{adminTexts.view}</SmallButton>
              </Cell>
            </tr>
          ))}
        </Table>
      </ListState>
      <Dialog open={open !== null} title={t.viewTitle} onClose={() => setOpen(null)}>
        {open && (
          <div className="space-y-4 text-sm">
            <dl className="grid grid-cols-2 gap-2">
              <dt className="font-semibold">{t.columns.started}</dt>
              <dd>{formatDateTime(open.conversationStarted)}</dd>
              <dt className="font-semibold">{t.columns.duration}</dt>
              <dd>{formatDuration(open.duration)}</dd>
              <dt className="font-semibold">{t.columns.language}</dt>
              <dd className="uppercase">{open.language}</dd>
              <dt className="font-semibold">{t.status}</dt>
              <dd>{open.conversationEnded ? t.completed : t.inProgress}</dd>
              <dt className="font-semibold">{t.url}</dt>
              <dd className="break-all">{open.conversationUrl ?? '—'}</dd>
            </dl>
            {open.transcript.length === 0 ? (
              <p>{t.noTranscript}</p>
            ) : (
              <ol className="space-y-3">
                {open.transcript.map((line, index) => (
                  <li key={index}>
                    <p className="font-semibold">{line.speaker === 'user' ? t.user : t.assistant}</p>
                    <p className="whitespace-pre-wrap break-words">{line.text}</p>
                  </li>
                ))}
              </ol>
            )}
          </div>
        )}
      </Dialog>
    </section>
  );
}
