import { useEffect, useState, type ReactNode } from 'react';
import type { ContactItem, ContactTimeline } from '../../../features/contacts/schema';
import { Dialog } from '../../react-ui/dialog';
import { formatDateTime } from '../format';
import { useAdminTexts } from '../language';
import { ListState } from '../list-state';
import { useQuery } from '../query';
import { AttributionText } from './attribution';
import { LeadControls } from './lead-controls';

const PREFIX = 'contact/';

/** The link that opens a person's contact view over the tab: `/admin#contact/{address}`. */
export function contactHref(email: string): string {
  return `#${PREFIX}${encodeURIComponent(email.trim().toLowerCase())}`;
}

/** A person's name or address in a list or a view: a link to their contact view. */
export function ContactLink({ email, children }: { email: string; children?: ReactNode }) {
  const t = useAdminTexts().desk.contact;
  return (
    <a
      href={contactHref(email)}
      className="text-emerald-800 underline [overflow-wrap:anywhere] decoration-emerald-800/40 underline-offset-2 hover:decoration-emerald-800"
      title={t.open(email)}
      data-contact-link={email}
    >
      {children ?? email}
    </a>
  );
}

/** The address the location names (`#contact/{address}`), or null. */
function emailFromHash(): string | null {
  const hash = window.location.hash.slice(1);
  if (!hash.startsWith(PREFIX)) return null;
  try {
    return decodeURIComponent(hash.slice(PREFIX.length)) || null;
  } catch {
    return null;
  }
}

/** One kind's mark in the timeline: a glyph read as nothing (the label says the kind). */
const KIND_MARK: Record<ContactItem['kind'], string> = {
  message: '✉',
  chat: '💬',
  video: '🎥',
  booking: '📅',
  'access-request': '🔑',
  newsletter: '📰',
  reply: '↩',
  whatsapp: '📱',
};

function TimelineItem({ item }: { item: ContactItem }) {
  const adminTexts = useAdminTexts();
  const t = adminTexts.desk.contact;
  const status =
    item.kind === 'newsletter'
      ? adminTexts.newsletter.statuses[item.status]
      : 'owner' in item
        ? adminTexts.leads.statuses[item.status]
        : item.kind === 'booking'
          ? item.status
          : null;
  return (
    <li className="flex gap-3 rounded border border-slate-200 bg-white p-3" data-contact-item={item.kind}>
      <span aria-hidden="true" className="mt-0.5 w-6 shrink-0 text-center text-lg leading-none">
        {KIND_MARK[item.kind]}
      </span>
      <div className="min-w-0 flex-1 text-sm">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-semibold">{t.kinds[item.kind]}</span>
          <time dateTime={item.at} className="text-slate-600">
            {formatDateTime(item.at)}
          </time>
          {status && (
            <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-medium" data-contact-item-status>
              {status}
            </span>
          )}
        </p>
        {item.summary && <p className="mt-1 break-words text-slate-800">{item.summary}</p>}
        {item.kind === 'reply' && <p className="mt-1 text-xs text-slate-600">{t.replyBy(item.by)}</p>}
        {'matchedBy' in item && item.matchedBy === 'phone' && (
          <p className="mt-1 text-xs font-medium text-amber-800" data-contact-item-other-address>
            {t.samePhoneOtherAddress(item.email)}
          </p>
        )}
        {'attribution' in item && (
          <p className="mt-1 text-xs text-slate-700" data-contact-item-attribution>
            <span className="font-semibold">{adminTexts.attribution.label}:</span>{' '}
            <AttributionText attribution={item.attribution} />
          </p>
        )}
        {'owner' in item && item.owner && (
          <p className="mt-1 text-xs text-slate-600">
            {t.owner}: {item.owner}
          </p>
        )}
        {'notes' in item && item.notes && (
          <p
            className="mt-1 line-clamp-3 whitespace-pre-wrap break-words text-xs text-slate-700"
            data-contact-item-notes
          >
            <span className="font-semibold">{adminTexts.leads.notes}:</span> {item.notes}
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1 self-start text-sm font-medium">
        {item.link && (
          <a
            href={`#${item.link.tab}/${encodeURIComponent(item.link.id)}`}
            className="text-emerald-800 underline underline-offset-2"
            aria-label={`${t.openItem}: ${t.kinds[item.kind]}, ${formatDateTime(item.at)}`}
          >
            {t.openItem}
          </a>
        )}
        {'conversationId' in item && item.conversationId && (
          <a
            href={`#${item.kind === 'video' ? 'video' : 'whatsapp'}/${encodeURIComponent(item.conversationId)}`}
            className="text-emerald-800 underline underline-offset-2"
            aria-label={`${t.openConversation}: ${t.kinds[item.kind]}, ${formatDateTime(item.at)}`}
            data-contact-item-conversation
          >
            {t.openConversation}
          </a>
        )}
      </div>
    </li>
  );
}

/**
 * The lead a partner works on from the contact view (the newest open one, else the newest: the API's `lead`), said
 * which, with the message view's controls: status, owner, notes.
 */
function CurrentLead({ lead, onDirty }: { lead: ContactTimeline['lead']; onDirty: (dirty: boolean) => void }) {
  const t = useAdminTexts().desk.contact;
  if (!lead) return <p className="text-slate-600">{t.noLead}</p>;
  const which = (lead.status === 'closed' ? t.leadClosed : t.leadOpen)(t.kinds[lead.kind], formatDateTime(lead.at));
  return (
    <section className="space-y-3 rounded border border-slate-200 bg-slate-50 p-3" data-contact-lead={lead.id}>
      <h3 className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="font-semibold" data-contact-lead-which>
          {which}
        </span>
        <a
          href={`#messages/${encodeURIComponent(lead.id)}`}
          className="text-sm font-medium text-emerald-800 underline underline-offset-2"
        >
          {t.openLead}
        </a>
      </h3>
      {/* Keyed by the lead: another lead (a refetch after a change elsewhere) starts from its own state. */}
      <LeadControls key={lead.id} lead={lead} idPrefix="contact-lead" onDirty={onDirty} />
    </section>
  );
}

function Timeline({ email, onDirty }: { email: string; onDirty: (dirty: boolean) => void }) {
  const adminTexts = useAdminTexts();
  const t = adminTexts.desk.contact;
  const { data, error, loading } = useQuery<ContactTimeline>(
    `contact\n${email}`,
    `/api/contacts?email=${encodeURIComponent(email)}`,
  );
  return (
    <ListState loading={loading && !data} error={error} empty={false} emptyText="">
      {data && (
        <div className="space-y-4 text-sm" data-contact-view>
          {data.contact.name && (
            <p className="text-base font-semibold text-navy" data-contact-name>
              {data.contact.name}
            </p>
          )}
          <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
            <div>
              <dt className="font-semibold">{t.email}</dt>
              <dd>
                <a className="break-all underline" href={`mailto:${data.contact.email}`}>
                  {data.contact.email}
                </a>
              </dd>
            </div>
            {data.contact.phone && (
              <div>
                <dt className="font-semibold">{t.phone}</dt>
                <dd>
                  <a className="underline" href={`tel:${data.contact.phone.replace(/[^\d+]/g, '')}`}>
                    {data.contact.phone}
                  </a>
                </dd>
              </div>
            )}
          </dl>
          <CurrentLead lead={data.lead} onDirty={onDirty} />
          <h3 className="font-semibold">{t.items}</h3>
          {data.items.length === 0 ? (
            <p className="text-slate-600">{t.empty}</p>
          ) : (
            <ol className="space-y-2" data-contact-timeline>
              {data.items.map((item) => (
                <TimelineItem key={`${item.kind}-${item.id}`} item={item} />
              ))}
            </ol>
          )}
          {data.truncated && <p className="text-slate-600">{t.truncated}</p>}
        </div>
      )}
    </ListState>
  );
}

/**
 * A person's contact view (issue #24; docs/product.md, "Partner's desk"): opened over any tab by a link to
 * `/admin#contact/{address}`, closed back to the tab. Their records newest first, each linking to where it lives.
 */
export function ContactDialog() {
  const adminTexts = useAdminTexts();
  const [email, setEmail] = useState<string | null>(emailFromHash);
  // Notes typed and not saved: closing the view asks first.
  const [notesDirty, setNotesDirty] = useState(false);
  useEffect(() => {
    const follow = () => setEmail(emailFromHash());
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  const close = () => {
    // Back to the tab, without a hashchange that would reopen a record the tab once followed.
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    setEmail(null);
  };
  return (
    <Dialog
      open={email !== null}
      title={email ? adminTexts.desk.contact.title(email) : ''}
      closeLabel={adminTexts.close}
      onClose={close}
      className="max-w-3xl"
      unsaved={{ ...adminTexts.ux.unsaved, dirty: notesDirty }}
    >
      {email && <Timeline key={email} email={email} onDirty={setNotesDirty} />}
    </Dialog>
  );
}
