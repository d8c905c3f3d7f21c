import { useMemo, useState } from 'react';
import { apiFetch } from '../../../client/api';
import type { NewsletterSubscription } from '../../../lib/schemas/newsletter';
import { Button } from '../../react-ui/button';
import { formatDateTime } from '../format';
import { CsvButton } from '../inbox/csv-button';
import { matches, SearchBox } from '../inbox/search-box';
import { mutate, useQuery } from '../query';
import { RecordTable } from '../record-table';
import { useAdminTexts } from '../language';

export function NewsletterTab() {
  const adminTexts = useAdminTexts();
  const t = adminTexts.newsletter;
  const list = useQuery<NewsletterSubscription[]>('newsletters', '/api/newsletters');
  const [query, setQuery] = useState('');
  const shown = useMemo(() => (list.data ?? []).filter((s) => matches(query, s.fullName, s.email)), [list.data, query]);
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
      <RecordTable
        label={adminTexts.tabs.newsletter}
        list={list}
        shown={shown}
        emptyText={t.empty}
        columns={[
          { header: t.columns.fullName, cell: (subscription) => subscription.fullName },
          { header: t.columns.email, cell: (subscription) => subscription.email },
          { header: t.columns.date, cell: (subscription) => formatDateTime(subscription.registrationDate) },
        ]}
        actions={(subscription) => (
          <Button
            variant="destructive"
            onClick={() => void remove(subscription)}
            aria-label={`${adminTexts.delete}: ${subscription.email}`}
          >
            {adminTexts.delete}
          </Button>
        )}
      />
    </section>
  );
}
