import { dataStore } from '../blobs';
import { outboxMailSchema, type OutboxMail } from '../schemas/mail';
import { claimSlot } from './daily-quota';
import { listKeys } from './list-keys';

/**
 * The outbox (store `mail`): every e-mail is written here before it is sent, under a key its reason names
 * (`alerts/contact/{id}`, `confirm/{subscriber}/{id}`…), so whatever happens to SMTP nothing is lost.
 *
 * - `outbox/{key}`: the mail, while it waits (deleted once sent, so sent mail keeps no personal data here);
 * - `sent/{key}`: written once it has been sent: a mail whose key was sent is never queued or sent again, which is
 *   what makes "one alert per record" hold however many triggers race;
 * - `claims/{key}/{attempt}`: who makes attempt n (written only if new, under the local server's key lock:
 *   claimSlot), so two senders never send the same attempt.
 */
const OUTBOX = 'outbox/';
const SENT = 'sent/';
const CLAIMS = 'claims/';

const store = () => dataStore('mail');

export async function wasSent(key: string): Promise<boolean> {
  return (await store().getMetadata(SENT + key)) !== null;
}

/**
 * Puts a mail in the outbox unless its key was sent or is already waiting; answers whether it wrote. Two racing
 * writers of one key may both write (the local server's `onlyIfNew` is not atomic): both write the same mail, and
 * the claims below still let it be sent once.
 */
export async function putInOutbox(mail: OutboxMail): Promise<boolean> {
  if (await wasSent(mail.key)) return false;
  if ((await store().getMetadata(OUTBOX + mail.key)) !== null) return false;
  const { modified } = await store().setJSON(OUTBOX + mail.key, mail, { onlyIfNew: true });
  return modified;
}

export async function getOutboxMail(key: string): Promise<OutboxMail | null> {
  const raw = (await store().get(OUTBOX + key, { type: 'json' })) as unknown;
  if (raw === null) return null;
  const parsed = outboxMailSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  console.error('Skipping a malformed outbox mail');
  return null;
}

/** Rewrites a waiting mail (its attempts and next attempt). */
export async function updateOutboxMail(mail: OutboxMail): Promise<void> {
  await store().setJSON(OUTBOX + mail.key, mail);
}

/** Claims attempt `attempt` of a mail: true for exactly one caller. */
export async function claimAttempt(key: string, attempt: number): Promise<boolean> {
  return claimSlot('mail', `${CLAIMS}${key}/${String(attempt).padStart(4, '0')}`);
}

/** Records that the mail was sent and forgets its content. */
export async function markSent(key: string, at: Date): Promise<void> {
  await store().setJSON(SENT + key, { sentAt: at.toISOString() });
  await store().delete(OUTBOX + key);
}

/** Forgets a waiting mail that was already sent (a late racing writer put it back). */
export async function dropFromOutbox(key: string): Promise<void> {
  await store().delete(OUTBOX + key);
}

/** The keys of every mail waiting in the outbox, oldest reason first. */
export async function outboxKeys(): Promise<string[]> {
  return (await listKeys(store(), OUTBOX)).map((key) => key.slice(OUTBOX.length));
}

/**
 * Drops every waiting mail about someone whose data is erased: those whose key is one of `keys` or under it
 * (`alerts/contact/{id}`, `replies/{id}`…) and those addressed to `email`. Answers how many. Reads each waiting mail:
 * the outbox holds only what SMTP has not taken yet, a handful, not the site's history.
 */
export async function dropWaitingMailAbout(email: string, keys: string[]): Promise<number> {
  const address = email.trim().toLowerCase();
  const named = (key: string) => keys.some((about) => key === about || key.startsWith(`${about}/`));
  let dropped = 0;
  for (const key of await outboxKeys()) {
    const mail = named(key) ? null : await getOutboxMail(key);
    const addressed = mail !== null && mail.to !== 'leads' && mail.to.some((to) => to.trim().toLowerCase() === address);
    if (!named(key) && !addressed) continue;
    await dropFromOutbox(key);
    dropped += 1;
  }
  return dropped;
}
