import { lazy, Suspense, useState, type FormEvent } from 'react';
import { apiFetch } from '../../client/api';
import type { Insight } from '../../lib/schemas/insight';
import type { Metric } from '../../lib/schemas/metrics';
import type { PortfolioItem } from '../../lib/schemas/portfolio';
import { Dialog } from './Dialog';
import { TextArea, TextField } from './fields';
import { ImageField } from './ImageField';
import { mutate, useQuery } from './query';
import { adminTexts } from './texts';
import { Cell, ListState, SmallButton, Table } from './ui';

// The editor's code loads only when a dialog opens.
const RichTextEditor = lazy(() => import('./RichTextEditor'));
const f = adminTexts.form;

type Localized = { en: string; es: string };
const emptyLocalized = (): Localized => ({ en: '', es: '' });

function dateInput(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 10) : '';
}

export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}

function LocalizedFields({
  idPrefix,
  value,
  onChange,
  en,
  es,
  multiline = false,
}: {
  idPrefix: string;
  value: Localized;
  onChange: (value: Localized) => void;
  en: string;
  es: string;
  multiline?: boolean;
}) {
  const Field = multiline ? TextArea : TextField;
  return (
    <div className="space-y-3">
      <Field
        id={`${idPrefix}-en`}
        label={en}
        value={value.en}
        onChange={(event) => onChange({ ...value, en: event.target.value })}
      />
      <Field
        id={`${idPrefix}-es`}
        label={es}
        value={value.es}
        onChange={(event) => onChange({ ...value, es: event.target.value })}
      />
    </div>
  );
}

function MetricsEditor({
  value,
  onChange,
}: {
  value: { en: Metric[]; es: Metric[] };
  onChange: (value: { en: Metric[]; es: Metric[] }) => void;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">{f.metrics}</legend>
      {(['en', 'es'] as const).map((lang) => (
        <div key={lang} className="space-y-2">
          <p className="text-xs font-semibold uppercase text-slate-600">
            {lang === 'en' ? adminTexts.editor.english : adminTexts.editor.spanish}
          </p>
          {value[lang].map((metric, index) => (
            <div key={index} className="flex gap-2">
              <input
                aria-label={`${f.label} ${index + 1} (${lang})`}
                value={metric.label}
                onChange={(e) =>
                  onChange({
                    ...value,
                    [lang]: value[lang].map((m, i) => (i === index ? { ...m, label: e.target.value } : m)),
                  })
                }
                placeholder={f.label}
                className="min-w-0 flex-1 rounded-md border border-slate-300 px-2 py-1 text-sm"
              />
              <input
                aria-label={`${f.value} ${index + 1} (${lang})`}
                value={metric.value}
                onChange={(e) =>
                  onChange({
                    ...value,
                    [lang]: value[lang].map((m, i) => (i === index ? { ...m, value: e.target.value } : m)),
                  })
                }
                placeholder={f.value}
                className="w-28 rounded-md border border-slate-300 px-2 py-1 text-sm"
              />
              <SmallButton
                danger
                onClick={() => onChange({ ...value, [lang]: value[lang].filter((_, i) => i !== index) })}
              >
                {f.removeMetric}
              </SmallButton>
            </div>
          ))}
          <SmallButton onClick={() => onChange({ ...value, [lang]: [...value[lang], { label: '', value: '' }] })}>
            + {f.addMetric} ({lang.toUpperCase()})
          </SmallButton>
        </div>
      ))}
    </fieldset>
  );
}

interface EditorTexts {
  created: string;
  updated: string;
  deleted: string;
  createFailed: string;
  updateFailed: string;
  deleteFailed: string;
}

/**
 * What the case-study and insight tabs share: which record the dialog edits
 * ('new' or one of the list), its form, and create / update / delete against
 * the resource, each refetching the list and saying how it went.
 */
function useEditor<T extends { id: string; title: Localized }, F extends { imageUrl: string }>(options: {
  key: string;
  endpoint: string;
  texts: EditorTexts;
  toForm: (record: T | null) => F;
  toBody: (form: F) => unknown;
}) {
  const { key, endpoint, texts, toForm, toBody } = options;
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [form, setForm] = useState<F>(() => toForm(null));
  const [saving, setSaving] = useState(false);

  const open = (record: T | 'new') => {
    setForm(toForm(record === 'new' ? null : record));
    setEditing(record);
  };
  const close = () => setEditing(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!form.imageUrl.trim()) return void alert(f.imageRequired);
    setSaving(true);
    const isNew = editing === 'new';
    const saved = await mutate(
      () =>
        apiFetch(isNew ? endpoint : `${endpoint}/${(editing as T).id}`, {
          method: isNew ? 'POST' : 'PUT',
          body: toBody(form),
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
    if (!window.confirm(adminTexts.confirmDelete(`"${record.title.en}"`))) return;
    await mutate(() => apiFetch(`${endpoint}/${record.id}`, { method: 'DELETE' }), {
      invalidates: [key],
      success: texts.deleted,
      failure: texts.deleteFailed,
    });
  }

  return { editing, form, setForm, saving, open, close, save, remove };
}

interface PortfolioForm {
  title: Localized;
  description: Localized;
  content: Localized;
  imageUrl: string;
  metrics: { en: Metric[]; es: Metric[] };
  category: string;
  createdAt: string;
  technologies: string;
  version?: number;
}

function portfolioForm(item: PortfolioItem | null): PortfolioForm {
  return item
    ? {
        title: item.title,
        description: item.description,
        content: item.content,
        imageUrl: item.imageUrl,
        metrics: item.metrics,
        category: item.category ?? '',
        createdAt: dateInput(item.createdAt),
        technologies: item.technologies.join(', '),
        version: item.version,
      }
    : {
        title: emptyLocalized(),
        description: emptyLocalized(),
        content: emptyLocalized(),
        imageUrl: '',
        metrics: { en: [], es: [] },
        category: '',
        createdAt: '',
        technologies: '',
      };
}

export function PortfolioTab() {
  const t = adminTexts.portfolio;
  const { data, loading, error } = useQuery<PortfolioItem[]>('portfolio', '/api/portfolio');
  const { editing, form, setForm, saving, open, close, save, remove } = useEditor<PortfolioItem, PortfolioForm>({
    key: 'portfolio',
    endpoint: '/api/portfolio',
    texts: t,
    toForm: portfolioForm,
    toBody: (values) => ({
      ...values,
      category: values.category.trim() || null,
      createdAt: values.createdAt ? new Date(values.createdAt).toISOString() : null,
      technologies: values.technologies
        .split(',')
        .map((tech) => tech.trim())
        .filter(Boolean),
      metrics: {
        en: values.metrics.en.filter((m) => m.label || m.value),
        es: values.metrics.es.filter((m) => m.label || m.value),
      },
    }),
  });

  return (
    <section>
      <div className="mb-4 flex justify-end">
        <button type="button" className="btn-primary" onClick={() => open('new')}>
          {t.add}
        </button>
      </div>
      <ListState loading={loading} error={error} empty={!data?.length} emptyText={t.empty}>
        <Table label={adminTexts.tabs.portfolio} headers={[t.columns.title, t.columns.description, adminTexts.actions]}>
          {(data ?? []).map((item) => (
            <tr key={item.id}>
              <Cell className="font-medium">{item.title.en}</Cell>
              <Cell>
                {item.description.en.length > 100 ? `${item.description.en.slice(0, 100)}...` : item.description.en}
              </Cell>
              <Cell className="whitespace-nowrap">
                <SmallButton onClick={() => open(item)} label={`${adminTexts.edit}: ${item.title.en}`}>
                  {adminTexts.edit}
                </SmallButton>
                <SmallButton danger onClick={() => void remove(item)} label={`${adminTexts.delete}: ${item.title.en}`}>
                  {adminTexts.delete}
                </SmallButton>
              </Cell>
            </tr>
          ))}
        </Table>
      </ListState>
      <Dialog wide open={editing !== null} title={editing === 'new' ? t.addTitle : t.editTitle} onClose={close}>
        <form onSubmit={save} className="space-y-6" data-portfolio-form>
          <div className="grid gap-6 lg:grid-cols-3">
            <ImageField value={form.imageUrl} onChange={(imageUrl) => setForm({ ...form, imageUrl })} />
            <LocalizedFields
              idPrefix="portfolio-title"
              value={form.title}
              onChange={(title) => setForm({ ...form, title })}
              en={f.titleEn}
              es={f.titleEs}
            />
            <LocalizedFields
              idPrefix="portfolio-description"
              multiline
              value={form.description}
              onChange={(description) => setForm({ ...form, description })}
              en={f.descriptionEn}
              es={f.descriptionEs}
            />
          </div>
          <div className="grid gap-4 md:grid-cols-3">
            <TextField
              id="portfolio-category"
              label={f.category}
              value={form.category}
              onChange={(e) => setForm({ ...form, category: e.target.value })}
            />
            <TextField
              id="portfolio-created"
              type="date"
              label={f.createdAt}
              value={form.createdAt}
              onChange={(e) => setForm({ ...form, createdAt: e.target.value })}
            />
            <TextField
              id="portfolio-technologies"
              label={f.technologies}
              value={form.technologies}
              onChange={(e) => setForm({ ...form, technologies: e.target.value })}
            />
          </div>
          <MetricsEditor value={form.metrics} onChange={(metrics) => setForm({ ...form, metrics })} />
          <Suspense fallback={<p role="status">{adminTexts.loading}</p>}>
            <RichTextEditor
              label={f.content}
              value={form.content}
              onChange={(content) => setForm({ ...form, content })}
            />
          </Suspense>
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={close}>
              {adminTexts.cancel}
            </button>
            <button type="submit" className="btn-primary" disabled={saving}>
              {saving ? f.saving : editing === 'new' ? f.create : f.update}
            </button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}

interface InsightForm {
  title: Localized;
  description: Localized;
  content: Localized;
  imageUrl: string;
  category: string;
  slug: string;
  published: boolean;
  author: string;
  readTime: string;
  createdAt: string;
  version?: number;
}

function insightForm(insight: Insight | null): InsightForm {
  return insight
    ? {
        title: insight.title,
        description: insight.description,
        content: insight.content,
        imageUrl: insight.imageUrl,
        category: insight.category,
        slug: insight.slug,
        published: insight.published,
        author: insight.author ?? '',
        readTime: insight.readTime ? String(insight.readTime) : '',
        createdAt: dateInput(insight.createdAt),
        version: insight.version,
      }
    : {
        title: emptyLocalized(),
        description: emptyLocalized(),
        content: emptyLocalized(),
        imageUrl: '',
        category: 'AI Innovation',
        slug: '',
        published: false,
        author: '',
        readTime: '',
        createdAt: '',
      };
}

const CATEGORIES = ['AI Innovation', 'Digital Transformation', 'Investment Management'];

export function InsightsTab() {
  const t = adminTexts.insights;
  const { data, loading, error } = useQuery<Insight[]>('insights', '/api/insights/admin');
  const editor = useEditor<Insight, InsightForm>({
    key: 'insights',
    endpoint: '/api/insights',
    texts: t,
    toForm: insightForm,
    toBody: (values) => ({
      ...values,
      metrics: [],
      readTime: values.readTime ? Math.max(1, Math.round(Number(values.readTime))) : null,
      author: values.author.trim() || null,
      createdAt: values.createdAt ? new Date(values.createdAt).toISOString() : null,
    }),
  });
  const { editing, form, setForm, saving, close, save, remove } = editor;
  // A new insight's slug follows its English title until the editor types one.
  const [slugTouched, setSlugTouched] = useState(false);
  const open = (insight: Insight | 'new') => {
    setSlugTouched(insight !== 'new');
    editor.open(insight);
  };

  return (
    <section>
      <div className="mb-4 flex justify-end">
        <button type="button" className="btn-primary" onClick={() => open('new')}>
          {t.add}
        </button>
      </div>
      <ListState loading={loading} error={error} empty={!data?.length} emptyText={t.empty}>
        <Table
          label={adminTexts.tabs.insights}
          headers={[t.columns.title, t.columns.category, t.columns.status, adminTexts.actions]}
        >
          {(data ?? []).map((insight) => (
            <tr key={insight.id}>
              <Cell className="font-medium">{insight.title.en}</Cell>
              <Cell>{insight.category}</Cell>
              <Cell>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${insight.published ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}
                >
                  {insight.published ? t.published : t.draft}
                </span>
              </Cell>
              <Cell className="whitespace-nowrap">
                <SmallButton onClick={() => open(insight)} label={`${adminTexts.edit}: ${insight.title.en}`}>
                  {adminTexts.edit}
                </SmallButton>
                <SmallButton
                  danger
                  onClick={() => void remove(insight)}
                  label={`${adminTexts.delete}: ${insight.title.en}`}
                >
                  {adminTexts.delete}
                </SmallButton>
              </Cell>
            </tr>
          ))}
        </Table>
      </ListState>
      <Dialog wide open={editing !== null} title={editing === 'new' ? t.addTitle : t.editTitle} onClose={close}>
        <form onSubmit={save} className="space-y-6" data-insight-form>
          <div className="grid gap-6 lg:grid-cols-3">
            <ImageField value={form.imageUrl} onChange={(imageUrl) => setForm({ ...form, imageUrl })} />
            <LocalizedFields
              idPrefix="insight-title"
              value={form.title}
              onChange={(title) => setForm({ ...form, title, slug: slugTouched ? form.slug : slugify(title.en) })}
              en={f.titleEn}
              es={f.titleEs}
            />
            <LocalizedFields
              idPrefix="insight-description"
              multiline
              value={form.description}
              onChange={(description) => setForm({ ...form, description })}
              en={f.descriptionEn}
              es={f.descriptionEs}
            />
          </div>
          <div className="grid gap-4 md:grid-cols-3">
            <div>
              <label htmlFor="insight-category" className="block text-sm font-medium text-slate-800">
                {f.category}
              </label>
              <input
                id="insight-category"
                list="insight-categories"
                required
                value={form.category}
                onChange={(e) => setForm({ ...form, category: e.target.value })}
                className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
              />
              <datalist id="insight-categories">
                {CATEGORIES.map((category) => (
                  <option key={category} value={category} />
                ))}
              </datalist>
            </div>
            <TextField
              id="insight-slug"
              label={f.slug}
              required
              value={form.slug}
              onChange={(e) => {
                setSlugTouched(true);
                setForm({ ...form, slug: e.target.value });
              }}
            />
            <TextField
              id="insight-author"
              label={f.author}
              value={form.author}
              onChange={(e) => setForm({ ...form, author: e.target.value })}
            />
            <TextField
              id="insight-read-time"
              type="number"
              min={1}
              step={1}
              label={f.readTime}
              value={form.readTime}
              onChange={(e) => setForm({ ...form, readTime: e.target.value })}
            />
            <TextField
              id="insight-created"
              type="date"
              label={f.createdAt}
              value={form.createdAt}
              onChange={(e) => setForm({ ...form, createdAt: e.target.value })}
            />
            <label className="flex items-center gap-2 pt-6 text-sm font-medium text-slate-800">
              <input
                type="checkbox"
                checked={form.published}
                onChange={(e) => setForm({ ...form, published: e.target.checked })}
                className="h-4 w-4"
              />
              {f.published}
            </label>
          </div>
          <Suspense fallback={<p role="status">{adminTexts.loading}</p>}>
            <RichTextEditor
              label={f.content}
              value={form.content}
              onChange={(content) => setForm({ ...form, content })}
            />
          </Suspense>
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={close}>
              {adminTexts.cancel}
            </button>
            <button type="submit" className="btn-primary" disabled={saving}>
              {saving ? f.saving : editing === 'new' ? f.create : f.update}
            </button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
