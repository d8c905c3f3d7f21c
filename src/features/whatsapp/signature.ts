import { createHmac } from 'node:crypto';
import { sameSecret } from '../../platform/secrets';

/**
 * Whether `header` (`X-Hub-Signature-256: sha256={hex}`) is Meta's signature of exactly these bytes: HMAC-SHA256 of
 * the raw body with the app secret, compared in constant time. A missing or malformed header is not.
 */
export function validSignature(body: Buffer, header: string | null, appSecret: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '');
  if (!match) return false;
  const expected = createHmac('sha256', appSecret).update(body).digest();
  return sameSecret(Buffer.from(match[1]!.toLowerCase(), 'hex'), expected);
}

/** The header Meta would send for these bytes (tests sign their payloads with it). */
export function signatureHeader(body: string | Buffer, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}
