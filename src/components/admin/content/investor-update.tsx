import type { AdminTexts } from '../../../i18n/admin';
import { DEFAULT_LANGUAGE, pick } from '../../../i18n/languages';
import type { InvestorUpdate } from '../../../features/investors/update-schema';
import { formatDate } from '../investors/format';
import { useAdminTexts } from '../language';
import type { AdminContentKind } from './content-tab';
import { dateBody, dateInput } from './date-field';
import { contentForm, type ContentForm } from './editor-dialog';
import { PublicationFields, PublishedBadge } from './publication-fields';

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
      <PublicationFields
        dateId="investor-update-date"
        dateLabel={t.date}
        dateRequired
        publishedLabel={t.publishLabel}
        form={form}
        setForm={setForm}
      />
    </div>
  );
}

/** Investor updates, managed by admins: drafts listed too; never public (docs/roles.md). */
export function investorUpdateKind(texts: AdminTexts): AdminContentKind<InvestorUpdate, UpdateForm> {
  const t = texts.investors.updates;
  return {
    name: 'investor-update',
    key: 'investor-updates-admin',
    listPath: '/api/investor-updates/admin',
    endpoint: '/api/investor-updates',
    label: texts.investors.tabs.manageUpdates,
    texts: t,
    columns: [
      { header: t.columns.title, className: 'font-medium', cell: (update) => pick(update.title, DEFAULT_LANGUAGE) },
      { header: t.columns.date, cell: (update) => formatDate(update.createdAt), sort: (update) => update.createdAt },
      {
        header: t.columns.status,
        cell: (update) => <PublishedBadge published={update.published} texts={t} />,
      },
    ],
    toForm,
    toBody,
    Fields: UpdateFields,
    withoutImage: true,
  };
}
