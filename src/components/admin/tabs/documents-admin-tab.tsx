import { useState, type SyntheticEvent } from 'react';
import { apiFetch } from '../../../client/api';
import { ADMIN_LOCALE } from '../../../i18n/admin';
import { DEFAULT_LANGUAGE, LANGUAGES, languageName, pick } from '../../../i18n/languages';
import {
  DOCUMENT_CATEGORIES,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENT_MB,
  type DocumentCategory,
  type InvestorDocument,
} from '../../../features/investors/document-schema';
import { emptyLocalized } from '../../../platform/common-schema';
import { Button } from '../../react-ui/button';
import { Dialog, DialogCancel } from '../../react-ui/dialog';
import { Field, FormErrors } from '../../react-ui/field';
import { ConfirmDelete } from '../confirm-dialog';
import { useFormCheck } from '../form-check';
import { Select } from '../../react-ui/select';
import { LocalizedFields } from '../content/localized-fields';
import { formatDate } from '../investors/format';
import { formatSize, uploadDocument, type DocumentFields } from '../investors/upload';
import { useAdminLanguage, useAdminTexts } from '../language';
import { invalidate, mutate, useQuery } from '../query';
import { RecordTable } from '../record-table';

interface Account {
  id: string;
  username: string;
  role: 'admin' | 'investor';
  isActive: boolean;
}

const emptyFields = (): DocumentFields => ({
  title: emptyLocalized(),
  description: emptyLocalized(),
  category: 'quarterly-report',
  sharing: { allInvestors: true, investorIds: [] },
});

/** What a PDF starts with; the server checks the bytes again (and its end). */
async function looksLikePdf(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 5).arrayBuffer());
  return String.fromCharCode(...head) === '%PDF-';
}

/** Who may see a document: every investor, or the investor accounts ticked. */
function SharingFields({
  value,
  onChange,
  investors,
}: {
  value: DocumentFields['sharing'];
  onChange: (sharing: DocumentFields['sharing']) => void;
  investors: Account[];
}) {
  const t = useAdminTexts().investors.documents;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">{t.sharing}</legend>
      {([true, false] as const).map((all) => (
        <label key={String(all)} className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="radio"
            name="document-sharing"
            className="h-4 w-4"
            checked={value.allInvestors === all}
            onChange={() => onChange({ ...value, allInvestors: all })}
          />
          {all ? t.allInvestors : t.chosenInvestors}
        </label>
      ))}
      {!value.allInvestors &&
        (investors.length === 0 ? (
          <p className="text-sm text-slate-600">{t.noInvestors}</p>
        ) : (
          <ul className="ml-6 max-h-48 space-y-1 overflow-y-auto" aria-label={t.chosenInvestors}>
            {investors.map((investor) => (
              <li key={investor.id}>
                <label className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className="h-4 w-4"
                    checked={value.investorIds.includes(investor.id)}
                    onChange={(event) =>
                      onChange({
                        ...value,
                        investorIds: event.target.checked
                          ? [...value.investorIds, investor.id]
                          : value.investorIds.filter((id) => id !== investor.id),
                      })
                    }
                  />
                  {investor.username}
                </label>
              </li>
            ))}
          </ul>
        ))}
    </fieldset>
  );
}

/** Admins: investor documents, their upload (in parts), fields, sharing and deletion (docs/roles.md). */
export function DocumentsAdminTab() {
  const adminTexts = useAdminTexts();
  const t = adminTexts.investors.documents;
  const { language } = useAdminLanguage();
  const list = useQuery<InvestorDocument[]>('documents-admin', '/api/documents/admin');
  const users = useQuery<Account[]>('users', '/api/users');
  const investors = (users.data ?? []).filter((account) => account.role === 'investor');
  const nameOf = (id: string) => investors.find((investor) => investor.id === id)?.username ?? id;

  const [editing, setEditing] = useState<InvestorDocument | 'new' | null>(null);
  const [fields, setFields] = useState<DocumentFields>(emptyFields);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [progress, setProgress] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [opened, setOpened] = useState('');
  const [deleting, setDeleting] = useState<InvestorDocument | null>(null);
  const { errors, check, onInput, reset } = useFormCheck();
  const dirty = editing !== null && (file !== null || JSON.stringify(fields) !== opened);
  const documentName = (document: InvestorDocument) => pick(document.title, language) || document.fileName;

  function open(document: InvestorDocument | 'new') {
    const initial =
      document === 'new'
        ? emptyFields()
        : {
            title: document.title,
            description: document.description,
            category: document.category,
            sharing: document.sharing,
          };
    setFields(initial);
    setOpened(JSON.stringify(initial));
    reset();
    setFile(null);
    setFileError(undefined);
    setProgress(null);
    setEditing(document);
  }

  async function chooseFile(chosen: File | null) {
    setFile(chosen);
    setFileError(undefined);
    if (!chosen) return;
    if (chosen.size > MAX_DOCUMENT_BYTES) setFileError(t.tooLarge(MAX_DOCUMENT_MB));
    else if (!(await looksLikePdf(chosen))) setFileError(t.notPdf);
  }

  async function save(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (editing === null) return;
    const isNew = editing === 'new';
    if (isNew && !file) setFileError(t.fileRequired);
    const titleMissing = LANGUAGES.every((lang) => !fields.title[lang].trim());
    const inline = LANGUAGES.map((lang) => languageName(lang, language, 'inline'));
    const valid = check(event.currentTarget, {
      [`document-title-${DEFAULT_LANGUAGE}`]: titleMissing && adminTexts.ux.fields.titleRequired(inline),
    });
    if (!valid || (isNew && (!file || fileError))) return;
    setSaving(true);
    const saved = await mutate(
      () =>
        isNew
          ? uploadDocument(file!, fields, (sent, total) => setProgress(t.progress(sent, total)))
          : apiFetch(`/api/documents/${editing.id}`, { method: 'PUT', body: { ...fields, version: editing.version } }),
      {
        invalidates: ['documents-admin', 'investor-documents', 'audit'],
        success: isNew ? t.created : t.updated,
        failure: isNew ? t.createFailed : t.updateFailed,
      },
    );
    setSaving(false);
    setProgress(null);
    if (saved) setEditing(null);
  }

  async function remove(document: InvestorDocument) {
    await mutate(() => apiFetch(`/api/documents/${document.id}`, { method: 'DELETE' }), {
      invalidates: ['documents-admin', 'investor-documents', 'audit'],
      success: t.deleted,
      failure: t.deleteFailed,
    });
  }

  return (
    <section>
      <div className="mb-4 flex justify-end">
        <Button
          onClick={() => {
            invalidate('users');
            open('new');
          }}
        >
          {t.add}
        </Button>
      </div>
      <RecordTable
        label={adminTexts.investors.tabs.manageDocuments}
        list={list}
        emptyText={t.adminEmpty}
        columns={[
          {
            header: t.columns.title,
            className: 'font-medium break-words',
            cell: (document) => (
              <>
                {pick(document.title, DEFAULT_LANGUAGE)}
                <span className="block text-xs font-normal text-slate-600">{document.fileName}</span>
              </>
            ),
          },
          { header: t.columns.category, cell: (document) => t.category[document.category] },
          { header: t.columns.date, cell: (document) => formatDate(document.createdAt), sort: (d) => d.createdAt },
          {
            header: t.columns.size,
            cell: (document) => formatSize(document.size, ADMIN_LOCALE[language]),
            sort: (document) => document.size,
          },
          {
            header: t.columns.sharedWith,
            className: 'break-words',
            cell: (document) =>
              document.sharing.allInvestors
                ? t.allLabel
                : document.sharing.investorIds.map(nameOf).join(', ') || t.countLabel(0),
          },
        ]}
        actionsClassName="whitespace-nowrap"
        actions={(document) => (
          <>
            <Button
              variant="ghost"
              onClick={() => open(document)}
              aria-label={`${adminTexts.edit}: ${pick(document.title, DEFAULT_LANGUAGE)}`}
            >
              {adminTexts.edit}
            </Button>
            <Button
              variant="destructive"
              onClick={() => setDeleting(document)}
              aria-label={`${adminTexts.delete}: ${pick(document.title, DEFAULT_LANGUAGE)}`}
            >
              {adminTexts.delete}
            </Button>
          </>
        )}
      />
      <Dialog
        open={editing !== null}
        title={editing === 'new' ? t.addTitle : t.editTitle}
        closeLabel={adminTexts.close}
        onClose={() => !saving && setEditing(null)}
        className="max-w-3xl"
        unsaved={{ ...adminTexts.ux.unsaved, dirty: dirty && !saving }}
      >
        <FormErrors errors={errors}>
          <form
            onSubmit={(event) => void save(event)}
            onInput={onInput}
            noValidate
            className="space-y-5"
            data-document-form
          >
            {editing === 'new' && (
              <Field id="document-file" label={t.file} error={fileError}>
                <input
                  id="document-file"
                  type="file"
                  accept="application/pdf,.pdf"
                  required
                  aria-describedby={fileError ? 'document-file-error document-file-hint' : 'document-file-hint'}
                  aria-invalid={fileError ? true : undefined}
                  onChange={(event) => void chooseFile(event.target.files?.[0] ?? null)}
                  className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium"
                />
                <p id="document-file-hint" className="mt-1 text-xs text-slate-600">
                  {t.fileHint(MAX_DOCUMENT_MB)}
                </p>
              </Field>
            )}
            <div className="grid gap-5 md:grid-cols-2">
              <LocalizedFields
                idPrefix="document-title"
                value={fields.title}
                onChange={(title) => setFields({ ...fields, title })}
                label={t.title}
              />
              <LocalizedFields
                idPrefix="document-description"
                multiline
                value={fields.description}
                onChange={(description) => setFields({ ...fields, description })}
                label={t.description}
              />
            </div>
            <Field id="document-category" label={t.type}>
              <Select
                value={fields.category}
                onChange={(event) => setFields({ ...fields, category: event.target.value as DocumentCategory })}
              >
                {DOCUMENT_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {t.category[category]}
                  </option>
                ))}
              </Select>
            </Field>
            <SharingFields
              value={fields.sharing}
              onChange={(sharing) => setFields({ ...fields, sharing })}
              investors={investors}
            />
            {progress && (
              <p role="status" className="text-sm text-slate-700">
                {progress}
              </p>
            )}
            <div className="flex justify-end gap-2">
              <DialogCancel disabled={saving}>{adminTexts.cancel}</DialogCancel>
              <Button type="submit" disabled={saving}>
                {saving ? t.saving : editing === 'new' ? t.upload : t.save}
              </Button>
            </div>
          </form>
        </FormErrors>
      </Dialog>
      <ConfirmDelete
        what={deleting ? `"${documentName(deleting)}"` : null}
        run={() => (deleting ? remove(deleting) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
