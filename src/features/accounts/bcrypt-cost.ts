import { deployContext } from '../../platform/env';

/** bcrypt's cost for every stored password: 2^12 rounds. */
export const BCRYPT_COST = 12;
/** The lowest cost bcryptjs takes, for test runs only: a sign-in's check in about a millisecond. */
export const TEST_BCRYPT_COST = 4;

/**
 * The cost to hash with now: BCRYPT_COST, or TEST_BCRYPT_COST under Vitest (VITEST=true, which Vitest sets and the
 * browser tests pass to the site they serve) and only outside any deploy: never with CONTEXT=production, never in a
 * request of a deploy (any deploy context but local development), never on AWS Lambda, where Netlify runs functions.
 * netlify-cli's local servers emulate all three (measured under `netlify serve`: CONTEXT=production,
 * AWS_LAMBDA_FUNCTION_NAME=handler) and mark themselves with NETLIFY_LOCAL or NETLIFY_DEV, which a deploy never has.
 * Not NODE_ENV=test: a shell that exports it could run `npm run admin:create` against a deployed database. Read from
 * the environment at each call, so no build can fix a cost into a bundle.
 */
export function bcryptCost(): number {
  const environment = process.env;
  const underTest = environment['VITEST'] === 'true';
  const local = Boolean(environment['NETLIFY_LOCAL'] || environment['NETLIFY_DEV']);
  const deployed =
    environment['CONTEXT'] === 'production' ||
    deployContext() !== 'dev' ||
    Boolean(environment['AWS_LAMBDA_FUNCTION_NAME']);
  return underTest && (local || !deployed) ? TEST_BCRYPT_COST : BCRYPT_COST;
}

/**
 * A hash of a random password nobody knows, at the cost real hashes have now. An unknown username is checked against
 * it, so the answer and its timing are the same as for a known username with a wrong password.
 */
export function dummyHash(): string {
  return bcryptCost() === TEST_BCRYPT_COST
    ? '$2b$04$usTt1ZgCMPBmZTEJfdqMQu/kmu7Yfpo31Z8lKl4k4iD9q/KwjPaQG'
    : '$2b$12$NndVce/JkYdF2rDSfKJmNORkTSguDxoUKQBaLJxTiNDCeIDoaWr5q';
}
