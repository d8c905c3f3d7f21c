import { dataStore } from '../blobs';
import {
  issueSendSchema,
  recipientResultSchema,
  type IssueSend,
  type RecipientResult,
} from '../schemas/newsletter-issue';
import { claimSlot } from './daily-quota';
import { listKeys } from './list-keys';

/**
 * The sends of newsletter issues, in the `newsletter-issues` store next to the issues themselves (`items/`, `index`,
 * `feed/`: the content engine's keys):
 *
 * - `sends/{id}/claim`: who started the send (written if new, under the local server's key lock: claimSlot), so an
 *   issue is sent once however many admins press Send at once;
 * - `sends/{id}/record`: the send: who started it, when, the mail of each language as it was then, the total, the end;
 * - `sends/{id}/alive`: `{at}` the run's last sign of life (a stale one tells the schedule to resume it);
 * - `issues/{id}/recipients/{sha256(e-mail)}`: one recipient's result (sent or failed): a resumed run skips them;
 * - `issues/{id}/failed/{sha256(e-mail)}`: an empty marker for each failed one, so counts are two listings.
 */
const store = () => dataStore('newsletter-issues');

const sendKey = (id: string) => `sends/${id}/record`;
const claimKey = (id: string) => `sends/${id}/claim`;
const aliveKey = (id: string) => `sends/${id}/alive`;
const recipients = (id: string) => `issues/${id}/recipients/`;
const failures = (id: string) => `issues/${id}/failed/`;

/** Claims the send of an issue: true for exactly one caller, ever. */
export function claimIssueSend(id: string): Promise<boolean> {
  return claimSlot('newsletter-issues', claimKey(id));
}

export async function getIssueSend(id: string): Promise<IssueSend | null> {
  const raw = (await store().get(sendKey(id), { type: 'json' })) as unknown;
  if (raw === null) return null;
  const parsed = issueSendSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  console.error(`Skipping a malformed newsletter send ${id}`);
  return null;
}

export async function putIssueSend(send: IssueSend): Promise<void> {
  await store().setJSON(sendKey(send.issueId), send);
}

export async function markAlive(id: string, at = new Date()): Promise<void> {
  await store().setJSON(aliveKey(id), { at: at.toISOString() });
}

/** When the run last said it was alive (ms), or null. */
export async function lastAlive(id: string): Promise<number | null> {
  const raw = (await store().get(aliveKey(id), { type: 'json' })) as { at?: unknown } | null;
  return typeof raw?.at === 'string' ? Date.parse(raw.at) : null;
}

export async function getRecipientResult(id: string, hash: string): Promise<RecipientResult | null> {
  const raw = (await store().get(recipients(id) + hash, { type: 'json' })) as unknown;
  if (raw === null) return null;
  const parsed = recipientResultSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export async function putRecipientResult(id: string, hash: string, result: RecipientResult): Promise<void> {
  await store().setJSON(recipients(id) + hash, result);
  if (result.status === 'failed') await store().set(failures(id) + hash, '');
  else await store().delete(failures(id) + hash);
}

/** How many recipients have a result, and how many of those failed: two listings. */
export async function recipientCounts(id: string): Promise<{ done: number; failed: number }> {
  const [done, failed] = await Promise.all([listKeys(store(), recipients(id)), listKeys(store(), failures(id))]);
  return { done: done.length, failed: failed.length };
}

/** The hashes of the recipients whose send failed (a resumed run tries them again). */
export async function failedRecipients(id: string): Promise<string[]> {
  return (await listKeys(store(), failures(id))).map((key) => key.slice(failures(id).length));
}
