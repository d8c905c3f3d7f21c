import bcrypt from 'bcryptjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BCRYPT_COST, TEST_BCRYPT_COST, bcryptCost, dummyHash } from '../../src/features/accounts/bcrypt-cost';
import { hashPassword } from '../../src/features/accounts/users-store';

const PASSWORD = 'a password that is long enough';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe("bcrypt's cost", () => {
  it('is 12 outside Vitest, where the site runs: a stored hash and the dummy hash alike', async () => {
    expect(BCRYPT_COST).toBe(12);
    vi.stubEnv('VITEST', undefined);
    // NODE_ENV=test alone is not enough: a shell could export it and run `npm run admin:create` against a deploy.
    vi.stubEnv('NODE_ENV', 'test');
    expect(bcryptCost()).toBe(12);
    expect(bcrypt.getRounds(await hashPassword(PASSWORD))).toBe(12);
    // A whole hash, so that checking it does the full work (bcryptjs answers a malformed one at once).
    expect(dummyHash()).toMatch(/^\$2b\$12\$[./A-Za-z0-9]{53}$/);
  });

  it('is the lowest bcryptjs takes, 4, for a hash made in these tests, and the dummy hash follows', async () => {
    expect(TEST_BCRYPT_COST).toBe(4);
    expect(bcryptCost()).toBe(4);
    const hash = await hashPassword(PASSWORD);
    expect(bcrypt.getRounds(hash)).toBe(4);
    expect(await bcrypt.compare(PASSWORD, hash)).toBe(true);
    expect(dummyHash()).toMatch(/^\$2b\$04\$[./A-Za-z0-9]{53}$/);
    expect(await bcrypt.compare(PASSWORD, dummyHash())).toBe(false);
  });

  it('stays 12 under Vitest wherever a deploy could be: CONTEXT=production, a deploy request, AWS Lambda', () => {
    const deploys: [string, string][] = [
      ['CONTEXT', 'production'],
      ['CONTEXT', 'deploy-preview'],
      ['CONTEXT', 'branch-deploy'],
      ['AWS_LAMBDA_FUNCTION_NAME', 'site-login'],
    ];
    for (const [name, value] of deploys) {
      vi.stubEnv(name, value);
      expect(bcryptCost(), `${name}=${value}`).toBe(12);
      expect(bcrypt.getRounds(dummyHash())).toBe(12);
      vi.unstubAllEnvs();
    }
    // In a deployed function the deploy context comes from the request, not from CONTEXT.
    vi.stubGlobal('Netlify', { context: { deploy: { context: 'production' } } });
    expect(bcryptCost()).toBe(12);
    vi.stubGlobal('Netlify', { context: { deploy: { context: 'deploy-preview' } } });
    expect(bcryptCost()).toBe(12);
  });

  it('is 4 under netlify serve for the browser tests, which emulates a production deploy but marks itself local', () => {
    // What a function saw under `netlify serve` in the browser tests (tests/e2e/global-setup.ts passes VITEST).
    vi.stubEnv('CONTEXT', 'production');
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'handler');
    vi.stubGlobal('Netlify', { context: { deploy: { context: 'production' } } });
    expect(bcryptCost()).toBe(12);
    vi.stubEnv('NETLIFY_LOCAL', 'true');
    expect(bcryptCost()).toBe(4);
    expect(bcrypt.getRounds(dummyHash())).toBe(4);
    vi.stubEnv('VITEST', undefined);
    expect(bcryptCost()).toBe(12);
  });
});
