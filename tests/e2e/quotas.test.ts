import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { es } from '../../src/i18n/es';
import { resetEnvCache } from '../../src/platform/env';
import { QUOTAS, siteQuota, VIDEO_CALLS, visitorQuota } from '../../src/features/quotas/quotas';
import { database } from '../../src/platform/db/client';
import { dailyQuotas } from '../../src/features/quotas/tables';
import { utcDay, type DailyQuota } from '../../src/features/quotas/store';
import { VISITOR_CAP_REACHED } from '../../src/features/video/tavus';
import { E2E_IP_HASH_SECRET } from './global-setup';
import { baseUrl, hydrated, useBrowser, useSiteDatabase } from './helpers';

/**
 * Daily quotas on the served site (`netlify serve`: each function invocation in a worker thread of its own, the
 * test run's database), and what the page says when one is spent, in its language. The browser and this process both
 * reach the site at 127.0.0.1, so the site sees them as one visitor.
 */
const browser = useBrowser();
const VISITOR = '127.0.0.1';
const site = () => baseUrl().replace('//localhost', `//${VISITOR}`);

useSiteDatabase();

/** Empties the site's daily quotas: every quota starts the day unused, for this file and the ones after it. */
async function clearQuotas() {
  await database().delete(dailyQuotas);
}

beforeAll(async () => {
  process.env['IP_HASH_SECRET'] = E2E_IP_HASH_SECRET;
  resetEnvCache();
  await clearQuotas();
});
afterEach(async () => clearQuotas());

/** Counts `uses` uses of a quota today, as the site's own takes would. */
async function spend(quota: DailyQuota, uses: number) {
  await database()
    .insert(dailyQuotas)
    .values({ quota: quota.prefix, day: utcDay(new Date()), subject: quota.subject ?? '', used: uses })
    .onConflictDoUpdate({
      target: [dailyQuotas.quota, dailyQuotas.day, dailyQuotas.subject],
      set: { used: uses },
    });
}
const visitorShare = (name: string) => visitorQuota(siteQuota(name), VISITOR, new Date());

async function steerTavus(status: number, body: unknown) {
  await fetch(`${inject('fakeTavus')}/__control`, { method: 'POST', body: JSON.stringify({ status, body }) });
}

async function errorToast(page: Page): Promise<string> {
  await expect.poll(() => page.locator('[data-toast="error"]').count(), { timeout: 15_000 }).toBe(1);
  return (await page.locator('[data-toast="error"]').textContent()) ?? '';
}

describe('video calls', () => {
  it('starts exactly 2 calls for 12 simultaneous starts from one address; then the card says so in Spanish', async () => {
    await steerTavus(200, { conversation_id: 'ce2equota', conversation_url: 'https://tavus.daily.co/ce2equota' });
    const answers = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const response = await fetch(`${site()}/api/tavus/conversation`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ language: 'es' }),
        });
        return {
          status: response.status,
          retryAfter: Number(response.headers.get('retry-after')),
          body: (await response.json()) as { message?: string },
        };
      }),
    );
    expect(answers.filter(({ status }) => status === 201)).toHaveLength(2);
    const refused = answers.filter(({ status }) => status === 429);
    expect(refused).toHaveLength(10);
    for (const answer of refused) {
      expect(answer.body).toEqual({ message: VISITOR_CAP_REACHED });
      expect(answer.retryAfter).toBeGreaterThan(0);
      expect(answer.retryAfter).toBeLessThanOrEqual(86_400);
    }

    const page = await browser.page({ allowFailedRequests: true });
    await page.goto(`${site()}/es/#contact`);
    await page.getByRole('button', { name: es['video.start'] }).click();
    expect(await errorToast(page)).toContain(es['limit.video']);
    expect(await page.locator('[data-video-placeholder]').isVisible()).toBe(true);
    await page.close();
  });

  it("says video calls are not available when the site's calls for the day are spent (503, English)", async () => {
    await spend(VIDEO_CALLS, 50);
    const page = await browser.page({ allowFailedRequests: true });
    await page.goto(`${site()}/#contact`);
    await page.getByRole('button', { name: en['video.start'] }).click();
    expect(await errorToast(page)).toContain(en['video.notConfigured']);
    await page.close();
  });
});

describe('forms and chat past the day’s quota', () => {
  it('the contact form says the day’s limit is reached (Spanish)', async () => {
    await spend(visitorShare(QUOTAS.contact.name), QUOTAS.contact.perIp);
    const page = await browser.page({ allowFailedRequests: true });
    await page.goto(`${site()}/es/#contact`);
    const form = page.locator('[data-contact-form]');
    await hydrated(page, '[data-contact-form]');
    await form.getByLabel(es['form.name']).fill('Pablo Ortega');
    await form.getByLabel(es['form.email'], { exact: true }).fill('pablo.quota@e2e.example');
    await form.getByLabel(es['form.message']).fill('¿Pueden llamarme esta semana?');
    await form.getByRole('button', { name: es['form.send'] }).click();
    const toast = await errorToast(page);
    expect(toast).toContain(es['limit.title']);
    expect(toast).toContain(es['limit.contact']);
    // The form keeps what was typed, to send tomorrow.
    expect(await form.getByLabel(es['form.name']).inputValue()).toBe('Pablo Ortega');
    await page.close();
  });

  it('the newsletter form says the day’s limit for sign-ups is reached (Spanish)', async () => {
    await spend(visitorShare(QUOTAS.newsletter.name), QUOTAS.newsletter.perIp);
    const page = await browser.page({ allowFailedRequests: true });
    await page.goto(`${site()}/es/#newsletter`);
    for (const [form, label] of [['fullName', es['form.fullName']]] as const) {
      const newsletter = page.locator(`[data-newsletter-form="${form}"]`);
      await newsletter.scrollIntoViewIfNeeded();
      await hydrated(page, `[data-newsletter-form="${form}"]`);
      await newsletter.getByLabel(label).fill('Lucía Gómez');
      await newsletter.getByLabel(es['form.email']).fill(`lucia.${form}@e2e.example`);
      await newsletter.getByRole('button', { name: es['form.subscribe'] }).click();
      expect(await errorToast(page)).toContain(es['limit.newsletter']);
      await page.locator('[data-toast="error"] button').click();
      await expect.poll(() => page.locator('[data-toast="error"]').count()).toBe(0);
    }
    await page.close();
  });

  it('the chat panel says the day’s chat limit is reached (English)', async () => {
    await spend(visitorShare(QUOTAS.chat.name), QUOTAS.chat.perIp);
    const page = await browser.page({ allowFailedRequests: true });
    await page.goto(`${site()}/privacy-policy`);
    await page.getByRole('button', { name: en['chat.open'] }).click();
    await page.locator('[data-chat-panel]').waitFor();
    const bots = page.locator('[data-sender="bot"]');
    await page.locator('#chat-input').fill('What do you do in logistics?');
    await page.keyboard.press('Enter');
    await expect.poll(() => bots.count(), { timeout: 15_000 }).toBe(2);
    expect(await bots.last().textContent()).toBe(en['limit.chat']);
    await page.close();
  });
});
