import { INSIGHT_CATEGORIES, type Insight } from '../../../features/content/insight-schema';
import { Field } from '../../react-ui/field';
import { Input } from '../../react-ui/input';
import { localePath } from '../../../i18n';
import type { AdminTexts } from '../../../i18n/admin';
import { byLanguage, DEFAULT_LANGUAGE, type Localized } from '../../../i18n/languages';
import { useAdminTexts } from '../language';
import type { AdminContentKind } from './content-tab';
import { dateBody, dateInput } from './date-field';
import { contentForm, type ContentForm } from './editor-dialog';
import type { Focus } from '../../../features/content/publishing-schema';
import { contentPath, slugify } from '../../../features/content/publishing-schema';
import { CategorySelect } from './category-select';
import {
  browserTimeZone,
  dateTimeBody,
  isFuture,
  dateTimeInput,
  PublicationFields,
  PublishedBadge,
  PublishingFields,
  publishingForm,
} from './publication-fields';

interface InsightForm extends ContentForm {
  category: string;
  /** Per language; empty: made from the title by the server. */
  slugs: Localized;
  /** Once the editor types a slug (or edits a saved insight), the slugs stop following the titles. */
  slugTouched: boolean;
  metaTitle: Localized;
  metaDescription: Localized;
  focus: Focus | null;
  published: boolean;
  /** A date-and-time input's value; a future one schedules the insight. */
  publishedAt: string;
  author: string;
  readTime: string;
  createdAt: string;
  /** The record's own moments, sent back while their inputs still show them (not sent as a field of their own). */
  stored: { createdAt: string | null; publishedAt: string | null };
  version?: number;
}

function toForm(insight: Insight | null): InsightForm {
  return {
    ...contentForm(insight),
    category: insight?.category ?? INSIGHT_CATEGORIES[0],
    ...publishingForm(insight),
    slugTouched: insight !== null,
    published: insight?.published ?? false,
    publishedAt: dateTimeInput(insight?.publishedAt),
    author: insight?.author ?? '',
    readTime: insight?.readTime ? String(insight.readTime) : '',
    createdAt: dateInput(insight?.createdAt),
    stored: { createdAt: insight?.createdAt ?? null, publishedAt: insight?.publishedAt ?? null },
  };
}

function toBody({ slugTouched: _, stored, ...form }: InsightForm) {
  return {
    ...form,
    metrics: [],
    readTime: form.readTime ? Math.max(1, Math.round(Number(form.readTime))) : null,
    author: form.author.trim() || null,
    createdAt: dateBody(form.createdAt, stored.createdAt),
    publishedAt: dateTimeBody(form.publishedAt, stored.publishedAt),
  };
}

function InsightFields({ form, setForm }: { form: InsightForm; setForm: (form: InsightForm) => void }) {
  const texts = useAdminTexts();
  const f = texts.form;
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <Field id="insight-category" label={f.category}>
        <CategorySelect
          use="insight"
          required
          value={form.category}
          onChange={(category) => setForm({ ...form, category })}
        />
      </Field>
      <Field id="insight-author" label={f.author}>
        <Input value={form.author} onChange={(e) => setForm({ ...form, author: e.target.value })} />
      </Field>
      <Field id="insight-read-time" label={f.readTime}>
        <Input
          type="number"
          min={1}
          step={1}
          value={form.readTime}
          onChange={(e) => setForm({ ...form, readTime: e.target.value })}
        />
      </Field>
      <PublicationFields dateId="insight-created" publishedLabel={f.published} form={form} setForm={setForm} />
      <Field id="insight-published-at" label={texts.publishing.publishedAt(browserTimeZone())}>
        <Input
          type="datetime-local"
          value={form.publishedAt}
          onChange={(e) => setForm({ ...form, publishedAt: e.target.value })}
        />
      </Field>
      <div className="md:col-span-3">
        <PublishingFields
          idPrefix="insight"
          form={form}
          setForm={(next) => setForm({ ...next, slugTouched: next.slugTouched || next.slugs !== form.slugs })}
        />
      </div>
    </div>
  );
}

/** Articles: the Insights tab. Drafts are listed too. */
export function insightKind(texts: AdminTexts): AdminContentKind<Insight, InsightForm> {
  const t = texts.insights;
  return {
    name: 'insight',
    key: 'insights',
    listPath: '/api/insights/admin',
    endpoint: '/api/insights',
    label: texts.tabs.insights,
    texts: t,
    columns: [
      { header: t.columns.title, className: 'font-medium', cell: (insight) => insight.title[DEFAULT_LANGUAGE] },
      { header: t.columns.category, cell: (insight) => insight.category },
      {
        header: t.columns.status,
        cell: (insight) => (
          <PublishedBadge
            published={insight.published}
            texts={t}
            scheduledFor={isFuture(insight.publishedAt) ? insight.publishedAt : null}
          />
        ),
      },
    ],
    publicPath: (insight, language) =>
      insight.published ? localePath(language, contentPath('insights', insight, language)) : null,
    toForm,
    toBody,
    withTitle: (form, title) => ({
      ...form,
      title,
      slugs: form.slugTouched ? form.slugs : byLanguage((language) => slugify(title[language])),
    }),
    Fields: InsightFields,
    publishing: {
      list: 'insights',
      // Saved as typed only while a draft stays one: a save of a published or scheduled insight (or of a draft just
      // marked published) would publish the change.
      state: (insight, form) =>
        insight.published
          ? isFuture(insight.publishedAt)
            ? 'scheduled'
            : 'published'
          : form.published
            ? 'publishing'
            : 'draft',
    },
  };
}
