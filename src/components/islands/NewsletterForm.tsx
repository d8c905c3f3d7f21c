import { useState, type FormEvent } from 'react';
import { ApiError, apiFetch } from '../../client/api';
import { showToast } from '../../client/toast';
import { emailField, nameField } from '../../lib/schemas/contact';
import { Field } from '../react-ui/field';
import { Input } from '../react-ui/input';
import { Honeypot } from './honeypot';

export interface NewsletterFormTexts {
  name: string;
  email: string;
  subscribe: string;
  subscribing: string;
  nameRequired: string;
  emailInvalid: string;
  successTitle: string;
  successText: string;
  duplicate: string;
  error: string;
  /** A 429: today's limit is reached (docs/security.md#what-one-visitor-can-make-the-site-spend). */
  limit: string;
  close: string;
}

/**
 * Newsletter sign-up. The contact section sends `fullName`, the standalone
 * section `name` (docs/product.md, "Newsletter"); a 409 or an "already subscribed" answer
 * is the duplicate text.
 */
export function NewsletterForm({
  texts,
  nameField: field,
  idPrefix,
  dark = false,
}: {
  texts: NewsletterFormTexts;
  nameField: 'fullName' | 'name';
  idPrefix: string;
  dark?: boolean;
}) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: { name?: string; email?: string } = {};
    if (!nameField.safeParse(name).success) found.name = texts.nameRequired;
    if (!emailField.safeParse(email).success) found.email = texts.emailInvalid;
    setErrors(found);
    if (found.name || found.email) {
      document.getElementById(`${idPrefix}-${found.name ? 'name' : 'email'}`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await apiFetch('/api/newsletter', { body: { [field]: name, email, website } });
      showToast({ title: texts.successTitle, description: texts.successText, closeLabel: texts.close });
      setName('');
      setEmail('');
    } catch (error) {
      const duplicate =
        error instanceof ApiError && (error.status === 409 || error.message.includes('already subscribed'));
      const limited = error instanceof ApiError && error.status === 429;
      const title = duplicate ? texts.duplicate : limited ? texts.limit : texts.error;
      showToast({ title, variant: 'error', closeLabel: texts.close });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className={`relative grid gap-4 ${dark ? '[&_label]:text-white [&_p]:text-red-200' : ''}`}
      data-newsletter-form={field}
    >
      <Field id={`${idPrefix}-name`} label={texts.name} error={errors.name}>
        <Input variant="public" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} required />
      </Field>
      <Field id={`${idPrefix}-email`} label={texts.email} error={errors.email}>
        <Input
          variant="public"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
      </Field>
      <Honeypot value={website} onChange={setWebsite} />
      <button type="submit" className="btn-primary" disabled={submitting} aria-busy={submitting}>
        {submitting ? texts.subscribing : texts.subscribe}
      </button>
    </form>
  );
}
