import { timingSafeEqual } from 'node:crypto';

/**
 * Whether a secret someone gave is the expected one, compared in constant time (`crypto.timingSafeEqual`): a token in
 * a URL or a header, a verify token, a signature. Strings are compared as their UTF-8 bytes; different lengths are
 * unequal at once (a secret's length is not secret).
 */
export function sameSecret(given: string | Buffer, expected: string | Buffer): boolean {
  const a = typeof given === 'string' ? Buffer.from(given, 'utf8') : given;
  const b = typeof expected === 'string' ? Buffer.from(expected, 'utf8') : expected;
  return a.length === b.length && timingSafeEqual(a, b);
}
