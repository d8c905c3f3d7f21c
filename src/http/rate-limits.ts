import type { Config } from '@netlify/functions';

/**
 * Netlify's function rate limiting, counted per visitor IP on each domain.
 * `aggregateBy` must be an array: a bare string becomes one counter for the
 * whole site, so one noisy visitor would lock everyone out.
 */
export const publicWriteRateLimit: NonNullable<Config['rateLimit']> = {
  windowLimit: 10,
  windowSize: 60,
  aggregateBy: ['ip', 'domain'],
};

/** A conversation sends one request per message: room for a brisk exchange, not for a script. */
export const chatRateLimit: NonNullable<Config['rateLimit']> = { ...publicWriteRateLimit, windowLimit: 20 };

/** Each video call costs money: a handful of starts a minute is plenty for a person. */
export const videoCallRateLimit: NonNullable<Config['rateLimit']> = { ...publicWriteRateLimit, windowLimit: 5 };

/** Sign-in, sign-out and "who is signed in"; sign-in attempts also have their own lock (src/features/accounts/login-throttle.ts). */
export const adminAuthRateLimit: NonNullable<Config['rateLimit']> = { ...publicWriteRateLimit, windowLimit: 30 };
