import { useCallback, useMemo, useState } from 'react';
import { apiFetch } from '../../../client/api';
import type { NewsletterSubscription } from '../../../features/newsletter/schema';
import { Button } from '../../react-ui/button';
import { formatDateTime } from '../format';
import { ConfirmDelete } from '../confirm-dialog';
import { CsvButton } from '../inbox/csv-button';
import { SearchBox, useSearch } from '../inbox/search-box';
import { mutate, usePagedQuery } from '../query';
import { RecordTable } from '../record-table';
import { languageName } from '../../../i18n/languages';
import { ContactLink } from '../inbox/contact';
import { useAdminLanguage, useAdminTexts } from '../language';
import { useLinkedRecord } from '../linked-record';

export function NewsletterTab() {
  const adminTexts = useAdminTexts();
  const t = adminTexts.newsletter;
  const { language } = useAdminLanguage();
  const { query, setQuery, q } = useSearch();
  const list = usePagedQuery<NewsletterSubscription>('newsletters', '/api/newsletters', q);
  const [deleting, setDeleting] = useState<NewsletterSubscription | null>(null);
  // A link to one subscriber (`#newsletter/{id}`: the contact view's) narrows the list to its address, read by its id
  // when the loaded pages do not hold it.
  const readOne = useMemo(
    () => ({
      read: (id: string) => apiFetch<NewsletterSubscription>(`/api/newsletters/${encodeURIComponent(id)}`),
      notFound: t.gone,
    }),
    [t.gone],
  );
  const show = useCallback((subscription: NewsletterSubscription) => setQuery(subscription.email), [setQuery]);
  useLinkedRecord('newsletter', list.data, show, readOne);
  async function remove(subscription: NewsletterSubscription) {
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
      <RecordTable
        label={adminTexts.tabs.newsletter}
        list={list}
        emptyText={q ? adminTexts.noMatches : t.empty}
        columns={[
          { header: t.columns.fullName, cell: (subscription) => subscription.fullName },
          { header: t.columns.email, cell: (subscription) => <ContactLink email={subscription.email} /> },
          {
            header: t.columns.date,
            cell: (subscription) => formatDateTime(subscription.registrationDate),
            sort: (subscription) => subscription.registrationDate,
          },
          {
            header: t.status,
            cell: (subscription) => (
              <span data-subscriber-status={subscription.status}>{t.statuses[subscription.status]}</span>
            ),
          },
          { header: t.language, cell: (subscription) => languageName(subscription.language, language) },
        ]}
        actions={(subscription) => (
          <Button
            variant="destructive"
            onClick={() => setDeleting(subscription)}
            aria-label={`${adminTexts.delete}: ${subscription.email}`}
          >
            {adminTexts.delete}
          </Button>
        )}
      />
      <ConfirmDelete
        what={deleting ? deleting.email : null}
        run={() => (deleting ? remove(deleting) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
