import type { Client, TeamMember, Testimonial } from '../../../features/content/firm-schema';
import { localePath } from '../../../i18n';
import type { AdminTexts } from '../../../i18n/admin';
import { byLanguage, DEFAULT_LANGUAGE, pick, type Localized } from '../../../i18n/languages';
import { emptyLocalized } from '../../../platform/common-schema';
import { Field } from '../../react-ui/field';
import { Input } from '../../react-ui/input';
import { useAdminLanguage, useAdminTexts } from '../language';
import type { AdminContentKind } from './content-tab';
import { contentForm, type ContentForm } from './editor-dialog';
import { LocalizedFields } from './localized-fields';

/** A form's order as typed; an empty one is 0, anything else goes as typed and the server says what is wrong. */
function orderBody(order: string): number | string | null {
  const text = order.trim();
  if (!text) return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : text;
}

/** A name is written once: the languages left empty get it as written (it is the same person or company). */
const everyLanguage = (name: Localized): Localized => byLanguage((language) => pick(name, language));

function OrderField({ id, value, onChange }: { id: string; value: string; onChange: (order: string) => void }) {
  const f = useAdminTexts().firm.fields;
  return (
    <Field id={id} label={f.order}>
      <Input type="number" inputMode="numeric" min={0} value={value} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}

const orderColumn = <T extends { order: number }>(texts: AdminTexts) => ({
  header: texts.firm.columns.order,
  sort: (record: T) => record.order,
  cell: (record: T) => String(record.order),
});

interface TeamForm extends ContentForm {
  role: Localized;
  linkedinUrl: string;
  order: string;
  version?: number;
}

function TeamFields({ form, setForm }: { form: TeamForm; setForm: (form: TeamForm) => void }) {
  const f = useAdminTexts().firm.fields;
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <LocalizedFields
        idPrefix="team-role"
        value={form.role}
        onChange={(role) => setForm({ ...form, role })}
        label={f.role}
      />
      <Field id="team-linkedin" label={f.linkedin}>
        <Input
          type="url"
          inputMode="url"
          value={form.linkedinUrl}
          onChange={(e) => setForm({ ...form, linkedinUrl: e.target.value })}
        />
      </Field>
      <OrderField id="team-order" value={form.order} onChange={(order) => setForm({ ...form, order })} />
    </div>
  );
}

/** The partners on the home page: the Team tab. */
export function teamKind(texts: AdminTexts): AdminContentKind<TeamMember, TeamForm> {
  const t = texts.firm;
  return {
    name: 'team',
    key: 'team',
    listPath: '/api/team/admin',
    endpoint: '/api/team',
    label: t.tabs.team,
    texts: t.team,
    withoutContent: true,
    labels: { title: t.fields.name, description: t.fields.bio },
    columns: [
      { header: t.columns.name, className: 'font-medium', cell: (member) => member.title[DEFAULT_LANGUAGE] },
      { header: t.columns.role, cell: (member) => <Role text={member.role} /> },
      orderColumn(texts),
    ],
    publicPath: (_, language) => `${localePath(language, '/')}#team`,
    toForm: (member) => ({
      ...contentForm(member),
      role: member?.role ?? emptyLocalized(),
      linkedinUrl: member?.linkedinUrl ?? '',
      order: String(member?.order ?? ''),
    }),
    toBody: (form) => ({
      ...form,
      title: everyLanguage(form.title),
      linkedinUrl: form.linkedinUrl.trim() || null,
      order: orderBody(form.order),
    }),
    Fields: TeamFields,
  };
}

/** A role in the dashboard's language (or the one `pick` falls back to). */
function Role({ text }: { text: Localized }) {
  const { language } = useAdminLanguage();
  return <>{pick(text, language)}</>;
}

interface ClientForm extends ContentForm {
  website: string;
  order: string;
  version?: number;
}

function ClientFields({ form, setForm }: { form: ClientForm; setForm: (form: ClientForm) => void }) {
  const f = useAdminTexts().firm.fields;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Field id="client-website" label={f.website}>
        <Input
          type="url"
          inputMode="url"
          value={form.website}
          onChange={(e) => setForm({ ...form, website: e.target.value })}
        />
      </Field>
      <OrderField id="client-order" value={form.order} onChange={(order) => setForm({ ...form, order })} />
    </div>
  );
}

/** The client logos on the home page: the Clients tab. */
export function clientKind(texts: AdminTexts): AdminContentKind<Client, ClientForm> {
  const t = texts.firm;
  return {
    name: 'client',
    key: 'clients',
    listPath: '/api/clients/admin',
    endpoint: '/api/clients',
    label: t.tabs.clients,
    texts: t.clients,
    withoutContent: true,
    withoutDescription: true,
    labels: { title: t.fields.name },
    columns: [
      { header: t.columns.name, className: 'font-medium', cell: (client) => client.title[DEFAULT_LANGUAGE] },
      { header: t.columns.website, cell: (client) => client.website ?? '' },
      orderColumn(texts),
    ],
    publicPath: (_, language) => `${localePath(language, '/')}#clients`,
    toForm: (client) => ({
      ...contentForm(client),
      website: client?.website ?? '',
      order: String(client?.order ?? ''),
    }),
    toBody: (form) => ({
      ...form,
      title: everyLanguage(form.title),
      website: form.website.trim() || null,
      order: orderBody(form.order),
    }),
    Fields: ClientFields,
  };
}

interface TestimonialForm extends ContentForm {
  role: Localized;
  company: string;
  order: string;
  version?: number;
}

function TestimonialFields({ form, setForm }: { form: TestimonialForm; setForm: (form: TestimonialForm) => void }) {
  const f = useAdminTexts().firm.fields;
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <LocalizedFields
        idPrefix="testimonial-role"
        value={form.role}
        onChange={(role) => setForm({ ...form, role })}
        label={f.role}
      />
      <Field id="testimonial-company" label={f.company}>
        <Input value={form.company} onChange={(e) => setForm({ ...form, company: e.target.value })} />
      </Field>
      <OrderField id="testimonial-order" value={form.order} onChange={(order) => setForm({ ...form, order })} />
    </div>
  );
}

/** The client quotes on the home page: the Quotes tab. */
export function testimonialKind(texts: AdminTexts): AdminContentKind<Testimonial, TestimonialForm> {
  const t = texts.firm;
  return {
    name: 'testimonial',
    key: 'testimonials',
    listPath: '/api/testimonials/admin',
    endpoint: '/api/testimonials',
    label: t.tabs.testimonials,
    texts: t.testimonials,
    withoutContent: true,
    withoutImage: true,
    labels: { title: t.fields.name, description: t.fields.quote },
    columns: [
      { header: t.columns.name, className: 'font-medium', cell: (quote) => quote.title[DEFAULT_LANGUAGE] },
      { header: t.columns.company, cell: (quote) => quote.company },
      orderColumn(texts),
    ],
    publicPath: (_, language) => `${localePath(language, '/')}#clients`,
    toForm: (quote) => ({
      ...contentForm(quote),
      role: quote?.role ?? emptyLocalized(),
      company: quote?.company ?? '',
      order: String(quote?.order ?? ''),
    }),
    toBody: (form) => ({ ...form, title: everyLanguage(form.title), order: orderBody(form.order) }),
    Fields: TestimonialFields,
  };
}
