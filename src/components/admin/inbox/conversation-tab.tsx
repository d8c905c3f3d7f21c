import { useMemo, useState, type ComponentType } from 'react';
import { Button } from '../../react-ui/button';
import { Dialog } from '../../react-ui/dialog';
import { formatDateTime } from '../format';
import { apiFetch, apiFetchPage } from '../../../client/api';
import { ConfirmDelete } from '../confirm-dialog';
import { mutate, usePagedQuery } from '../query';
import { RecordTable, type Column } from '../record-table';
import { useAdminTexts } from '../language';
import { useLinkedRecord } from '../linked-record';
import { CsvButton } from './csv-button';
import { SearchBox, useSearch } from './search-box';

interface Conversation {
  id: string;
  sessionId: string;
  messageCount: number;
  language: string;
  conversationStarted: string;
}

interface ConversationTexts {
  columns: { session: string; messages: string; language: string; started: string };
  empty: string;
  viewTitle: string;
}

/** One kind of logged conversation (chat or video call): where it is read and how it is shown. */
export interface ConversationKind<T extends Conversation> {
  /** The query cache key. */
  key: string;
  /** The list (and, with ?format=csv, its export). */
  path: string;
  label: string;
  texts: ConversationTexts;
  /** How the session id is shown in the list. */
  session: (conversation: T) => string;
  /** The last column before Actions (last activity, duration). */
  last: Column<T>;
  /** Columns after the session's (the chat's first question, visitor and hand-off). */
  extra?: Array<Column<T>>;
  /** The dialog's body. */
  Detail: ComponentType<{ conversation: T }>;
  /** Deleting one (DELETE {path}/{sessionId}): how the confirmation names it, and the toast after. */
  remove: { what: (conversation: T) => string; deleted: string };
}

/** The list of one kind of conversation, its CSV export and a dialog with one conversation. */
export function ConversationTab<T extends Conversation>({ kind }: { kind: ConversationKind<T> }) {
  const { texts } = kind;
  const adminTexts = useAdminTexts();
  const { query, setQuery, q } = useSearch();
  const list = usePagedQuery<T>(kind.key, kind.path, q);
  const [open, setOpen] = useState<T | null>(null);
  // A link to one conversation (`#whatsapp/{id}`, `#video/{id}`: the contact view's) opens it, read by its id when the
  // loaded pages do not hold it (a search for an id matches it whole).
  const readOne = useMemo(
    () => ({
      read: async (id: string) => {
        const { items } = await apiFetchPage<T>(`${kind.path}?q=${encodeURIComponent(id)}`);
        const found = items.find((conversation) => conversation.id === id);
        if (!found) throw new Error('No such conversation');
        return found;
      },
      notFound: adminTexts.desk.contact.conversationGone,
    }),
    [kind.path, adminTexts],
  );
  useLinkedRecord(kind.key, list.data, setOpen, readOne);
  const [deleting, setDeleting] = useState<T | null>(null);
  const remove = (conversation: T) =>
    mutate(() => apiFetch(`${kind.path}/${encodeURIComponent(conversation.sessionId)}`, { method: 'DELETE' }), {
      invalidates: [kind.key],
      success: kind.remove.deleted,
      failure: adminTexts.records.deleteFailed,
    });
  const columns: Array<Column<T>> = [
    { header: texts.columns.session, className: 'font-mono text-xs', cell: kind.session },
    ...(kind.extra ?? []),
    { header: texts.columns.messages, cell: (conversation) => conversation.messageCount },
    {
      header: texts.columns.language,
      cell: (conversation) => (
        <span className="rounded-sm bg-slate-100 px-2 py-0.5 text-xs font-semibold uppercase">
          {conversation.language}
        </span>
      ),
    },
    {
      header: texts.columns.started,
      cell: (conversation) => formatDateTime(conversation.conversationStarted),
      sort: (conversation) => conversation.conversationStarted,
    },
    kind.last,
  ];
  return (
    <section>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-4">
        <SearchBox value={query} onChange={setQuery} placeholder={adminTexts.searchConversations} />
        <CsvButton path={kind.path} />
      </div>
      <RecordTable
        label={kind.label}
        list={list}
        emptyText={q ? adminTexts.noMatches : texts.empty}
        columns={columns}
        actions={(conversation) => (
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setOpen(conversation)}>
              {adminTexts.view}
            </Button>
            <Button
              variant="destructive"
              onClick={() => setDeleting(conversation)}
              aria-label={`${adminTexts.delete}: ${conversation.sessionId}`}
            >
              {adminTexts.delete}
            </Button>
          </div>
        )}
      />
      <ConfirmDelete
        what={deleting ? kind.remove.what(deleting) : null}
        run={() => (deleting ? remove(deleting) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
      <Dialog open={open !== null} title={texts.viewTitle} closeLabel={adminTexts.close} onClose={() => setOpen(null)}>
        {open && <kind.Detail conversation={open} />}
      </Dialog>
    </section>
  );
}
