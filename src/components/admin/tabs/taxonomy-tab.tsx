import { useEffect, useState, type SyntheticEvent } from 'react';
import { ApiError, apiFetch } from '../../../client/api';
import { showToast } from '../../../client/toast';
import { byLanguage, DEFAULT_LANGUAGE, LANGUAGES, languageRow } from '../../../i18n/languages';
import { TAXONOMY_USES, type Taxonomy, type TaxonomyEntry, type TaxonomyUse } from '../../../features/taxonomy/schema';
import { Button } from '../../react-ui/button';
import { Field } from '../../react-ui/field';
import { Input } from '../../react-ui/input';
import { ConfirmDialog } from '../confirm-dialog';
import { useAdminTexts } from '../language';
import { handleUnauthorized, invalidate, useQuery } from '../query';

/** A row being edited: `key` is empty for an entry added here (it takes the default language's name when saved). */
interface Row extends TaxonomyEntry {
  rowId: number;
}

type Errors = Record<string, string>;
let nextRowId = 1;
const toRows = (entries: TaxonomyEntry[]): Row[] => entries.map((entry) => ({ ...entry, rowId: nextRowId++ }));

/**
 * Services and categories (admins only): the firm's one list, named in every language, used by the contact form's service choice,
 * the home page and the categories of case studies and insights (GET/PUT /api/taxonomy). Entries are added, renamed
 * and removed here and saved as one list; a record that holds a removed entry keeps its value.
 */
export function TaxonomyTab() {
  const adminTexts = useAdminTexts();
  const t = adminTexts.taxonomy;
  const { data, error } = useQuery<Taxonomy>('taxonomy', '/api/taxonomy');
  const [rows, setRows] = useState<Row[] | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<Row | null>(null);
  useEffect(() => {
    if (data) setRows(toRows(data.entries));
  }, [data]);

  if (error) return <p className="text-sm text-slate-600">{t.saveFailed}</p>;
  if (!data || !rows) return <p className="text-sm text-slate-600">{adminTexts.loading}</p>;

  const change = (rowId: number, patch: Partial<Row>) =>
    setRows((current) => current && current.map((row) => (row.rowId === rowId ? { ...row, ...patch } : row)));
  const toggle = (row: Row, use: TaxonomyUse) =>
    change(row.rowId, { uses: row.uses.includes(use) ? row.uses.filter((u) => u !== use) : [...row.uses, use] });

  function check(list: Row[]): Errors {
    const found: Errors = {};
    const keys = new Set<string>();
    for (const row of list) {
      for (const lang of LANGUAGES) if (!row[lang].trim()) found[`${row.rowId}-${lang}`] = t.nameRequired;
      if (!row.uses.length) found[`${row.rowId}-uses`] = t.usesRequired;
      const key = (row.key || row[DEFAULT_LANGUAGE]).trim().toLowerCase();
      if (key && keys.has(key)) found[`${row.rowId}-${DEFAULT_LANGUAGE}`] = t.keyTaken;
      keys.add(key);
    }
    return found;
  }

  async function save(event: SyntheticEvent) {
    event.preventDefault();
    if (!rows || !data) return;
    const found = check(rows);
    setErrors(found);
    if (Object.keys(found).length) {
      document.getElementById(`taxonomy-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const entries = rows.map(({ rowId, ...entry }) => {
        void rowId;
        return { ...entry, key: (entry.key || entry[DEFAULT_LANGUAGE]).trim() };
      });
      await apiFetch<Taxonomy>('/api/taxonomy', { method: 'PUT', body: { version: data.version, entries } });
      invalidate('taxonomy');
      showToast({ title: t.saved });
    } catch (caught) {
      if (handleUnauthorized(caught)) return;
      const conflict = caught instanceof ApiError && caught.status === 409;
      if (conflict) invalidate('taxonomy');
      const detail = caught instanceof ApiError ? caught.serverMessage : undefined;
      showToast({
        title: adminTexts.error,
        description: conflict ? t.conflict : detail ? `${t.saveFailed} ${detail}` : t.saveFailed,
        variant: 'error',
      });
    } finally {
      setSaving(false);
    }
  }

  const useLabel: Record<TaxonomyUse, string> = { service: t.service, portfolio: t.portfolio, insight: t.insight };
  return (
    <form onSubmit={(event) => void save(event)} noValidate data-taxonomy>
      <p className="mb-4 max-w-3xl text-sm text-slate-600">{t.intro}</p>
      {rows.length === 0 && <p className="mb-4 text-sm text-slate-600">{t.empty}</p>}
      <ul className="space-y-3">
        {rows.map((row) => (
          <li key={row.rowId} className="rounded-md border border-slate-200 bg-white p-3" data-taxonomy-entry={row.key}>
            <p className="mb-2 text-xs text-slate-600">
              {t.key}: <span className="font-mono">{row.key || t.newEntry}</span>
            </p>
            <div className="grid gap-3 sm:grid-cols-2">
              {LANGUAGES.map((lang) => (
                <Field
                  key={lang}
                  id={`taxonomy-${row.rowId}-${lang}`}
                  label={`${t.name} (${languageRow(lang).name})`}
                  error={errors[`${row.rowId}-${lang}`]}
                >
                  <Input
                    value={row[lang]}
                    lang={lang}
                    maxLength={80}
                    onChange={(e) => change(row.rowId, { [lang]: e.target.value })}
                  />
                </Field>
              ))}
            </div>
            <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
              <fieldset
                className="flex flex-wrap gap-x-4 gap-y-1 text-sm"
                aria-describedby={errors[`${row.rowId}-uses`] ? `taxonomy-${row.rowId}-uses` : undefined}
              >
                <legend className="sr-only">{t.usedFor}</legend>
                <span aria-hidden="true" className="text-slate-600">
                  {t.usedFor}:
                </span>
                {TAXONOMY_USES.map((use) => (
                  <label key={use} className="inline-flex items-center gap-1">
                    <input type="checkbox" checked={row.uses.includes(use)} onChange={() => toggle(row, use)} />
                    {useLabel[use]}
                  </label>
                ))}
              </fieldset>
              <Button type="button" variant="secondary" className="px-3 py-1" onClick={() => setRemoving(row)}>
                {t.remove}
              </Button>
            </div>
            {errors[`${row.rowId}-uses`] && (
              <p id={`taxonomy-${row.rowId}-uses`} className="mt-1 text-sm text-red-700">
                {errors[`${row.rowId}-uses`]}
              </p>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-600">{t.keyHint}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          type="button"
          variant="secondary"
          onClick={() =>
            setRows([...rows, { key: '', ...byLanguage(() => ''), uses: ['service'], rowId: nextRowId++ }])
          }
        >
          {t.add}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? t.saving : t.save}
        </Button>
      </div>
      <ConfirmDialog
        open={removing !== null}
        title={t.removeTitle}
        text={removing ? t.removeConfirm(removing[DEFAULT_LANGUAGE] || removing.key || t.newEntry) : ''}
        confirmLabel={t.remove}
        busyLabel={t.remove}
        run={() => {
          // Removed from the form; the list changes when it is saved.
          if (removing) setRows((current) => current && current.filter((row) => row.rowId !== removing.rowId));
          return Promise.resolve();
        }}
        onClose={() => setRemoving(null)}
      />
    </form>
  );
}
