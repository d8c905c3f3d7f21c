import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/platform/ids';
import { E2E_ADMIN } from './global-setup';
import { baseUrl, signInCookie, useSiteDatabase } from './helpers';

/**
 * What a client sees from the local server (`netlify serve`, as `netlify dev`) must be what production answers
 * (docs/decisions/0012-netlify-cli-retries-403-and-404-with-html-paths.md): plain HTTP, no browser.
 */

async function answer(path: string, init: RequestInit = {}) {
  const response = await fetch(`${baseUrl()}${path}`, { redirect: 'manual', ...init });
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type') ?? '', text };
}

const JSON_TYPE = 'application/json; charset=utf-8';

describe('the local server answers as production does', () => {
  it('an unknown id: 404 JSON, not a 400 for a malformed "{id}.html"', async () => {
    for (const [path, message] of [
      [`/api/insights/${newId()}`, 'Insight not found'],
      [`/api/portfolio/${newId()}`, 'Portfolio item not found'],
    ] as const) {
      const got = await answer(path);
      expect(got, path).toMatchObject({ status: 404, type: JSON_TYPE });
      expect(JSON.parse(got.text)).toEqual({ message });
    }
    const admin = await signInCookie(E2E_ADMIN.username, E2E_ADMIN.password);
    const deleted = await answer(`/api/newsletters/${newId()}`, {
      method: 'DELETE',
      headers: { cookie: admin, origin: baseUrl() },
    });
    expect(deleted).toMatchObject({ status: 404, type: JSON_TYPE });
    expect(JSON.parse(deleted.text)).toEqual({ message: 'Subscription not found' });
  });

  describe('a refused request: 403 JSON', () => {
    const account = { username: 'e2e-leaver', password: 'leaver password that is long', role: 'investor' as const };
    let cookie = '';
    useSiteDatabase();
    beforeAll(async () => {
      // Written straight into the site's database, as `npm run admin:create` would.
      const { saveUser, setUserActive } = await import('../../src/features/accounts/users-store');
      await saveUser(account);
      cookie = await signInCookie(account.username, account.password);
      await setUserActive(account.username, false);
    });

    it('from another origin, or from a deactivated account on any admin route, whatever its path', async () => {
      const crossOrigin = await answer('/api/upload', { method: 'POST', headers: { origin: 'https://evil.example' } });
      expect(crossOrigin).toMatchObject({ status: 403, type: JSON_TYPE });
      expect(JSON.parse(crossOrigin.text)).toEqual({ message: 'Cross-origin request refused' });
      for (const path of ['/api/contact-messages', '/api/insights/admin', '/api/newsletters']) {
        const got = await answer(path, { headers: { cookie } });
        expect(got, path).toMatchObject({ status: 403, type: JSON_TYPE });
        expect(JSON.parse(got.text)).toEqual({ message: 'Access Denied' });
      }
      const deleted = await answer(`/api/portfolio/${newId()}`, {
        method: 'DELETE',
        headers: { cookie, origin: baseUrl() },
      });
      expect(deleted).toMatchObject({ status: 403, type: JSON_TYPE });
      expect(JSON.parse(deleted.text)).toEqual({ message: 'Access Denied' });
    });
  });

  it('static pages are still found without .html, and an unknown page is the HTML 404 page', async () => {
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Vitest types its asymmetric matchers any
    expect(await answer('/privacy-policy')).toMatchObject({ status: 200, type: expect.stringMatching(/^text\/html/) });
    const missing = await answer('/no-such-page');
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Vitest types its asymmetric matchers any
    expect(missing).toMatchObject({ status: 404, type: expect.stringMatching(/^text\/html/) });
    expect(missing.text).toContain('404 Page Not Found');
  });
});
