import { useState } from 'react';
import { ApiError } from '../../../client/api';
import { showToast } from '../../../client/toast';
import { ADMIN_LOCALE } from '../../../i18n/admin';
import { pick } from '../../../i18n/languages';
import type { DocumentSummary } from '../../../features/investors/document-schema';
import { Button } from '../../react-ui/button';
import { downloadDocument, formatSize } from '../investors/upload';
import { formatDate } from '../investors/format';
import { useAdminLanguage, useAdminTexts } from '../language';
import { handleUnauthorized, useQuery } from '../query';
import { RecordTable } from '../record-table';

/** The documents shared with the signed-in investor, each downloaded through a link that lasts minutes. */
export function InvestorDocumentsTab() {
  const adminTexts = useAdminTexts();
  const t = adminTexts.investors.documents;
  const { language } = useAdminLanguage();
  const list = useQuery<DocumentSummary[]>('investor-documents', '/api/documents');
  const [busy, setBusy] = useState<string | null>(null);

  async function download(document: DocumentSummary) {
    setBusy(document.id);
    try {
      await downloadDocument(document.id);
    } catch (error) {
      if (!handleUnauthorized(error)) {
        const detail = error instanceof ApiError ? error.serverMessage : undefined;
        showToast({ title: adminTexts.error, description: detail ?? t.downloadFailed, variant: 'error' });
      }
    } finally {
      setBusy(null);
    }
  }

  return (
    <section data-investor-documents>
      <p className="mb-4 text-slate-700">{t.intro}</p>
      <RecordTable
        label={adminTexts.investors.tabs.documents}
        list={list}
        emptyText={t.empty}
        columns={[
          {
            header: t.columns.title,
            className: 'font-medium break-words',
            cell: (document) => (
              <>
                {pick(document.title, language)}
                {pick(document.description, language) && (
                  <span className="block text-sm font-normal text-slate-600">
                    {pick(document.description, language)}
                  </span>
                )}
              </>
            ),
          },
          { header: t.columns.category, cell: (document) => t.category[document.category] },
          { header: t.columns.date, cell: (document) => formatDate(document.createdAt) },
          { header: t.columns.size, cell: (document) => formatSize(document.size, ADMIN_LOCALE[language]) },
        ]}
        actions={(document) => (
          <Button
            variant="secondary"
            disabled={busy === document.id}
            onClick={() => void download(document)}
            aria-label={`${t.download}: ${pick(document.title, language)}`}
          >
            {busy === document.id ? t.downloading : t.download}
          </Button>
        )}
      />
    </section>
  );
}
