import { lazy, Suspense, useState } from 'react';
import { apiFetch } from '../../../client/api';
import { showToast } from '../../../client/toast';
import { Button, buttonVariants } from '../../react-ui/button';
import { formatDateTime } from '../format';
import { useAdminLanguage, useAdminTexts } from '../language';
import { ADMIN_LOCALE } from '../../../i18n/admin';
import { handleUnauthorized } from '../query';
import type { RevisionRecord } from './revisions';

// The revisions' code (and the word diff) loads only when they are opened.
const RevisionsDialog = lazy(() => import('./revisions'));

/** What a record is as saved, with what its form says: only a draft that stays one is saved as it is typed. */
export type PublicationState = 'draft' | 'publishing' | 'scheduled' | 'published';

/** Where autosave stands (the status line says it, politely, to screen readers too). */
export type AutosaveStatus =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved'; at: string }
  | { state: 'failed' }
  | { state: 'invalid' }
  | { state: 'conflict' };

/**
 * The publishing strip of a saved record's editor (insights, case studies): Revisions, Preview (a signed link to the
 * page as last saved, with Copy and Open), and the autosave status: a draft's saves as it is typed, or, for a
 * published, scheduled or just-published record, that its changes are saved with Update.
 */
export function PublishingBar({
  endpoint,
  invalidates,
  record,
  publication,
  autosave,
  dirty,
  onRetry,
  onRestored,
}: {
  endpoint: string;
  invalidates: string;
  record: RevisionRecord;
  publication: PublicationState;
  autosave: AutosaveStatus;
  dirty: boolean;
  onRetry: () => void;
  onRestored: (record: RevisionRecord) => void;
}) {
  const adminTexts = useAdminTexts();
  const t = adminTexts.publishing;
  const { language } = useAdminLanguage();
  // Mounted from the first opening on (its code loads then), so that closing it gives focus back to its button.
  const [revisionsOpen, setRevisionsOpen] = useState<boolean | null>(null);
  const [preview, setPreview] = useState<{ url: string; expiresAt: string } | null>(null);
  const [creating, setCreating] = useState(false);

  async function createPreview() {
    setCreating(true);
    try {
      const link = await apiFetch<{ url: string; expiresAt: string }>(`${endpoint}/${record.id}/preview`, {
        method: 'POST',
      });
      setPreview({ url: new URL(link.url, window.location.origin).toString(), expiresAt: link.expiresAt });
    } catch (error) {
      if (!handleUnauthorized(error))
        showToast({ title: adminTexts.error, description: t.previewFailed, variant: 'error' });
    } finally {
      setCreating(false);
    }
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      showToast({ title: t.copied });
    } catch {
      showToast({ title: adminTexts.error, description: t.copyFailed, variant: 'error' });
    }
  }

  const a = t.autosave;
  const status =
    publication !== 'draft'
      ? a[publication]
      : autosave.state === 'saving'
        ? a.saving
        : autosave.state === 'saved'
          ? a.saved(
              new Date(autosave.at).toLocaleTimeString(ADMIN_LOCALE[language], { hour: '2-digit', minute: '2-digit' }),
            )
          : autosave.state === 'failed'
            ? a.failed
            : autosave.state === 'invalid'
              ? a.invalid
              : autosave.state === 'conflict'
                ? a.conflict
                : a.draft;

  return (
    <div className="mb-5 space-y-3 border-b border-slate-200 pb-4" data-publishing-bar>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" className="px-3 py-2" onClick={() => setRevisionsOpen(true)} data-open-revisions>
          {t.revisions}
        </Button>
        <Button
          variant="secondary"
          className="px-3 py-2"
          onClick={() => void createPreview()}
          disabled={creating}
          data-create-preview
        >
          {creating ? t.previewCreating : t.preview}
        </Button>
        <p
          role="status"
          aria-live="polite"
          className={
            autosave.state === 'conflict' || autosave.state === 'failed'
              ? 'min-w-0 flex-1 text-sm font-medium text-red-700'
              : 'min-w-0 flex-1 text-sm text-slate-600'
          }
          data-autosave-status={publication === 'draft' ? autosave.state : publication}
        >
          {status}
          {publication === 'draft' && autosave.state === 'failed' && (
            <>
              {' — '}
              <button type="button" onClick={onRetry} className="font-semibold underline" data-autosave-retry>
                {a.retry}
              </button>
            </>
          )}
        </p>
      </div>
      {preview && (
        <div className="space-y-2 rounded-md bg-slate-50 p-3 text-sm" data-preview-link>
          <p className="font-semibold text-navy">{t.previewTitle}</p>
          <p className="text-slate-700">{t.previewText}</p>
          {dirty && <p className="text-amber-900">{t.previewUnsaved}</p>}
          <input
            readOnly
            value={preview.url}
            aria-label={t.previewTitle}
            onFocus={(event) => event.currentTarget.select()}
            className="block w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1 font-mono text-xs"
          />
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="secondary" className="px-3 py-1.5" onClick={() => void copy(preview.url)}>
              {t.copy}
            </Button>
            <a
              href={preview.url}
              target="_blank"
              rel="noopener"
              aria-label={t.openLabel}
              className={buttonVariants({ variant: 'secondary', className: 'px-3 py-1.5' })}
              data-open-preview
            >
              {t.open}
            </a>
            <span className="text-xs text-slate-600">{t.previewExpires(formatDateTime(preview.expiresAt))}</span>
          </div>
        </div>
      )}
      {revisionsOpen !== null && (
        <Suspense fallback={<p role="status">{adminTexts.loading}</p>}>
          <RevisionsDialog
            open={revisionsOpen}
            endpoint={endpoint}
            invalidates={invalidates}
            current={record}
            onClose={() => setRevisionsOpen(false)}
            onRestored={onRestored}
          />
        </Suspense>
      )}
    </div>
  );
}
