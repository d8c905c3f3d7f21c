import { createHmac, randomBytes } from 'node:crypto';
import { sameSecret } from '../../platform/secrets';
import { requireSecret } from '../../platform/env';
import { Unauthorized } from '../../platform/errors';

/** How long after a call's longest possible end Tavus may still report on it (the transcript comes after the end). */
export const CALLBACK_GRACE_SECONDS = 24 * 60 * 60;

const NONCE = /^[A-Za-z0-9_-]{16,64}$/;
const EXPIRES = /^\d{1,12}$/;

/** What a callback URL carries besides its signature: the call it is for and when it stops being valid. */
export interface CallbackGrant {
  /** Random, made for one call; the call's server record names it, so the URL is bound to that conversation. */
  nonce: string;
  /** Unix seconds. */
  expires: number;
}

function sign(grant: CallbackGrant): string {
  return createHmac('sha256', requireSecret('JWT_SECRET'))
    .update(`tavus-callback:v2:${grant.nonce}:${grant.expires}`)
    .digest('base64url');
}

/** A grant for a call that may last `maxCallSeconds` from `now`: valid until a day after its longest possible end. */
export function newCallbackGrant(maxCallSeconds: number, now = new Date()): CallbackGrant {
  return {
    nonce: randomBytes(18).toString('base64url'),
    expires: Math.floor(now.getTime() / 1000) + maxCallSeconds + CALLBACK_GRACE_SECONDS,
  };
}

/**
 * The callback address given to Tavus, on the site's configured address
 * (never the Host header of the request that started the call).
 */
export function callbackUrl(siteUrl: string, grant: CallbackGrant): string {
  const url = new URL('/api/tavus/callback', siteUrl);
  url.search = new URLSearchParams({
    nonce: grant.nonce,
    expires: String(grant.expires),
    token: sign(grant),
  }).toString();
  return url.toString();
}

/** Checks a callback URL's signature and expiry; 401 for a missing, forged, altered or expired one. */
export function verifyCallbackUrl(url: URL, now = new Date()): CallbackGrant {
  const nonce = url.searchParams.get('nonce') ?? '';
  const expires = url.searchParams.get('expires') ?? '';
  const token = url.searchParams.get('token') ?? '';
  if (!NONCE.test(nonce) || !EXPIRES.test(expires) || !token) throw new Unauthorized('Unauthorized');
  const grant = { nonce, expires: Number(expires) };
  if (!sameSecret(token, sign(grant))) throw new Unauthorized('Unauthorized');
  if (now.getTime() / 1000 > grant.expires) throw new Unauthorized('This callback address has expired');
  return grant;
}
