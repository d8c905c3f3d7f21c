import { cn } from '../../../client/cn';
import type { AdminTexts } from '../../../i18n/admin';
import type { InvestorUpdate } from '../../../lib/schemas/investor-update';
import { Field } from '../../react-ui/field';
import { Input } from '../../react-ui/input';
import { formatDate } from '../investors/format';
import { useAdminTexts } from '../language';
import type { ContentKind } from './content-tab';
import { dateBody, dateInput } from './date-field';
import { contentForm, type ContentForm } from './editor-dialog';

interface UpdateForm extends ContentForm {
  published: boolean;
  createdAt: string;
  version?: number;
}

function toForm(update: InvestorUpdate | null): UpdateForm {
  return {
    ...contentForm(update),
    published: update?.published ?? false,
    createdAt: dateInput(update?.createdAt ?? new Date().toISOString()),
  };
}

function toBody({ imageUrl: _, ...form }: UpdateForm) {
  return { ...form, createdAt: dateBody(form.createdAt) };
}

function UpdateFields({ form, setForm }: { form: UpdateForm; setForm: (form: UpdateForm) => void }) {
  const t = useAdminTexts().investors.updates;
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <Field id="investor-update-date" label={t.date}>
        <Input
          type="date"
          required
          value={form.createdAt}
          onChange={(e) => setForm({ ...form, createdAt: e.target.value })}
        />
      </Field>
      <label className="flex items-center gap-2 pt-6 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          checked={form.published}
          onChange={(e) => setForm({ ...form, published: e.target.checked })}
          className="h-4 w-4"
        />
        {t.publishLabel}
      </label>
    </div>
  );
}

/** Investor updates, managed by admins: drafts listed too; never public (docs/roles.md). */
export function investorUpdateKind(texts: AdminTexts): ContentKind<InvestorUpdate, UpdateForm> {
  const t = texts.investors.updates;
  return {
    name: 'investor-update',
    key: 'investor-updates-admin',
    listPath: '/api/investor-updates/admin',
    endpoint: '/api/investor-updates',
    label: texts.investors.tabs.manageUpdates,
    texts: t,
    columns: [
      { header: t.columns.title, className: 'font-medium', cell: (update) => update.title.en || update.title.es },
      { header: t.columns.date, cell: (update) => formatDate(update.createdAt), sort: (update) => update.createdAt },
      {
        header: t.columns.status,
        cell: (update) => (
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-xs font-semibold',
              update.published ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700',
            )}
          >
            {update.published ? t.published : t.draft}
          </span>
        ),
      },
    ],
    toForm,
    toBody,
    Fields: UpdateFields,
    withoutImage: true,
  };
}
