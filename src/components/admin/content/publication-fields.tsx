import { cn } from '../../../client/cn';
import { META_DESCRIPTION_LIMIT, META_TITLE_LIMIT, type Focus } from '../../../features/content/publishing-schema';
import { byLanguage, LANGUAGES, languageRow, type Localized } from '../../../i18n/languages';
import { Field } from '../../react-ui/field';
import { Input } from '../../react-ui/input';
import { Textarea } from '../../react-ui/textarea';
import { useAdminTexts } from '../language';
import { CreatedAtField } from './date-field';
import { formatDateTime } from '../format';

interface Publishable {
  createdAt: string;
  published: boolean;
}

/** The date and the published toggle of a kind with drafts (insights, investor updates): two cells of its grid. */
export function PublicationFields<F extends Publishable>({
  dateId,
  dateLabel,
  dateRequired,
  publishedLabel,
  form,
  setForm,
}: {
  dateId: string;
  dateLabel?: string;
  dateRequired?: boolean;
  publishedLabel: string;
  form: F;
  setForm: (form: F) => void;
}) {
  return (
    <>
      <CreatedAtField
        id={dateId}
        label={dateLabel}
        required={dateRequired}
        value={form.createdAt}
        onChange={(createdAt) => setForm({ ...form, createdAt })}
      />
      <label className="flex items-center gap-2 pt-6 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          checked={form.published}
          onChange={(e) => setForm({ ...form, published: e.target.checked })}
          className="h-4 w-4"
        />
        {publishedLabel}
      </label>
    </>
  );
}

/** A list row's status: published, draft, or (`scheduledFor`: published with a date to come) scheduled. */
export function PublishedBadge({
  published,
  texts,
  scheduledFor,
}: {
  published: boolean;
  texts: { published: string; draft: string };
  /** The publication date of a published record, when it is still to come ("Scheduled for …"). */
  scheduledFor?: string | null | undefined;
}) {
  const scheduled = published && scheduledFor ? scheduledFor : null;
  const adminTexts = useAdminTexts();
  return (
    <span
      className={cn(
        'rounded-full px-2 py-0.5 text-xs font-semibold',
        scheduled
          ? 'bg-sky-50 text-sky-900'
          : published
            ? 'bg-emerald-50 text-emerald-800'
            : 'bg-slate-100 text-slate-700',
      )}
      data-status={scheduled ? 'scheduled' : published ? 'published' : 'draft'}
    >
      {scheduled
        ? adminTexts.publishing.scheduledFor(formatDateTime(scheduled))
        : published
          ? texts.published
          : texts.draft}
    </span>
  );
}

/** Whether a moment is still to come (a scheduled publication). */
export function isFuture(iso: string | null | undefined): boolean {
  return !!iso && Date.parse(iso) > Date.now();
}

/** The browser's time zone, as a date-and-time input's value is read in ("Europe/Madrid"). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

interface WithPublishing {
  slugs: Localized;
  metaTitle: Localized;
  metaDescription: Localized;
  /** The social image's focal point (null: the centre). */
  focus: Focus | null;
}

/** A record's public address and its search and sharing texts, per language, with what each limit leaves. */
export function PublishingFields<F extends WithPublishing>({
  idPrefix,
  form,
  setForm,
}: {
  idPrefix: string;
  form: F;
  setForm: (form: F) => void;
}) {
  const f = useAdminTexts().form;
  const counter = (id: string, text: string, limit: number) => (
    <p id={id} className={cn('mt-1 text-xs', text.length > limit ? 'text-red-700' : 'text-slate-600')}>
      {f.counter(text.length, limit)}
    </p>
  );
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {LANGUAGES.map((lang) => {
        const name = languageRow(lang).name;
        return (
          <div key={lang} className="contents">
            <Field id={`${idPrefix}-slug-${lang}`} label={f.slugIn(name)}>
              <Input
                value={form.slugs[lang]}
                onChange={(e) => setForm({ ...form, slugs: { ...form.slugs, [lang]: e.target.value } })}
              />
            </Field>
            <div>
              <Field id={`${idPrefix}-meta-title-${lang}`} label={f.metaTitle(name)}>
                <Input
                  value={form.metaTitle[lang]}
                  aria-describedby={`${idPrefix}-meta-title-${lang}-count`}
                  onChange={(e) => setForm({ ...form, metaTitle: { ...form.metaTitle, [lang]: e.target.value } })}
                />
              </Field>
              {counter(`${idPrefix}-meta-title-${lang}-count`, form.metaTitle[lang], META_TITLE_LIMIT)}
            </div>
            <div>
              <Field id={`${idPrefix}-meta-description-${lang}`} label={f.metaDescription(name)}>
                <Textarea
                  rows={2}
                  value={form.metaDescription[lang]}
                  aria-describedby={`${idPrefix}-meta-description-${lang}-count`}
                  onChange={(e) =>
                    setForm({ ...form, metaDescription: { ...form.metaDescription, [lang]: e.target.value } })
                  }
                />
              </Field>
              {counter(
                `${idPrefix}-meta-description-${lang}-count`,
                form.metaDescription[lang],
                META_DESCRIPTION_LIMIT,
              )}
            </div>
          </div>
        );
      })}
    </div>
  );
}

/** The publishing fields of a record as the form holds them (empty for a new one). */
export function publishingForm(record: WithPublishing | null): WithPublishing {
  return {
    slugs: record?.slugs ?? byLanguage(() => ''),
    metaTitle: record?.metaTitle ?? byLanguage(() => ''),
    metaDescription: record?.metaDescription ?? byLanguage(() => ''),
    focus: record?.focus ?? null,
  };
}

/** A stored moment as a date-and-time input's value, in the browser's time zone (YYYY-MM-DDTHH:mm). */
export function dateTimeInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/**
 * A date-and-time input's value (the browser's time zone) as the API takes it: ISO, or null when empty. `stored`:
 * the record's own moment, sent back as it is while the input still shows it (its seconds kept).
 */
export function dateTimeBody(value: string, stored?: string | null): string | null {
  if (stored && dateTimeInput(stored) === value) return stored;
  return value ? new Date(value).toISOString() : null;
}
