import { useState, type SyntheticEvent } from 'react';
import { ApiError, apiFetch } from '../../client/api';
import { showToast } from '../../client/toast';
import { EMAIL_MAX, NAME_MAX, newsletterFieldErrors, type NewsletterField } from '../../platform/form-schema';
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
 * Newsletter sign-up. The contact section's card sends `fullName` (the API also takes `name`: docs/product.md,
 * "Newsletter"); a 409 or an "already subscribed" answer
 * is the duplicate text. A real form, like ContactForm: without its script it posts to /api/newsletter and the
 * result page renders it again with what was typed and the failing fields.
 */
export function NewsletterForm({
  texts,
  nameField: field,
  idPrefix,
  action,
  weight = 'primary',
  initialValues,
  initialErrors = [],
}: {
  texts: NewsletterFormTexts;
  nameField: 'fullName' | 'name';
  idPrefix: string;
  action: string;
  /** The submit button's weight: `secondary` beside another form's primary (the contact section, issue 23). */
  weight?: 'primary' | 'secondary';
  initialValues?: { name: string; email: string } | undefined;
  initialErrors?: NewsletterField[];
}) {
  const [errors, setErrors] = useState<NewsletterField[]>(initialErrors);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const read = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value : '';
    };
    const name = read(field);
    const email = read('email');
    const found = newsletterFieldErrors({ name, email });
    setErrors(found);
    const first = found[0];
    if (first) {
      document.getElementById(`${idPrefix}-${first}`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      // `action` carries the page's language (`?lang=`): the confirmation mail is in it.
      await apiFetch(action, { body: { [field]: name, email, website: read('website') } });
      showToast({ title: texts.successTitle, description: texts.successText, closeLabel: texts.close });
      form.reset();
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
      method="post"
      action={action}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="relative grid gap-4"
      data-newsletter-form={field}
    >
      <Field
        id={`${idPrefix}-name`}
        label={texts.name}
        error={errors.includes('name') ? texts.nameRequired : undefined}
      >
        <Input
          variant="public"
          name={field}
          autoComplete="name"
          maxLength={NAME_MAX}
          defaultValue={initialValues?.name}
          required
        />
      </Field>
      <Field
        id={`${idPrefix}-email`}
        label={texts.email}
        error={errors.includes('email') ? texts.emailInvalid : undefined}
      >
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
      <Honeypot />
      <button
        type="submit"
        className={weight === 'primary' ? 'btn-primary' : 'btn-secondary'}
        disabled={submitting}
        aria-busy={submitting}
        data-cta={weight}
      >
        {submitting ? texts.subscribing : texts.subscribe}
      </button>
    </form>
  );
}
