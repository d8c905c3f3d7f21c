import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type SyntheticEvent,
  type ReactNode,
} from 'react';
import { DEFAULT_LANGUAGE, LANGUAGES, languageName, pick, type Language } from '../../../i18n/languages';
import { ApiError, apiFetch } from '../../../client/api';
import type { Localized } from '../../../platform/common-schema';
import { Button, buttonVariants } from '../../react-ui/button';
import { ConfirmDelete } from '../confirm-dialog';
import { SearchBox, useSearch } from '../inbox/search-box';
import { handleUnauthorized, invalidate, mutate, usePagedQuery } from '../query';
import { RecordTable, type Column } from '../record-table';
import { useAdminLanguage, useAdminTexts } from '../language';
import { EditorDialog, type ContentForm } from './editor-dialog';
import { PublishingBar, type AutosaveStatus, type PublicationState } from './publishing-bar';
import type { RevisionRecord } from './revisions';

interface ContentTexts {
  add: string;
  addTitle: string;
  editTitle: string;
  empty: string;
  created: string;
  updated: string;
  deleted: string;
  createFailed: string;
  updateFailed: string;
  deleteFailed: string;
}

interface ContentRecord {
  id: string;
  title: Localized;
  description?: Localized;
  content?: Localized;
}

/** The languages whose title, description or text (those the kind has) is still empty (the row's badge). */
function missingLanguages(
  record: ContentRecord,
  kind: { withoutDescription?: boolean; withoutContent?: boolean },
): Language[] {
  const texts = [
    record.title,
    kind.withoutDescription ? undefined : record.description,
    kind.withoutContent ? undefined : record.content,
  ].filter((text) => text !== undefined);
  const empty = (html: string) => !html.replace(/<[^>]*>/g, '').trim();
  return LANGUAGES.filter((language) => texts.some((text) => empty(text[language])));
}

/**
 * One kind of content in the dashboard (case studies, insights): where its
 * records are read and written, its columns, how a record becomes the
 * editor's form and the form the request body, and the kind's own fields in
 * the editor. A new kind of content is one of these plus its fields.
 */
export interface AdminContentKind<T extends ContentRecord, F extends ContentForm> {
  /** Starts the editor's field ids and names its `data-{name}-form` marker. */
  name: string;
  /** The query cache key. */
  key: string;
  /** The list the dashboard reads (drafts included). */
  listPath: string;
  /** POST here; PUT and DELETE at `{endpoint}/{id}`. */
  endpoint: string;
  label: string;
  texts: ContentTexts;
  columns: Array<Column<T>>;
  toForm: (record: T | null) => F;
  toBody: (form: F) => unknown;
  /** The form after its title changed, when something follows the title (an insight's slug). */
  withTitle?: (form: F, title: Localized) => F;
  /** The kind's own fields, between the description and the rich text. */
  Fields: ComponentType<{ form: F; setForm: (form: F) => void }>;
  /** A kind without a picture (investor updates): no image field, none required. */
  withoutImage?: boolean;
  /** A kind without a description (newsletter issues): no description fields. */
  withoutDescription?: boolean;
  /** A kind without rich text (team members, clients, quotes): no editor for it. */
  withoutContent?: boolean;
  /** The editor's labels of the title, description and rich text, when the kind names them otherwise (a subject, a bio). */
  labels?: { title?: string; description?: string; content?: string };
  /** Whether a record can still be edited (default: always). */
  canEdit?: (record: T) => boolean;
  /** More actions of a row, before Edit and Delete. */
  rowActions?: (record: T) => ReactNode;
  /** The record's public page in a language (null while it is not public, e.g. a draft); none for a private kind. */
  publicPath?: (record: T, language: Language) => string | null;
  /**
   * A kind with public pages (insights, case studies): its saved records' editor has Revisions, Preview, and
   * autosave while `state` says the record is a draft that stays one.
   */
  publishing?: { list: 'insights' | 'portfolio'; state: (record: T, form: F) => PublicationState };
}

/** How long typing must pause before a draft is saved (docs/product.md, "Publishing"). */
export const AUTOSAVE_DELAY_MS = 2500;

/** Whether a form would pass the editor's own check (a title in some language; the image, when the kind has one). */
function savable(form: ContentForm, withImage: boolean): boolean {
  return LANGUAGES.some((lang) => form.title[lang].trim()) && (!withImage || !!form.imageUrl.trim());
}

/**
 * Which record the editor holds ('new' or one of the list), its form, and
 * create / update / delete, each refetching the list and saying how it went.
 */
function useContentEditor<T extends ContentRecord, F extends ContentForm>(kind: AdminContentKind<T, F>) {
  const { key, endpoint, texts } = kind;
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [form, setForm] = useState<F>(() => kind.toForm(null));
  const [opened, setOpened] = useState('');
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<T | null>(null);

  const [autosave, setAutosave] = useState<AutosaveStatus>({ state: 'idle' });
  const autosaving = useRef(false);

  const open = (record: T | 'new') => {
    const initial = kind.toForm(record === 'new' ? null : record);
    setForm(initial);
    setOpened(JSON.stringify(initial));
    setEditing(record);
    setAutosave({ state: 'idle' });
  };
  const dirty = editing !== null && JSON.stringify(form) !== opened;
  const close = () => setEditing(null);
  const publication = editing && editing !== 'new' ? kind.publishing?.state(editing, form) : undefined;

  /**
   * Saves a draft as it is (docs/product.md, "Publishing"): the ordinary update with the version loaded, quietly;
   * the form stays open and keeps what was typed meanwhile. A 409 (someone else saved) turns autosave off.
   */
  const saveDraft = useCallback(async () => {
    if (editing === null || editing === 'new' || autosaving.current) return;
    const sent = form;
    if (!savable(sent, !kind.withoutImage)) return setAutosave({ state: 'invalid' });
    autosaving.current = true;
    setAutosave({ state: 'saving' });
    try {
      // Marked as an autosave: the server folds a run of them into one revision (docs/product.md, "Publishing").
      const saved = await apiFetch<T>(`${endpoint}/${editing.id}?autosave=1`, {
        method: 'PUT',
        body: kind.toBody(sent),
      });
      const version = (saved as unknown as { version: number }).version;
      setEditing(saved);
      setForm((now) => ({ ...now, version }));
      setOpened(JSON.stringify({ ...sent, version }));
      setAutosave({ state: 'saved', at: new Date().toISOString() });
      invalidate(key);
    } catch (error) {
      if (handleUnauthorized(error)) return;
      setAutosave({ state: error instanceof ApiError && error.status === 409 ? 'conflict' : 'failed' });
    } finally {
      autosaving.current = false;
    }
  }, [editing, form, endpoint, key, kind]);

  const autosaveOn = publication === 'draft' && autosave.state !== 'conflict' && autosave.state !== 'failed';
  useEffect(() => {
    if (!autosaveOn || !dirty || saving) return;
    const timer = window.setTimeout(() => void saveDraft(), AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [autosaveOn, dirty, saving, saveDraft]);

  /** A restored revision: the editor holds it, as if just opened. */
  const restored = (record: T) => {
    open(record);
  };

  async function save(event: SyntheticEvent) {
    event.preventDefault();
    if (editing === null) return;
    setSaving(true);
    const isNew = editing === 'new';
    const saved = await mutate(
      () =>
        apiFetch(editing === 'new' ? endpoint : `${endpoint}/${editing.id}`, {
          method: isNew ? 'POST' : 'PUT',
          body: kind.toBody(form),
        }),
      {
        invalidates: [key],
        success: isNew ? texts.created : texts.updated,
        failure: isNew ? texts.createFailed : texts.updateFailed,
      },
    );
    setSaving(false);
    if (saved) close();
  }

  async function remove(record: T) {
    await mutate(() => apiFetch(`${endpoint}/${record.id}`, { method: 'DELETE' }), {
      invalidates: [key],
      success: texts.deleted,
      failure: texts.deleteFailed,
    });
  }

  return {
    editing,
    form,
    setForm,
    dirty,
    saving,
    open,
    close,
    save,
    remove,
    deleting,
    setDeleting,
    publication,
    autosave,
    saveDraft,
    restored,
  };
}

/** A kind of content's tab: Add, the list with Edit and Delete, and the editor dialog. */
export function ContentTab<T extends ContentRecord, F extends ContentForm>({ kind }: { kind: AdminContentKind<T, F> }) {
  const { texts } = kind;
  const adminTexts = useAdminTexts();
  const { language } = useAdminLanguage();
  const { query, setQuery, q } = useSearch();
  const list = usePagedQuery<T>(kind.key, kind.listPath, q);
  const {
    editing,
    form,
    setForm,
    dirty,
    saving,
    open,
    close,
    save,
    remove,
    deleting,
    setDeleting,
    publication,
    autosave,
    saveDraft,
    restored,
  } = useContentEditor(kind);
  const nameOf = (record: T) => pick(record.title, language);
  const languagesColumn = {
    header: adminTexts.ux.languages,
    sort: (record: T) => missingLanguages(record, kind).join(' '),
    cell: (record: T) => {
      const missing = missingLanguages(record, kind);
      if (!missing.length)
        return (
          <span className="text-xs text-slate-600">{LANGUAGES.map((lang) => lang.toUpperCase()).join(' · ')}</span>
        );
      return (
        <span className="flex flex-wrap gap-1">
          {missing.map((lang) => (
            <span
              key={lang}
              className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900"
              data-missing-language={lang}
            >
              {adminTexts.ux.missing(languageName(lang, language, 'inline'))}
            </span>
          ))}
        </span>
      );
    },
  };
  return (
    <section>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-4">
        <SearchBox value={query} onChange={setQuery} placeholder={adminTexts.searchContent} />
        <Button onClick={() => open('new')}>{texts.add}</Button>
      </div>
      <RecordTable
        label={kind.label}
        list={list}
        emptyText={q ? adminTexts.noMatches : texts.empty}
        columns={[...kind.columns, languagesColumn]}
        actionsClassName="whitespace-nowrap"
        actions={(record) => (
          <>
            {kind.rowActions?.(record)}
            {(() => {
              const path = kind.publicPath?.(record, language);
              return (
                path && (
                  <a
                    href={path}
                    target="_blank"
                    rel="noopener"
                    className={buttonVariants({ variant: 'ghost' })}
                    aria-label={adminTexts.ux.viewOnSiteLabel(nameOf(record))}
                    data-view-on-site
                  >
                    {adminTexts.ux.viewOnSite}
                  </a>
                )
              );
            })()}
            {(kind.canEdit?.(record) ?? true) && (
              <Button
                variant="ghost"
                onClick={() => open(record)}
                aria-label={`${adminTexts.edit}: ${record.title[DEFAULT_LANGUAGE]}`}
              >
                {adminTexts.edit}
              </Button>
            )}
            <Button
              variant="destructive"
              onClick={() => setDeleting(record)}
              aria-label={`${adminTexts.delete}: ${record.title[DEFAULT_LANGUAGE]}`}
            >
              {adminTexts.delete}
            </Button>
          </>
        )}
      />
      <EditorDialog
        name={kind.name}
        withImage={!kind.withoutImage}
        withDescription={!kind.withoutDescription}
        withContent={!kind.withoutContent}
        {...(kind.labels ? { labels: kind.labels } : {})}
        title={editing === 'new' ? texts.addTitle : texts.editTitle}
        open={editing !== null}
        isNew={editing === 'new'}
        saving={saving}
        form={form}
        setForm={setForm}
        onTitleChange={(title) => setForm(kind.withTitle ? kind.withTitle(form, title) : { ...form, title })}
        dirty={dirty}
        onClose={close}
        onSubmit={(event) => void save(event)}
        toolbar={
          kind.publishing &&
          editing &&
          editing !== 'new' &&
          publication && (
            <PublishingBar
              endpoint={kind.endpoint}
              invalidates={kind.key}
              record={editing as unknown as RevisionRecord}
              publication={publication}
              autosave={autosave}
              dirty={dirty}
              onRetry={() => void saveDraft()}
              onRestored={(record) => restored(record as unknown as T)}
            />
          )
        }
      >
        <kind.Fields form={form} setForm={setForm} />
      </EditorDialog>
      <ConfirmDelete
        what={deleting ? `"${nameOf(deleting)}"` : null}
        run={() => (deleting ? remove(deleting) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
