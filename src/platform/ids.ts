import { createHash, randomBytes } from 'node:crypto';

// Lower-case ULIDs: 48-bit time + 80 random bits in Crockford base32. They sort
// by creation time as plain strings, so an id also breaks ties between rows of one time in a keyset page.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

// The only shape an id in a URL may take (src/platform/common-schema.ts, where browser code can read it too).
import { ID_PATTERN } from './common-schema';
export { ID_PATTERN };

let lastTime = -1;
let lastRandom: number[] = [];

function encodeTime(time: number): string {
  let out = '';
  let rest = time;
  for (let i = 0; i < 10; i += 1) {
    out = ALPHABET[rest % 32] + out;
    rest = Math.floor(rest / 32);
  }
  return out;
}

/** A new id; ids made in the same millisecond still sort in creation order. */
export function newId(now: number = Date.now()): string {
  // A time well before the last id's (a record dated in the past: imports, seeding, tests) keeps that time; the
  // order within a millisecond only matters for ids made now.
  if (lastTime - now >= 60_000)
    return encodeTime(now) + Array.from(randomBytes(16), (byte) => ALPHABET[byte % 32]).join('');
  if (now <= lastTime) {
    // Same millisecond (or a clock step back): increment the random part.
    let i = lastRandom.length - 1;
    while (i >= 0 && lastRandom[i] === 31) {
      lastRandom[i] = 0;
      i -= 1;
    }
    if (i >= 0) lastRandom[i] = (lastRandom[i] ?? 0) + 1;
  } else {
    lastTime = now;
    lastRandom = Array.from(randomBytes(16), (byte) => byte % 32);
  }
  return encodeTime(lastTime) + lastRandom.map((n) => ALPHABET[n]).join('');
}

export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

/** The creation time (ms) an id carries in its first 10 characters. */
export function idTime(id: string): number {
  let time = 0;
  for (const char of id.slice(0, 10)) time = time * 32 + ALPHABET.indexOf(char);
  return time;
}

/**
 * A new secret for a link (a meeting's cancel link, an investor's invitation): 256 random bits, URL-safe, 43
 * characters. Stored only as `tokenHash`.
 */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What a link's token is stored and looked up as: its SHA-256 in hex, never the token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * An id made from a time and a stable seed (the same seed, the same id): a record filed again for the same cause
 * (a replayed provider event) lands on the same key instead of a second record.
 */
export function seededId(time: number, seed: string): string {
  const digest = createHash('sha256').update(seed).digest();
  return encodeTime(time) + Array.from(digest.subarray(0, 16), (byte) => ALPHABET[byte % 32]).join('');
}
