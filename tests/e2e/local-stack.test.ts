import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/platform/ids';
import { E2E_ADMIN } from './global-setup';
import { adminApi, baseUrl, signInCookie, useSiteDatabase } from './helpers';

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

  it('routes the meetings API: slots, a booking (JSON and form), the second booking of a slot, a cancellation', async () => {
    const admin = adminApi(await signInCookie(E2E_ADMIN.username, E2E_ADMIN.password));
    const settings = (hours: Array<{ weekday: number; startMinute: number; endMinute: number }>) =>
      admin('/api/meetings/settings', {
        method: 'PUT',
        body: JSON.stringify({ hours, daysOff: [], noticeMinutes: 0, bufferMinutes: 0, meetingLink: null }),
      });
    // The admin offers every half hour of the week for this test only.
    const allWeek = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute: 0, endMinute: 1440 }));
    expect((await settings(allWeek)).status).toBe(200);
    try {
      const slots = await answer('/api/meetings/slots?days=2');
      expect(slots).toMatchObject({ status: 200, type: JSON_TYPE });
      const { timeZone, slots: free } = JSON.parse(slots.text) as {
        timeZone: string;
        slots: Array<{ start: string; partnerId: string }>;
      };
      expect(timeZone).toBe('Europe/Madrid');
      expect(free.length).toBeGreaterThan(10);
      const fields = (slot: { start: string; partnerId: string }) => ({
        start: slot.start,
        partnerId: slot.partnerId,
        name: 'E2E Visitor',
        email: 'e2e.visitor@example.com',
        topic: 'An introductory call',
        consent: 'on',
      });
      const post = (body: string, type: string, path = '/api/meetings') =>
        answer(path, { method: 'POST', headers: { 'content-type': type }, body });
      const booked = await post(JSON.stringify({ ...fields(free[0]!), consent: true }), 'application/json');
      expect(booked).toMatchObject({ status: 201, type: JSON_TYPE });
      const again = await post(JSON.stringify({ ...fields(free[0]!), consent: true }), 'application/json');
      expect(again).toMatchObject({ status: 409, type: JSON_TYPE });
      const form = await fetch(`${baseUrl()}/api/meetings?lang=es`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields(free[1]!)).toString(),
      });
      expect(form.status).toBe(303);
      expect(form.headers.get('location')).toBe(`/es/book/confirmed?start=${encodeURIComponent(free[1]!.start)}`);
      const { id } = JSON.parse(booked.text) as { id: string };
      const cancel = await post(
        JSON.stringify({ token: 'x'.repeat(43) }),
        'application/json',
        `/api/meetings/${id}/cancel`,
      );
      expect(cancel).toMatchObject({ status: 404, type: JSON_TYPE });
      const list = await admin('/api/meetings');
      expect(list.status).toBe(200);
      const { upcoming } = (await list.json()) as { upcoming: Array<{ id: string }> };
      expect(upcoming.map((meeting) => meeting.id)).toContain(id);
    } finally {
      expect((await settings([])).status).toBe(200);
    }
  });
});
