import type { Language } from '../../i18n/languages';
import { newId } from '../ids';
import type { NewsletterInput } from '../schemas/newsletter';
import { takeDailyQuota } from '../stores/daily-quota';
import { addressHash, subscribe, type SubscribeResult } from '../stores/newsletter';
import { queueMail } from './outbox';
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
  const hash = addressHash(subscriber.email);
  const allowed = await takeDailyQuota(
    { kind: 'quotas', prefix: 'confirmation-mails', subject: hash },
    CONFIRMATION_MAILS_PER_ADDRESS,
  );
  if (!allowed || !subscriber.token) return { ...result, mailed: false };
  await queueMail({
    key: `confirm/${hash}/${newId()}`,
    to: [subscriber.email],
    ...confirmationMail(subscriber.fullName, subscriber.language, subscriber.token),
  });
  return { ...result, mailed: true };
}
