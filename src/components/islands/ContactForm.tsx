import { useState, type FormEvent } from 'react';
import { apiFetch } from '../../client/api';
import { showToast } from '../../client/toast';
import { contactInputSchema } from '../../lib/schemas/contact';
import { Field, Honeypot } from './form-fields';

export interface ContactFormTexts {
  name: string;
  email: string;
  company: string;
  phone: string;
  service: string;
  servicePlaceholder: string;
  message: string;
  optional: string;
  send: string;
  sending: string;
  nameRequired: string;
  emailInvalid: string;
  messageRequired: string;
  successTitle: string;
  successText: string;
  errorTitle: string;
  errorText: string;
  close: string;
}

const EMPTY = { name: '', email: '', company: '', phone: '', serviceOfInterest: '', message: '', website: '' };
type Values = typeof EMPTY;
type Errors = Partial<Record<'name' | 'email' | 'message', string>>;

/** The contact form: SPEC.md's rules checked here with the server's own schema, texts in the page's language. */
export function ContactForm({
  texts,
  services,
  idPrefix = 'contact',
}: {
  texts: ContactFormTexts;
  services: Array<{ value: string; label: string }>;
  idPrefix?: string;
}) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const set = (field: keyof Values) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  function validate(): Errors {
    const result = contactInputSchema.safeParse(values);
    if (result.success) return {};
    const found: Errors = {};
    const messages = { name: texts.nameRequired, email: texts.emailInvalid, message: texts.messageRequired };
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (field === 'name' || field === 'email' || field === 'message') found[field] ??= messages[field];
    }
    return found;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`${idPrefix}-${first}`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await apiFetch('/api/contact', { body: values });
      showToast({ title: texts.successTitle, description: texts.successText, closeLabel: texts.close });
      setValues(EMPTY);
    } catch {
      showToast({ title: texts.errorTitle, description: texts.errorText, variant: 'error', closeLabel: texts.close });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="relative grid gap-4 sm:grid-cols-2" data-contact-form>
      <Field
        id={`${idPrefix}-name`}
        label={texts.name}
        autoComplete="name"
        value={values.name}
        onChange={(e) => set('name')(e.target.value)}
        error={errors.name}
        required
      />
      <Field
        id={`${idPrefix}-email`}
        label={texts.email}
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={(e) => set('email')(e.target.value)}
        error={errors.email}
        required
      />
      <Field
        id={`${idPrefix}-company`}
        label={texts.company}
        optionalLabel={texts.optional}
        autoComplete="organization"
        value={values.company}
        onChange={(e) => set('company')(e.target.value)}
      />
      <Field
        id={`${idPrefix}-phone`}
        label={texts.phone}
        optionalLabel={texts.optional}
        type="tel"
        autoComplete="tel"
        value={values.phone}
        onChange={(e) => set('phone')(e.target.value)}
      />
      <div className="sm:col-span-2">
        <label htmlFor={`${idPrefix}-service`} className="block text-sm font-medium text-slate-800">
          {texts.service} <span className="font-normal text-slate-600">({texts.optional})</span>
        </label>
        <select
          id={`${idPrefix}-service`}
          value={values.serviceOfInterest}
          onChange={(e) => set('serviceOfInterest')(e.target.value)}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30"
        >
          <option value="">{texts.servicePlaceholder}</option>
          {services.map((service) => (
            <option key={service.value} value={service.value}>
              {service.label}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={`${idPrefix}-message`} className="block text-sm font-medium text-slate-800">
          {texts.message}
        </label>
        <textarea
          id={`${idPrefix}-message`}
          rows={4}
          value={values.message}
          onChange={(e) => set('message')(e.target.value)}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${idPrefix}-message-error` : undefined}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base text-slate-900 shadow-sm focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30 aria-[invalid]:border-red-600"
          required
        />
        {errors.message && (
          <p id={`${idPrefix}-message-error`} className="mt-1 text-sm text-red-700">
            {errors.message}
          </p>
        )}
      </div>
      <Honeypot value={values.website} onChange={set('website')} />
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={submitting} aria-busy={submitting}>
          {submitting ? texts.sending : texts.send}
        </button>
      </div>
    </form>
  );
}
