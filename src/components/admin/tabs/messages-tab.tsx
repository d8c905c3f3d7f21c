import { useState } from 'react';
import { apiFetch } from '../../../client/api';
import type { ContactMessage } from '../../../lib/schemas/contact';
import { Button } from '../../react-ui/button';
import { Dialog } from '../../react-ui/dialog';
import { formatDateTime } from '../format';
import { SearchBox, useSearch } from '../inbox/search-box';
import { serviceLabel } from '../inbox/service-label';
import { ConfirmDelete } from '../confirm-dialog';
import { mutate, usePagedQuery } from '../query';
import { RecordTable } from '../record-table';
import { useLinkedRecord } from '../linked-record';
import { useAdminTexts } from '../language';

function service(message: ContactMessage, notAvailable: string): string {
  return message.serviceOfInterest ? serviceLabel(message.serviceOfInterest) : notAvailable;
}

/** Visitor text is always rendered as text (React escapes it), never as HTML. */
export function MessagesTab() {
  const adminTexts = useAdminTexts();
  const t = adminTexts.messages;
  const { query, setQuery, q } = useSearch();
  const list = usePagedQuery<ContactMessage>('messages', '/api/contact-messages', q);
  const [open, setOpen] = useState<ContactMessage | null>(null);
  useLinkedRecord('messages', list.data, setOpen);
  const [deleting, setDeleting] = useState<ContactMessage | null>(null);
  const remove = (message: ContactMessage) =>
    mutate(() => apiFetch(`/api/contact-messages/${message.id}`, { method: 'DELETE' }), {
      invalidates: ['messages'],
      success: adminTexts.records.messageDeleted,
      failure: adminTexts.records.deleteFailed,
    });
  return (
    <section aria-labelledby="tab-messages">
      <SearchBox value={query} onChange={setQuery} />
      <RecordTable
        label={adminTexts.tabs.messages}
        list={list}
        emptyText={q ? adminTexts.noMatches : t.empty}
        columns={[
          { header: t.columns.name, cell: (message) => message.name },
          { header: t.columns.email, cell: (message) => message.email },
          { header: t.columns.company, cell: (message) => message.company ?? t.notAvailable },
          { header: t.columns.service, cell: (message) => service(message, t.notAvailable) },
          {
            header: t.columns.date,
            cell: (message) => formatDateTime(message.createdAt),
            sort: (message) => message.createdAt,
          },
        ]}
        actions={(message) => (
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setOpen(message)} aria-label={`${adminTexts.view}: ${message.name}`}>
              {adminTexts.view}
            </Button>
            <Button
              variant="destructive"
              onClick={() => setDeleting(message)}
              aria-label={`${adminTexts.delete}: ${message.name}`}
            >
              {adminTexts.delete}
            </Button>
          </div>
        )}
      />
      <ConfirmDelete
        what={
          deleting
            ? adminTexts.records.message(deleting.name, deleting.email, formatDateTime(deleting.createdAt))
            : null
        }
        run={() => (deleting ? remove(deleting) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
      <Dialog
        open={open !== null}
        title={open ? t.viewTitle(open.name) : ''}
        closeLabel={adminTexts.close}
        onClose={() => setOpen(null)}
      >
        {open && (
          <dl className="space-y-3 text-sm" data-message-view>
            {[
              [t.email, open.email],
              [t.company, open.company ?? t.notAvailable],
              [t.service, service(open, t.notAvailable)],
              [t.source, open.source === 'chat' ? t.fromChat : t.fromForm],
            ].map(([term, value]) => (
              <div key={term}>
                <dt className="font-semibold">{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
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
