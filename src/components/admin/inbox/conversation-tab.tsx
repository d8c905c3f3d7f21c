import { useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Button } from '../../react-ui/button';
import { Dialog } from '../../react-ui/dialog';
import { Select } from '../../react-ui/select';
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
  /** Deleting one (DELETE {path}/{sessionId}, or `path`): how the confirmation names it, and the toast after. */
  remove: { what: (conversation: T) => string; deleted: string; path?: (conversation: T) => string };
  /** A filter of the list, sent as `?{param}=` (empty: all). */
  filter?: { param: string; label: string; all: string; options: ReadonlyArray<{ value: string; label: string }> };
  /** Shown above the list (a channel that is not connected). */
  notice?: ReactNode;
}

/** The list of one kind of conversation, its CSV export and a dialog with one conversation. */
export function ConversationTab<T extends Conversation>({ kind }: { kind: ConversationKind<T> }) {
  const { texts } = kind;
  const adminTexts = useAdminTexts();
  const { query, setQuery, q } = useSearch();
  const [filter, setFilter] = useState('');
  const listPath =
    kind.filter && filter ? `${kind.path}?${kind.filter.param}=${encodeURIComponent(filter)}` : kind.path;
  const list = usePagedQuery<T>(kind.key, listPath, q);
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
    mutate(
      () =>
        apiFetch(kind.remove.path?.(conversation) ?? `${kind.path}/${encodeURIComponent(conversation.sessionId)}`, {
          method: 'DELETE',
        }),
      {
        invalidates: [kind.key],
        success: kind.remove.deleted,
        failure: adminTexts.records.deleteFailed,
      },
    );
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
      {kind.notice}
      <div className="mb-4 flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-wrap items-start gap-3">
          <SearchBox value={query} onChange={setQuery} placeholder={adminTexts.searchConversations} />
          {kind.filter && (
            <label className="text-sm max-sm:min-w-0 max-sm:flex-1">
              <span className="mr-2 font-medium">{kind.filter.label}</span>
              <Select
                className="w-auto max-sm:w-full"
                value={filter}
                onChange={(event) => setFilter(event.target.value)}
                data-conversation-filter={kind.filter.param}
              >
                <option value="">{kind.filter.all}</option>
                {kind.filter.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </Select>
            </label>
          )}
        </div>
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
