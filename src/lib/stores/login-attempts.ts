import { dataStore } from '../blobs';
import { listKeys } from './list-keys';

/**
 * Sign-in attempts, one key each under their counter (a hashed username-and-IP
 * pair, a hashed IP, or a hashed username), never a shared count that racing attempts could
 * overwrite (docs/architecture.md, "Storage"). A key is the attempt's time-sorted id, so
 * listing a counter tells when each attempt was made without reading any.
 */
export interface AttemptCounter {
  kind: 'pair' | 'ip' | 'user';
  /** A hash: no username or IP is stored in the clear. */
  subject: string;
}

export interface RecordedAttempt {
  id: string;
  /** When the attempt was made (ms since the epoch), from its id. */
  at: number;
}

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** The creation time encoded in an id's first ten characters. */
function idTime(id: string): number {
  let time = 0;
  for (const char of id.slice(0, 10)) time = time * 32 + ALPHABET.indexOf(char);
  return time;
}

function prefix(counter: AttemptCounter): string {
  return `attempts/${counter.kind}/${counter.subject}/`;
}

export async function recordAttempt(counter: AttemptCounter, id: string, at: number): Promise<void> {
  await dataStore('auth').setJSON(prefix(counter) + id, { at });
}

/** Every attempt on the counter, oldest first; `mustInclude` is an attempt the caller knows it recorded. */
export async function listAttempts(counter: AttemptCounter, mustInclude?: string): Promise<RecordedAttempt[]> {
  const start = prefix(counter);
  const keys = await listKeys(dataStore('auth'), start, mustInclude === undefined ? undefined : start + mustInclude);
  return keys.map((key) => {
    const id = key.slice(start.length);
    return { id, at: idTime(id) };
  });
}

export async function deleteAttempts(counter: AttemptCounter, ids: readonly string[]): Promise<void> {
  const store = dataStore('auth');
  await Promise.all(ids.map((id) => store.delete(prefix(counter) + id)));
}

/**
 * Deletes the attempts made before `cutoff`, whatever their counter: the ones no later attempt on the same
 * counter tidied away. Keys are listed a page at a time, and at most `maxKeys` are looked at in one call, so one
 * run's work is bounded however many there are (the rest wait for the next run). No attempt is read: its time is
 * its key. Answers how many were deleted and whether the listing was cut short.
 */
export async function deleteAttemptsBefore(
  cutoff: number,
  maxKeys: number,
): Promise<{ deleted: number; more: boolean }> {
  const store = dataStore('auth');
  let seen = 0;
  let deleted = 0;
  for await (const page of store.list({ prefix: 'attempts/', paginate: true })) {
    const stale = page.blobs
      .map((blob) => blob.key)
      .filter((key) => idTime(key.slice(key.lastIndexOf('/') + 1)) < cutoff);
    for (let i = 0; i < stale.length; i += 50)
      await Promise.all(stale.slice(i, i + 50).map((key) => store.delete(key)));
    deleted += stale.length;
    seen += page.blobs.length;
    if (seen >= maxKeys) return { deleted, more: true };
  }
  return { deleted, more: false };
}
