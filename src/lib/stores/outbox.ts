import { dataStore } from '../blobs';
import { outboxMailSchema, type OutboxMail } from '../schemas/mail';
import { claimSlot } from './daily-quota';
import { inBatches } from './feed';
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
 * Forgets every mail about someone whose data is erased, before their records go (so a retry can still name them):
 * under each of `keys` (`alerts/contact/{id}`, `replies/{id}`…: the mail while it waits, its `sent/` mark and its
 * send claims, which name the record), and every waiting mail addressed to `email` or answering to it (`replyTo`).
 * The waiting mails are read 50 at a time: without SMTP they pile up. Answers how many waiting mails it dropped.
 */
export async function dropMailAbout(email: string, keys: string[]): Promise<number> {
  const address = email.trim().toLowerCase();
  const named = (key: string) => keys.some((about) => key === about || key.startsWith(`${about}/`));
  const s = store();
  const waiting = await outboxKeys();
  const about = await inBatches(waiting, 50, async (key) => {
    if (named(key)) return key;
    const mail = await getOutboxMail(key);
    const addresses = [...(mail && mail.to !== 'leads' ? mail.to : []), ...(mail?.replyTo ? [mail.replyTo] : [])];
    return addresses.some((to) => to.trim().toLowerCase() === address) ? key : null;
  });
  const dropped = about.filter((key): key is string => key !== null);
  // The marks and claims of the named mails (sent or not), listed under each key.
  const marks = (
    await inBatches(
      keys.flatMap((key) => [SENT, CLAIMS].map((area) => `${area}${key}`)),
      20,
      async (prefix) => [...(await listKeys(s, prefix)).filter((k) => k === prefix || k.startsWith(`${prefix}/`))],
    )
  ).flat();
  await inBatches([...dropped.map((key) => OUTBOX + key), ...marks], 50, (key) => s.delete(key));
  return dropped.length;
}
