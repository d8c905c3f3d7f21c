import { createHmac } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { now } from '../../platform/clock';
import { requireSecret } from '../../platform/env';

/** How long a preview link works (docs/product.md, "Publishing"). */
export const PREVIEW_DAYS = 7;
const ISSUER = 'vantia-site';
const AUDIENCE = 'vantia-content-preview';

/** The preview links' own key, derived from JWT_SECRET (a session token is never a preview link, nor the reverse). */
function previewKey(): Uint8Array {
  return new Uint8Array(createHmac('sha256', requireSecret('JWT_SECRET')).update('content-preview/v1').digest());
}

/** A signed token naming one record of one kind, valid PREVIEW_DAYS: anyone holding it sees the record as it is then. */
export async function previewToken(kind: string, id: string): Promise<{ token: string; expiresAt: string }> {
  const issued = Math.floor(now().getTime() / 1000);
  const expires = issued + PREVIEW_DAYS * 86_400;
  const token = await new SignJWT({ kind })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(id)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issued)
    .setExpirationTime(expires)
    .sign(previewKey());
  return { token, expiresAt: new Date(expires * 1000).toISOString() };
}

/** What a preview token names: the record's id, or why it names none (the page says which). */
export type PreviewClaim = { id: string } | { error: 'expired' | 'invalid' };

export async function readPreviewToken(kind: string, token: string): Promise<PreviewClaim> {
  if (token.length > 2048) return { error: 'invalid' };
  try {
    const { payload } = await jwtVerify(token, previewKey(), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: now(),
      clockTolerance: 0,
    });
    if (payload['kind'] !== kind || typeof payload.sub !== 'string') return { error: 'invalid' };
    return { id: payload.sub };
  } catch (error) {
    return { error: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
  }
}
