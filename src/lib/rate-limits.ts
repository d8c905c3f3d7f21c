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
