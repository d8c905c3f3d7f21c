import { useRef, useState, type SyntheticEvent } from 'react';
import { ApiError, apiFetch } from '../../client/api';
import { showToast } from '../../client/toast';
import {
  COMPANY_MAX,
  contactFieldErrors,
  EMAIL_MAX,
  MESSAGE_MAX,
  NAME_MAX,
  PHONE_MAX,
  type ContactField,
} from '../../platform/form-schema';
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
  /** Above what was sent, shown in place of the form once it has arrived. */
  sentSummary: string;
  /** The button that brings an empty form back. */
  sendAnother: string;
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

export interface ContactValues {
  name: string;
  email: string;
  company: string;
  phone: string;
  serviceOfInterest: string;
  message: string;
}

const FIELDS = ['name', 'email', 'company', 'phone', 'serviceOfInterest', 'message', 'website'] as const;

/** What the form holds now, read from the page itself: text typed before the script took over is kept. */
function formValues(form: HTMLFormElement): Record<(typeof FIELDS)[number], string> {
  const data = new FormData(form);
  const read = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  return Object.fromEntries(FIELDS.map((name) => [name, read(name)])) as Record<(typeof FIELDS)[number], string>;
}

/**
 * The contact form: the rules of docs/product.md, "Input rules" (src/platform/form-schema.ts), texts in the
 * page's language. A real form (`action`, named fields): sent before its script loads, or without it, it posts to
 * /api/contact and the visitor lands on the result page (src/http/form-answer.ts), which renders this same form with
 * what they typed (`initialValues`) and the failing fields (`initialErrors`). Once a message has arrived, the form
 * gives way to what was sent and what happens next, with a button for another message: never a fresh, empty form that
 * invites sending the same message twice.
 */
export function ContactForm({
  texts,
  services,
  action,
  idPrefix = 'contact',
  initialValues,
  initialErrors = [],
}: {
  texts: ContactFormTexts;
  services: Array<{ value: string; label: string }>;
  action: string;
  idPrefix?: string;
  initialValues?: ContactValues | undefined;
  initialErrors?: ContactField[];
}) {
  const [errors, setErrors] = useState<ContactField[]>(initialErrors);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState<ContactValues | null>(null);
  const summaryHeading = useRef<HTMLHeadingElement>(null);
  const messages = { name: texts.nameRequired, email: texts.emailInvalid, message: texts.messageRequired };
  const errorOf = (field: ContactField) => (errors.includes(field) ? messages[field] : undefined);

  async function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = formValues(form);
    const found = contactFieldErrors(values);
    setErrors(found);
    const first = found[0];
    if (first) {
      document.getElementById(`${idPrefix}-${first}`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await apiFetch(action, { body: values });
      showToast({ title: texts.successTitle, description: texts.successText, closeLabel: texts.close });
      form.reset();
      const { name, email, company, phone, serviceOfInterest, message } = values;
      setSent({ name, email, company, phone, serviceOfInterest, message });
      requestAnimationFrame(() => summaryHeading.current?.focus());
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

  if (sent) {
    const service = services.find((each) => each.value === sent.serviceOfInterest)?.label ?? sent.serviceOfInterest;
    const rows: Array<[string, string]> = [
      [texts.name, sent.name],
      [texts.email, sent.email],
      [texts.company, sent.company],
      [texts.phone, sent.phone],
      [texts.service, service],
      [texts.message, sent.message],
    ];
    return (
      <div className="grid gap-4" data-contact-sent>
        <h3 ref={summaryHeading} tabIndex={-1} className="text-xl font-semibold text-navy outline-none">
          {texts.successTitle}
        </h3>
        <p>{texts.successText}</p>
        <h4 className="font-semibold text-navy">{texts.sentSummary}</h4>
        <dl className="grid gap-2 sm:grid-cols-[auto_1fr] sm:gap-x-6">
          {rows
            .filter(([, value]) => value.trim() !== '')
            .map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-medium text-slate-600">{label}</dt>
                <dd className="whitespace-pre-wrap break-words">{value}</dd>
              </div>
            ))}
        </dl>
        <div>
          <button
            type="button"
            className="btn-primary w-full sm:w-auto"
            onClick={() => {
              setSent(null);
              setErrors([]);
              requestAnimationFrame(() => document.getElementById(`${idPrefix}-name`)?.focus());
            }}
          >
            {texts.sendAnother}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form
      method="post"
      action={action}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="relative grid gap-4 sm:grid-cols-2"
      data-contact-form
    >
      <Field id={`${idPrefix}-name`} label={texts.name} error={errorOf('name')}>
        <Input
          variant="public"
          name="name"
          autoComplete="name"
          maxLength={NAME_MAX}
          defaultValue={initialValues?.name}
          required
        />
      </Field>
      <Field id={`${idPrefix}-email`} label={texts.email} error={errorOf('email')}>
        <Input
          variant="public"
          type="email"
          name="email"
          autoComplete="email"
          maxLength={EMAIL_MAX}
          defaultValue={initialValues?.email}
          required
        />
      </Field>
      <Field id={`${idPrefix}-company`} label={texts.company} optionalLabel={texts.optional}>
        <Input
          variant="public"
          name="company"
          autoComplete="organization"
          maxLength={COMPANY_MAX}
          defaultValue={initialValues?.company}
        />
      </Field>
      <Field id={`${idPrefix}-phone`} label={texts.phone} optionalLabel={texts.optional}>
        <Input
          variant="public"
          type="tel"
          name="phone"
          autoComplete="tel"
          maxLength={PHONE_MAX}
          defaultValue={initialValues?.phone}
        />
      </Field>
      <Field id={`${idPrefix}-service`} label={texts.service} optionalLabel={texts.optional} className="sm:col-span-2">
        <Select
          variant="public"
          name="serviceOfInterest"
          defaultValue={initialValues?.serviceOfInterest ?? ''}
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
      <Field id={`${idPrefix}-message`} label={texts.message} error={errorOf('message')} className="sm:col-span-2">
        <Textarea
          variant="public"
          name="message"
          rows={4}
          maxLength={MESSAGE_MAX}
          defaultValue={initialValues?.message}
          required
        />
      </Field>
      <Honeypot />
      <div className="sm:col-span-2">
        <button
          type="submit"
          className="btn-primary w-full sm:w-auto"
          disabled={submitting}
          aria-busy={submitting}
          data-cta="primary"
        >
          {submitting ? texts.sending : texts.send}
        </button>
      </div>
    </form>
  );
}
