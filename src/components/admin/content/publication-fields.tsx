import { cn } from '../../../client/cn';
import { CreatedAtField } from './date-field';

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

/** A list row's status: published or draft. */
export function PublishedBadge({
  published,
  texts,
}: {
  published: boolean;
  texts: { published: string; draft: string };
}) {
  return (
    <span
      className={cn(
        'rounded-full px-2 py-0.5 text-xs font-semibold',
        published ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700',
      )}
    >
      {published ? texts.published : texts.draft}
    </span>
  );
}
