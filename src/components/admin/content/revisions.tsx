import { diffWords } from 'diff';
import { useEffect, useState } from 'react';
import { apiFetch } from '../../../client/api';
import { showToast } from '../../../client/toast';
import { LANGUAGES, languageName, type Localized } from '../../../i18n/languages';
import { Button } from '../../react-ui/button';
import { Dialog } from '../../react-ui/dialog';
import { ConfirmDialog } from '../confirm-dialog';
import { formatDateTime } from '../format';
import { useAdminLanguage, useAdminTexts } from '../language';
import { handleUnauthorized, mutate } from '../query';

/** One save of a record as GET /api/{kind}/{id}/revisions lists it (src/features/content/store.ts). */
interface RevisionSummary {
  id: string;
  savedAt: string;
  savedBy: { id: string; name: string } | null;
  title: Localized;
  /** `title.en`, `focus`, …; null for the first save. */
  changes: string[] | null;
}

/** A record as the editor holds it: its texts per language, its version, and any other field. */
export type RevisionRecord = Record<string, unknown> & { id: string; version: number };

/** The texts compared word by word, in this order; every other field is only named when it differs. */
const TEXTS = ['title', 'description', 'content'] as const;
/** Fields every save changes, or that are the record's identity: never "a change". */
const IGNORED = new Set(['id', 'version', 'updatedAt']);

/** A rich text as plain text: a line per paragraph, heading, item or break. */
function plainText(html: string): string {
  const marked = html.replace(/<\/(p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi, (tag) => `${tag}\n`);
  const text = new DOMParser().parseFromString(marked, 'text/html').body.textContent ?? '';
  return text.replace(/\n{3,}/g, '\n\n').trim();
}

function localized(record: RevisionRecord, field: string): Localized | null {
  const value = record[field];
  return value && typeof value === 'object' ? (value as Localized) : null;
}

/**
 * The revisions of a record (a dialog over the editor): the list, newest first, with when, who and what each save
 * changed; a chosen one compared with the current version (title, description and text per language, word by word,
 * with `diff`: docs/decisions/0048-word-diffs-with-jsdiff.md), and Restore (after a confirmation), which writes it
 * as a new save and hands the record back to the editor.
 */
export default function RevisionsDialog({
  open,
  endpoint,
  invalidates,
  current,
  onClose,
  onRestored,
}: {
  open: boolean;
  /** The kind's endpoint (`/api/insights`). */
  endpoint: string;
  /** The list to refetch after a restore. */
  invalidates: string;
  /** The record as last saved. */
  current: RevisionRecord;
  onClose: () => void;
  onRestored: (record: RevisionRecord) => void;
}) {
  const adminTexts = useAdminTexts();
  const t = adminTexts.publishing;
  const { language } = useAdminLanguage();
  const base = `${endpoint}/${current.id}/revisions`;
  const [list, setList] = useState<RevisionSummary[] | 'error' | null>(null);
  const [chosen, setChosen] = useState<{ summary: RevisionSummary; record: RevisionRecord } | null>(null);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setList(null);
    setChosen(null);
    apiFetch<RevisionSummary[]>(base)
      .then((revisions) => live && setList(revisions))
      .catch((error: unknown) => {
        if (!handleUnauthorized(error) && live) setList('error');
      });
    return () => {
      live = false;
    };
  }, [base, open]);

  async function choose(summary: RevisionSummary) {
    try {
      const record = await apiFetch<RevisionRecord>(`${base}/${summary.id}`);
      setChosen({ summary, record });
    } catch (error) {
      if (!handleUnauthorized(error))
        showToast({ title: adminTexts.error, description: t.revisionsFailed, variant: 'error' });
    }
  }

  async function restore(summary: RevisionSummary) {
    const record = await mutate(
      () =>
        apiFetch<RevisionRecord>(`${base}/${summary.id}/restore`, {
          method: 'POST',
          body: { version: current.version },
        }),
      { invalidates: [invalidates], success: t.restored, failure: t.restoreFailed },
    );
    if (record) {
      onRestored(record);
      onClose();
    }
  }

  const fieldName = (change: string) => {
    const [field = change, lang] = change.split('.');
    const label = (t.fields as Record<string, string>)[field] ?? field;
    return lang ? `${label} (${lang.toUpperCase()})` : label;
  };
  const summaryText = (revision: RevisionSummary) =>
    revision.changes === null
      ? t.createdHere
      : revision.changes.length
        ? t.changed(revision.changes.map(fieldName).join(', '))
        : t.unchanged;

  return (
    <Dialog open={open} title={t.revisionsTitle} closeLabel={adminTexts.close} onClose={onClose} className="max-w-4xl">
      <div data-revisions-dialog>
        {chosen ? (
          <Comparison
            revision={chosen.record}
            current={current}
            date={formatDateTime(chosen.summary.savedAt)}
            fieldName={fieldName}
            onBack={() => setChosen(null)}
            onRestore={() => setConfirming(true)}
          />
        ) : list === null ? (
          <p role="status">{adminTexts.loading}</p>
        ) : list === 'error' ? (
          <p role="alert" className="text-sm text-red-700">
            {t.revisionsFailed}
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-slate-700">{t.revisionsEmpty}</p>
        ) : (
          <>
            <p className="mb-4 text-sm text-slate-700">{t.revisionsIntro}</p>
            <ol className="divide-y divide-slate-200 rounded-md border border-slate-200" data-revisions-list>
              {list.map((revision, index) => (
                <li key={revision.id}>
                  <button
                    type="button"
                    onClick={() => void choose(revision)}
                    className="block w-full px-4 py-3 text-left hover:bg-slate-50"
                    data-revision={revision.id}
                  >
                    <span className="block text-sm font-semibold text-navy">
                      {formatDateTime(revision.savedAt)}
                      {revision.savedBy && ` · ${t.savedBy(revision.savedBy.name)}`}
                      {index === 0 && ` · ${t.current}`}
                    </span>
                    <span className="block text-sm text-slate-800">
                      {revision.title[language] || revision.title[LANGUAGES[0]]}
                    </span>
                    <span className="block text-xs text-slate-600">{summaryText(revision)}</span>
                  </button>
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
      {chosen && (
        <ConfirmDialog
          open={confirming}
          title={t.restoreTitle}
          text={t.restoreText(formatDateTime(chosen.summary.savedAt))}
          confirmLabel={t.restore}
          busyLabel={t.restoring}
          run={() => restore(chosen.summary)}
          onClose={() => setConfirming(false)}
        />
      )}
    </Dialog>
  );
}

/** A chosen revision against the current record: the texts word by word per language, the other fields named. */
function Comparison({
  revision,
  current,
  date,
  fieldName,
  onBack,
  onRestore,
}: {
  revision: RevisionRecord;
  current: RevisionRecord;
  date: string;
  fieldName: (change: string) => string;
  onBack: () => void;
  onRestore: () => void;
}) {
  const t = useAdminTexts().publishing;
  const { language } = useAdminLanguage();
  const texts = TEXTS.filter((field) => localized(revision, field) && localized(current, field));
  const others = [...new Set([...Object.keys(revision), ...Object.keys(current)])].filter(
    (field) =>
      !IGNORED.has(field) &&
      !texts.includes(field as (typeof TEXTS)[number]) &&
      JSON.stringify(revision[field] ?? null) !== JSON.stringify(current[field] ?? null),
  );
  const sections = LANGUAGES.flatMap((lang) =>
    texts.map((field) => {
      const read = (record: RevisionRecord) => {
        const text = localized(record, field)?.[lang] ?? '';
        return field === 'content' ? plainText(text) : text;
      };
      return { key: `${field}.${lang}`, lang, field, before: read(revision), after: read(current) };
    }),
  ).filter((section) => section.before !== section.after);
  return (
    <div className="space-y-4" data-revision-comparison>
      <h3 className="text-base font-semibold text-navy">{t.compareTitle(date)}</h3>
      <p className="text-xs text-slate-600">{t.compareLegend}</p>
      {sections.length === 0 && others.length === 0 && <p className="text-sm text-slate-700">{t.nothingDiffers}</p>}
      {sections.map((section) => (
        <section key={section.key} className="rounded-md border border-slate-200 p-3" data-diff={section.key}>
          <h4 className="mb-2 text-sm font-semibold text-slate-800">
            {(t.fields as Record<string, string>)[section.field]} ({languageName(section.lang, language)})
          </h4>
          <p className="text-sm leading-6 break-words whitespace-pre-wrap text-slate-800">
            {diffWords(section.before, section.after).map((part, index) =>
              part.removed ? (
                <del key={index} className="bg-red-50 text-red-800 line-through decoration-2">
                  <span className="sr-only">{t.removed} </span>
                  {part.value}
                </del>
              ) : part.added ? (
                <ins key={index} className="bg-emerald-50 text-emerald-900 underline decoration-2">
                  <span className="sr-only">{t.added} </span>
                  {part.value}
                </ins>
              ) : (
                <span key={index}>{part.value}</span>
              ),
            )}
            {!section.before && !section.after && t.empty}
          </p>
        </section>
      ))}
      {others.length > 0 && (
        <p className="text-sm text-slate-700" data-other-changes>
          {t.alsoDiffers(others.map(fieldName).join(', '))}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onBack}>
          {t.back}
        </Button>
        <Button onClick={onRestore}>{t.restore}</Button>
      </div>
    </div>
  );
}
