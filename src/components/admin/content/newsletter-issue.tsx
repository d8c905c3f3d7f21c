import { useEffect, useState, type SyntheticEvent } from 'react';
import { apiFetch } from '../../../client/api';
import { cn } from '../../../client/cn';
import type { AdminTexts } from '../../../i18n/admin';
import { DEFAULT_LANGUAGE, LANGUAGES, languageName, pick, type Language } from '../../../i18n/languages';
import type { IssueProgress, NewsletterIssue } from '../../../features/newsletter/issue-schema';
import { Button } from '../../react-ui/button';
import { Dialog } from '../../react-ui/dialog';
import { Field } from '../../react-ui/field';
import { Input } from '../../react-ui/input';
import { ConfirmDialog } from '../confirm-dialog';
import { formatDateTime } from '../format';
import { useAdminLanguage, useAdminTexts } from '../language';
import { invalidate, mutate } from '../query';
import type { AdminContentKind } from './content-tab';
import { contentForm, type ContentForm } from './editor-dialog';

/**
 * Newsletter issues in the dashboard (docs/product.md, "Newsletter issues"): written in the content editor (subject
 * and body in both languages), previewed, tested, sent once; the list shows each issue's status and counts, polled
 * while it is sending.
 */

const LIST_KEY = 'newsletter-issues-admin';
const ENDPOINT = '/api/newsletter-issues';
/** How often a sending issue's counts are asked for. */
const POLL_MS = 2000;

interface IssueForm extends ContentForm {
  version?: number;
}

const subjectOf = (issue: NewsletterIssue) => pick(issue.title, DEFAULT_LANGUAGE);

/** An issue's counts: read once for a sent issue, every POLL_MS while it is sending. */
function useIssueProgress(issue: NewsletterIssue): IssueProgress | null {
  const [progress, setProgress] = useState<IssueProgress | null>(null);
  useEffect(() => {
    if (issue.status === 'draft') return;
    let stopped = false;
    let timer: number | undefined;
    const load = () => {
      apiFetch<IssueProgress>(`${ENDPOINT}/${issue.id}/progress`)
        .then((next) => {
          if (stopped) return;
          setProgress(next);
          if (next.status === 'sending') timer = window.setTimeout(load, POLL_MS);
          else if (issue.status !== next.status) invalidate(LIST_KEY);
        })
        .catch(() => {
          if (!stopped) timer = window.setTimeout(load, POLL_MS * 5);
        });
    };
    load();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [issue.id, issue.status]);
  return progress;
}

function IssueStatus({ issue }: { issue: NewsletterIssue }) {
  const t = useAdminTexts().newsletterIssues;
  const progress = useIssueProgress(issue);
  const status = progress?.status ?? issue.status;
  const total = progress?.total === null || progress?.total === undefined ? '…' : String(progress.total);
  return (
    <div className="space-y-1">
      <span
        data-issue-status={status}
        className={cn(
          'rounded-full px-2 py-0.5 text-xs font-semibold',
          status === 'sent' && 'bg-emerald-50 text-emerald-800',
          status === 'sending' && 'bg-amber-50 text-amber-900',
          status === 'draft' && 'bg-slate-100 text-slate-700',
        )}
      >
        {t.statuses[status]}
      </span>
      {progress && status !== 'draft' && (
        <p className="text-xs text-slate-700" data-issue-counts role={status === 'sending' ? 'status' : undefined}>
          {status === 'sending'
            ? t.progress(progress.sent, total)
            : `${t.columns.counts}: ${t.counts(progress.sent, progress.failed, total)}`}
        </p>
      )}
    </div>
  );
}

function PreviewDialog({ issue, onClose }: { issue: NewsletterIssue; onClose: () => void }) {
  const adminTexts = useAdminTexts();
  const t = adminTexts.newsletterIssues;
  const { language } = useAdminLanguage();
  const [lang, setLang] = useState<Language>(DEFAULT_LANGUAGE);
  const [mail, setMail] = useState<{ subject: string; text: string } | null>(null);
  useEffect(() => {
    let stopped = false;
    apiFetch<{ subject: string; text: string }>(`${ENDPOINT}/${issue.id}/preview?language=${lang}`)
      .then((next) => !stopped && setMail(next))
      .catch(() => !stopped && setMail(null));
    return () => {
      stopped = true;
    };
  }, [issue.id, lang]);
  return (
    <Dialog open title={t.previewTitle(subjectOf(issue))} closeLabel={adminTexts.close} onClose={onClose}>
      <div className="space-y-4" data-issue-preview>
        <div role="group" aria-label={t.previewLanguage} className="flex gap-2">
          {LANGUAGES.map((code) => (
            <Button
              key={code}
              variant={lang === code ? 'primary' : 'secondary'}
              aria-pressed={lang === code}
              onClick={() => setLang(code)}
            >
              {languageName(code, language)}
            </Button>
          ))}
        </div>
        {mail ? (
          <>
            <p className="text-sm">
              <span className="font-medium text-slate-800">{t.subjectLabel}: </span>
              <span data-preview-subject>{mail.subject}</span>
            </p>
            <div>
              <p className="text-sm font-medium text-slate-800">{t.textPart}</p>
              <pre className="mt-1 max-h-72 overflow-auto rounded-md bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800">
                {mail.text}
              </pre>
            </div>
          </>
        ) : (
          <p role="status">{adminTexts.loading}</p>
        )}
        <a
          className="text-sm font-medium text-slate-900 underline"
          href={`${ENDPOINT}/${issue.id}/preview?language=${lang}&format=html`}
          target="_blank"
          rel="noopener"
        >
          {t.openHtml}
        </a>
        <p className="text-xs text-slate-600">{t.sampleLink}</p>
      </div>
    </Dialog>
  );
}

function TestDialog({ issue, onClose }: { issue: NewsletterIssue; onClose: () => void }) {
  const adminTexts = useAdminTexts();
  const t = adminTexts.newsletterIssues;
  const { language } = useAdminLanguage();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    setBusy(true);
    const sent = await mutate(() => apiFetch(`${ENDPOINT}/${issue.id}/test`, { method: 'POST', body: { email } }), {
      invalidates: [],
      success: t.testSent(email),
      failure: t.testFailed,
    });
    setBusy(false);
    if (sent) onClose();
  }
  return (
    <Dialog open title={t.testTitle(subjectOf(issue))} closeLabel={adminTexts.close} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} className="space-y-4" data-issue-test-form>
        <Field id="newsletter-issue-test-email" label={t.testAddress}>
          <Input type="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
        </Field>
        <p className="text-sm text-slate-700">
          {t.testLanguages(LANGUAGES.map((code) => languageName(code, language, 'inline')))}
        </p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {adminTexts.cancel}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? t.testSending : t.test}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export type IssueDialog = { kind: 'preview' | 'test' | 'send'; issue: NewsletterIssue } | null;

/** The dialog a row's action opened: the preview, the test, or the confirmation of the send. */
export function IssueDialogs({ dialog, onClose }: { dialog: IssueDialog; onClose: () => void }) {
  const t = useAdminTexts().newsletterIssues;
  if (!dialog) return null;
  const { issue } = dialog;
  if (dialog.kind === 'preview') return <PreviewDialog issue={issue} onClose={onClose} />;
  if (dialog.kind === 'test') return <TestDialog issue={issue} onClose={onClose} />;
  return (
    <ConfirmDialog
      open
      title={t.sendTitle}
      text={t.sendText(subjectOf(issue))}
      confirmLabel={t.sendConfirm}
      busyLabel={t.sendBusy}
      run={() =>
        mutate(() => apiFetch(`${ENDPOINT}/${issue.id}/send`, { method: 'POST' }), {
          invalidates: [LIST_KEY],
          success: t.sendStarted,
          failure: t.sendFailed,
        })
      }
      onClose={onClose}
    />
  );
}

/** The content kind of newsletter issues; `open` shows a row's dialog. */
export function newsletterIssueKind(
  texts: AdminTexts,
  open: (dialog: IssueDialog) => void,
): AdminContentKind<NewsletterIssue, IssueForm> {
  const t = texts.newsletterIssues;
  return {
    name: 'newsletter-issue',
    key: LIST_KEY,
    listPath: `${ENDPOINT}/admin`,
    endpoint: ENDPOINT,
    label: t.tab,
    texts: t,
    columns: [
      { header: t.columns.subject, className: 'font-medium', cell: subjectOf },
      { header: t.columns.date, cell: (issue) => formatDateTime(issue.sentAt ?? issue.createdAt) },
      { header: t.columns.status, cell: (issue) => <IssueStatus issue={issue} /> },
    ],
    toForm: (issue) => contentForm(issue),
    toBody: ({ imageUrl: _, ...form }) => form,
    Fields: () => null,
    withoutImage: true,
    withoutDescription: true,
    labels: { title: t.subject, content: t.body },
    canEdit: (issue) => issue.status === 'draft',
    rowActions: (issue) => (
      <>
        <Button
          variant="ghost"
          onClick={() => open({ kind: 'preview', issue })}
          aria-label={`${t.preview}: ${subjectOf(issue)}`}
        >
          {t.preview}
        </Button>
        <Button
          variant="ghost"
          onClick={() => open({ kind: 'test', issue })}
          aria-label={`${t.test}: ${subjectOf(issue)}`}
        >
          {t.test}
        </Button>
        {issue.status === 'draft' && (
          <Button onClick={() => open({ kind: 'send', issue })} aria-label={`${t.send}: ${subjectOf(issue)}`}>
            {t.send}
          </Button>
        )}
      </>
    ),
  };
}
