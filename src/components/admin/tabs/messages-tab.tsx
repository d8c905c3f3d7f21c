import { useMemo, useState } from 'react';
import { apiFetch } from '../../../client/api';
import type { ContactMessage } from '../../../features/leads/contact-schema';
import {
  LEAD_SOURCES,
  LEAD_STATUSES,
  type Lead,
  type LeadDetail,
  type LeadRow,
  type LeadSource,
  type LeadStatus,
} from '../../../features/leads/schema';
import { Button } from '../../react-ui/button';
import { Dialog } from '../../react-ui/dialog';
import { Select } from '../../react-ui/select';
import { formatDateTime } from '../format';
import { CsvButton } from '../inbox/csv-button';
import { LeadState, ReplyDialog, ReplyForm } from '../inbox/lead-controls';
import { ContactLink } from '../inbox/contact';
import { AttributionText } from '../inbox/attribution';
import { SearchBox, useSearch } from '../inbox/search-box';
import { useServiceLabel } from '../inbox/service-label';
import { ConfirmDelete } from '../confirm-dialog';
import { mutate, usePagedQuery } from '../query';
import { RecordTable } from '../record-table';
import { useLinkedRecord } from '../linked-record';
import { useAdminTexts } from '../language';
import { InvestorLead } from '../inbox/investor-lead';
import { LEAD_SUMMARY, LeadCounts } from '../inbox/lead-summary';

/** A list filter: every row ('') or those with one of `values`. */
function FilterSelect<V extends string>({
  name,
  label,
  all,
  values,
  labels,
  value,
  onChange,
}: {
  name: string;
  label: string;
  all: string;
  values: readonly V[];
  labels: Record<V, string>;
  value: V | '';
  onChange: (value: V | '') => void;
}) {
  return (
    <label className="text-sm max-sm:min-w-0 max-sm:flex-1">
      <span className="mr-2 font-medium">{label}</span>
      <Select
        className="w-auto max-sm:w-full"
        value={value}
        onChange={(event) => onChange(event.target.value as V | '')}
        data-lead-filter={name}
      >
        <option value="">{all}</option>
        {values.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </Select>
    </label>
  );
}

/** Visitor text is always rendered as text (React escapes it), never as HTML. */
export function MessagesTab() {
  const adminTexts = useAdminTexts();
  const t = adminTexts.messages;
  const { query, setQuery, q } = useSearch();
  const l = adminTexts.leads;
  const serviceLabel = useServiceLabel();
  const service = (message: ContactMessage) =>
    message.serviceOfInterest ? serviceLabel(message.serviceOfInterest) : t.notAvailable;
  const [status, setStatus] = useState<LeadStatus | ''>('');
  const [source, setSource] = useState<LeadSource | ''>('');
  const filters = new URLSearchParams({ ...(status ? { status } : {}), ...(source ? { source } : {}) }).toString();
  const list = usePagedQuery<LeadRow>('messages', `/api/contact-messages${filters ? `?${filters}` : ''}`, q);
  const [open, setOpen] = useState<Lead | null>(null);
  // The message view's own reply form (issue #24: reply from the message view itself).
  const [replyingInView, setReplyingInView] = useState(false);
  // Closing the view's reply form reloads the thread above it.
  const [threadVersion, setThreadVersion] = useState(0);
  // Notes typed in the view and not saved: closing it asks first.
  const [notesDirty, setNotesDirty] = useState(false);
  // A link to a lead beyond the loaded pages (the contact view's, an alert's) reads it by its id.
  const readLead = useMemo(
    () => ({
      read: (id: string) =>
        apiFetch<LeadDetail>(`/api/contact-messages/${encodeURIComponent(id)}`).then((detail) => detail.lead),
      notFound: l.openFailed,
    }),
    [l.openFailed],
  );
  useLinkedRecord<Lead>('messages', list.data, setOpen, readLead);
  const [deleting, setDeleting] = useState<ContactMessage | null>(null);
  const [replying, setReplying] = useState<Lead | null>(null);
  const remove = (message: ContactMessage) =>
    mutate(() => apiFetch(`/api/contact-messages/${message.id}`, { method: 'DELETE' }), {
      invalidates: ['messages', LEAD_SUMMARY],
      success: adminTexts.records.messageDeleted,
      failure: adminTexts.records.deleteFailed,
    });
  return (
    <section aria-labelledby="tab-messages">
      <div className="mb-4 flex flex-wrap items-end gap-3">
        {/* On a phone: the two filters side by side under the search. */}
        <SearchBox value={query} onChange={setQuery} />
        <FilterSelect
          name="status"
          label={l.status}
          all={l.all}
          values={LEAD_STATUSES}
          labels={l.statuses}
          value={status}
          onChange={setStatus}
        />
        <FilterSelect
          name="source"
          label={l.source}
          all={l.all}
          values={LEAD_SOURCES}
          labels={l.sources}
          value={source}
          onChange={setSource}
        />
        <CsvButton path="/api/contact-messages" />
      </div>
      <LeadCounts />
      <RecordTable
        label={adminTexts.tabs.messages}
        list={list}
        emptyText={q || filters ? adminTexts.noMatches : t.empty}
        columns={[
          {
            header: t.columns.name,
            cell: (message) => (
              <div className="max-w-md">
                <span className={message.readAt ? undefined : 'font-semibold'}>
                  <ContactLink email={message.email}>{message.name}</ContactLink>
                </span>
                {!message.readAt && (
                  <span className="ml-2 rounded bg-blue-50 px-1.5 text-xs text-blue-800" data-lead-unread>
                    {t.unread}
                  </span>
                )}
                <p className="mt-0.5 truncate text-xs text-slate-600" data-lead-preview title={message.preview}>
                  {message.preview}
                </p>
              </div>
            ),
          },
          { header: t.columns.email, cell: (message) => <ContactLink email={message.email} /> },
          { header: t.columns.company, cell: (message) => message.company ?? t.notAvailable },
          { header: t.columns.service, cell: (message) => service(message) },
          {
            header: t.columns.date,
            cell: (message) => formatDateTime(message.createdAt),
            sort: (message) => message.createdAt,
          },
        ]}
        actions={(message) => (
          <div className="flex flex-wrap items-center justify-end gap-2">
            <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-medium" data-lead-status={message.status}>
              {l.statuses[message.status]}
            </span>
            <Button variant="ghost" onClick={() => setOpen(message)} aria-label={`${adminTexts.view}: ${message.name}`}>
              {adminTexts.view}
            </Button>
            <Button variant="secondary" onClick={() => setReplying(message)} aria-label={`${l.reply}: ${message.name}`}>
              {l.reply}
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
        onClose={() => {
          setOpen(null);
          setReplyingInView(false);
        }}
        className="max-w-2xl"
        unsaved={{ ...adminTexts.ux.unsaved, dirty: notesDirty }}
      >
        {open && (
          <dl className="space-y-3 text-sm" data-message-view>
            {(
              [
                [t.email, <ContactLink key="email" email={open.email} />],
                [t.company, open.company ?? t.notAvailable],
                [
                  t.phone,
                  open.phone ? (
                    <a className="underline" href={`tel:${open.phone.replace(/[^\d+]/g, '')}`} data-lead-phone>
                      {open.phone}
                    </a>
                  ) : (
                    t.notAvailable
                  ),
                ],
                [t.service, service(open)],
                [t.source, l.sources[open.source]],
                [adminTexts.attribution.label, <AttributionText key="attribution" attribution={open.attribution} />],
              ] satisfies Array<[string, React.ReactNode]>
            ).map(([term, value]) => (
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
            {open.source === 'investor' && <InvestorLead message={open} />}
          </dl>
        )}
        {open && <LeadState key={`${open.id}-${threadVersion}`} lead={open} onDirty={setNotesDirty} />}
        {open && (
          <div className="mt-4 border-t pt-4" data-message-reply>
            {replyingInView ? (
              <ReplyForm
                key={open.id}
                lead={open}
                onDone={() => {
                  setReplyingInView(false);
                  setThreadVersion((version) => version + 1);
                }}
              />
            ) : (
              <Button variant="secondary" onClick={() => setReplyingInView(true)}>
                {l.reply}
              </Button>
            )}
          </div>
        )}
      </Dialog>
      <ReplyDialog lead={replying} onClose={() => setReplying(null)} />
    </section>
  );
}
