import type { Translate } from '../../i18n';
import type { ContactFormTexts } from './ContactForm';
import type { NewsletterFormTexts } from './NewsletterForm';

/** Islands get only the texts they show, not the whole dictionary. */
export function contactFormTexts(t: Translate): ContactFormTexts {
  return {
    name: t('form.name'),
    email: t('form.email'),
    company: t('form.company'),
    phone: t('form.phone'),
    service: t('form.service'),
    servicePlaceholder: t('form.servicePlaceholder'),
    message: t('form.message'),
    optional: t('form.optional'),
    send: t('form.send'),
    sending: t('form.sending'),
    sentSummary: t('form.sentSummary'),
    sendAnother: t('form.sendAnother'),
    nameRequired: t('validation.nameRequired'),
    emailInvalid: t('validation.emailInvalid'),
    messageRequired: t('validation.messageRequired'),
    successTitle: t('toast.contactSuccessTitle'),
    // The contractual sentence, then what happens next and when.
    successText: `${t('toast.contactSuccessText')} ${t('toast.contactNextSteps')}`,
    errorTitle: t('toast.contactErrorTitle'),
    errorText: t('toast.contactErrorText'),
    limitTitle: t('limit.title'),
    limitText: t('limit.contact'),
    close: t('toast.close'),
  };
}

export function newsletterFormTexts(t: Translate, nameLabel: 'form.name' | 'form.fullName'): NewsletterFormTexts {
  return {
    name: t(nameLabel),
    email: t('form.email'),
    subscribe: t('form.subscribe'),
    subscribing: t('form.subscribing'),
    nameRequired: t('validation.nameRequired'),
    emailInvalid: t('validation.emailInvalid'),
    successTitle: t('toast.newsletterSuccessTitle'),
    // Double opt-in: nothing is subscribed yet; a confirmation e-mail is on its way, and what to do with it.
    successText: `${t('toast.newsletterSuccessText')} ${t('toast.newsletterCheckEmail')}`,
    duplicate: t('toast.newsletterDuplicate'),
    error: t('toast.newsletterError'),
    limit: t('limit.newsletter'),
    close: t('toast.close'),
  };
}
