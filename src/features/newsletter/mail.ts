import type { Language } from '../../i18n/languages';
import { newId } from '../../platform/ids';
import type { NewsletterInput } from './schema';
import { addressHash, subscribe, takeConfirmationMail, type SubscribeResult } from './subscribers-store';
import { queueMail } from '../mail/outbox';
import { confirmationMail } from './templates';

/**
 * Confirmation mails one address may receive a day, whoever asks (mail bombing through sign-ups:
 * docs/security.md). A sign-up past it is answered as usual and sends nothing.
 */
export const CONFIRMATION_MAILS_PER_ADDRESS = 3;

/**
 * A newsletter sign-up with double opt-in: a pending subscriber and a confirmation mail in the page's language,
 * or, for an address still pending, the confirmation again. `beforeWrite` is the visitor's quota.
 */
export async function signUp(
  input: Pick<NewsletterInput, 'fullName' | 'email'>,
  language: Language,
  beforeWrite: () => Promise<void>,
): Promise<SubscribeResult & { mailed?: boolean }> {
  const result = await subscribe({ ...input, language }, beforeWrite);
  if (result.status === 'duplicate') return result;
  const { subscriber } = result;
  // The day's count lives on the subscriber's row: one atomic statement, whatever the number of racing sign-ups.
  const allowed = await takeConfirmationMail(subscriber.email, CONFIRMATION_MAILS_PER_ADDRESS);
  if (!allowed || !subscriber.token) return { ...result, mailed: false };
  await queueMail({
    key: `confirm/${addressHash(subscriber.email)}/${newId()}`,
    to: [subscriber.email],
    ...confirmationMail(subscriber.language, subscriber.token),
  });
  return { ...result, mailed: true };
}
