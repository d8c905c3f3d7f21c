import { useState, type FormEvent } from 'react';
import { ApiError, apiFetch } from '../../client/api';
import { showToast } from '../../client/toast';
import { contactInputSchema } from '../../lib/schemas/contact';
import { Field } from '../react-ui/field';
import { Input } from '../react-ui/input';
import { Select } from '../react-ui/select';
import { Textarea } from '../react-ui/textarea';
import { Honeypot } from './honeypot';

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
  /** A 429: today's limit is reached (docs/security.md#what-one-visitor-can-make-the-site-spend). */
  limitTitle: string;
  limitText: string;
  close: string;
}

const EMPTY = { name: '', email: '', company: '', phone: '', serviceOfInterest: '', message: '', website: '' };
type Values = typeof EMPTY;
type Errors = Partial<Record<'name' | 'email' | 'message', string>>;

/**
 * The contact form: the rules of docs/product.md, "Input rules", checked here with the server's own schema, texts in
 * the page's language.
 */
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
    } catch (error) {
      const limited = error instanceof ApiError && error.status === 429;
      showToast({
        title: limited ? texts.limitTitle : texts.errorTitle,
        description: limited ? texts.limitText : texts.errorText,
        variant: 'error',
        closeLabel: texts.close,
      });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="relative grid gap-4 sm:grid-cols-2" data-contact-form>
      <Field id={`${idPrefix}-name`} label={texts.name} error={errors.name}>
        <Input
          variant="public"
          autoComplete="name"
          value={values.name}
          onChange={(e) => set('name')(e.target.value)}
          required
        />
      </Field>
      <Field id={`${idPrefix}-email`} label={texts.email} error={errors.email}>
        <Input
          variant="public"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => set('email')(e.target.value)}
          required
        />
      </Field>
      <Field id={`${idPrefix}-company`} label={texts.company} optionalLabel={texts.optional}>
        <Input
          variant="public"
          autoComplete="organization"
          value={values.company}
          onChange={(e) => set('company')(e.target.value)}
        />
      </Field>
      <Field id={`${idPrefix}-phone`} label={texts.phone} optionalLabel={texts.optional}>
        <Input
          variant="public"
          type="tel"
          autoComplete="tel"
          value={values.phone}
          onChange={(e) => set('phone')(e.target.value)}
        />
      </Field>
      <Field id={`${idPrefix}-service`} label={texts.service} optionalLabel={texts.optional} className="sm:col-span-2">
        <Select
          variant="public"
          value={values.serviceOfInterest}
          onChange={(e) => set('serviceOfInterest')(e.target.value)}
          className="bg-white"
        >
          <option value="">{texts.servicePlaceholder}</option>
          {services.map((service) => (
            <option key={service.value} value={service.value}>
              {service.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`${idPrefix}-message`} label={texts.message} error={errors.message} className="sm:col-span-2">
        <Textarea
          variant="public"
          rows={4}
          value={values.message}
          onChange={(e) => set('message')(e.target.value)}
          required
        />
      </Field>
      <Honeypot value={values.website} onChange={set('website')} />
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={submitting} aria-busy={submitting}>
          {submitting ? texts.sending : texts.send}
        </button>
      </div>
    </form>
  );
}
