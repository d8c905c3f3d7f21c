import type { Focus } from '../../../features/content/publishing-schema';
import { contentPath } from '../../../features/content/publishing-schema';
import type { Metrics } from '../../../features/content/metrics-schema';
import type { PortfolioItem } from '../../../features/content/portfolio-schema';
import { Field } from '../../react-ui/field';
import { Input } from '../../react-ui/input';
import { localePath } from '../../../i18n';
import type { AdminTexts } from '../../../i18n/admin';
import { byLanguage, DEFAULT_LANGUAGE, type Localized } from '../../../i18n/languages';
import { useAdminTexts } from '../language';
import type { AdminContentKind } from './content-tab';
import { CreatedAtField, dateBody, dateInput } from './date-field';
import { contentForm, type ContentForm } from './editor-dialog';
import { MetricsEditor } from './metrics-editor';
import { CategorySelect } from './category-select';
import { PublishingFields, publishingForm } from './publication-fields';

interface PortfolioForm extends ContentForm {
  metrics: Metrics;
  category: string;
  createdAt: string;
  /** Comma-separated. */
  technologies: string;
  /** Per language; empty: made from the title by the server. */
  slugs: Localized;
  metaTitle: Localized;
  metaDescription: Localized;
  focus: Focus | null;
  /** The record's creation moment, sent back while the date input still shows its date (not a field of its own). */
  storedCreatedAt: string | null;
  version?: number;
}

function toForm(item: PortfolioItem | null): PortfolioForm {
  return {
    ...contentForm(item),
    metrics: item?.metrics ?? byLanguage(() => []),
    category: item?.category ?? '',
    createdAt: dateInput(item?.createdAt),
    storedCreatedAt: item?.createdAt ?? null,
    technologies: item?.technologies.join(', ') ?? '',
    ...publishingForm(item),
  };
}

function toBody({ storedCreatedAt, ...form }: PortfolioForm) {
  return {
    ...form,
    category: form.category.trim() || null,
    createdAt: dateBody(form.createdAt, storedCreatedAt),
    technologies: form.technologies
      .split(',')
      .map((tech) => tech.trim())
      .filter(Boolean),
    metrics: byLanguage((lang) => form.metrics[lang].filter((m) => m.label || m.value)),
  };
}

function PortfolioFields({ form, setForm }: { form: PortfolioForm; setForm: (form: PortfolioForm) => void }) {
  const f = useAdminTexts().form;
  return (
    <>
      <div className="grid gap-4 md:grid-cols-3">
        <Field id="portfolio-category" label={f.category}>
          <CategorySelect
            use="portfolio"
            allowEmpty
            value={form.category}
            onChange={(category) => setForm({ ...form, category })}
          />
        </Field>
        <CreatedAtField
          id="portfolio-created"
          value={form.createdAt}
          onChange={(createdAt) => setForm({ ...form, createdAt })}
        />
        <Field id="portfolio-technologies" label={f.technologies}>
          <Input value={form.technologies} onChange={(e) => setForm({ ...form, technologies: e.target.value })} />
        </Field>
      </div>
      <MetricsEditor value={form.metrics} onChange={(metrics) => setForm({ ...form, metrics })} />
      <PublishingFields idPrefix="portfolio" form={form} setForm={setForm} />
    </>
  );
}

/** Case studies: the Portfolio tab. */
export function portfolioKind(texts: AdminTexts): AdminContentKind<PortfolioItem, PortfolioForm> {
  const t = texts.portfolio;
  return {
    name: 'portfolio',
    key: 'portfolio',
    listPath: '/api/portfolio/admin',
    endpoint: '/api/portfolio',
    label: texts.tabs.portfolio,
    texts: t,
    columns: [
      { header: t.columns.title, className: 'font-medium', cell: (item) => item.title[DEFAULT_LANGUAGE] },
      {
        header: t.columns.description,
        cell: ({ description: { [DEFAULT_LANGUAGE]: text } }) =>
          text.length > 100 ? `${text.slice(0, 100)}...` : text,
      },
    ],
    publicPath: (item, language) => localePath(language, contentPath('portfolio', item, language)),
    toForm,
    toBody,
    Fields: PortfolioFields,
    // Case studies have no drafts: every save is public, so none is made as it is typed.
    publishing: { list: 'portfolio', state: () => 'published' },
  };
}
