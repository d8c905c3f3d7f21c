import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import portfolioFunction from '../../netlify/functions/portfolio';
import insightsFunction from '../../netlify/functions/insights';
import { dataStore } from '../../src/lib/blobs';
import { insightContent } from '../../src/lib/content/kinds/insights';
import { portfolioContent } from '../../src/lib/content/kinds/portfolio';
import type { Insight } from '../../src/lib/schemas/insight';
import type { PortfolioItem } from '../../src/lib/schemas/portfolio';
import { startLocalBlobs, type LocalBlobs } from '../helpers/blobs';
import { insightFixture, portfolioFixture } from '../helpers/fixtures';
import { call, callJson } from '../helpers/functions';

let blobs: LocalBlobs;
beforeAll(async () => {
  blobs = await startLocalBlobs();
});
afterAll(async () => blobs.stop());

async function clear(kind: 'portfolio' | 'insights') {
  const store = dataStore(kind);
  const { blobs: all } = await store.list();
  await Promise.all(all.map((blob) => store.delete(blob.key)));
}

describe('GET /api/portfolio', () => {
  let items: PortfolioItem[];
  beforeEach(async () => {
    await clear('portfolio');
    items = [1, 3, 2].map((n) => portfolioFixture(n));
    await portfolioContent.saveMany(items);
  });

  it('lists every case study newest first, in both languages, cacheable by tag', async () => {
    const { status, body, headers } = await callJson<PortfolioItem[]>(portfolioFunction, '/api/portfolio');
    expect(status).toBe(200);
    expect(body.map((item) => item.title.en)).toEqual(['Case study 3', 'Case study 2', 'Case study 1']);
    expect(body[0]!.title.es).toBe('Caso de éxito 3');
    expect(body[0]!.metrics.es).toEqual([{ label: 'Coste', value: '-20%' }]);
    expect(headers.get('netlify-cache-tag')).toContain('portfolio');
    expect(headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('returns one case study by id', async () => {
    const target = items[1]!;
    const { status, body } = await callJson<PortfolioItem>(portfolioFunction, `/api/portfolio/${target.id}`, {
      params: { id: target.id },
    });
    expect(status).toBe(200);
    expect(body.title).toEqual({ en: 'Case study 3', es: 'Caso de éxito 3' });
  });

  it('normalises a record written in an older shape', async () => {
    const legacy = {
      ...portfolioFixture(9),
      title: 'Legacy title',
      metrics: JSON.stringify([{ label: 'ROI', value: '3x' }]),
    };
    await dataStore('portfolio').setJSON(`items/${legacy.id}`, legacy);
    const { body } = await callJson<PortfolioItem>(portfolioFunction, `/api/portfolio/${legacy.id}`, {
      params: { id: legacy.id },
    });
    expect(body.title).toEqual({ en: 'Legacy title', es: 'Legacy title' });
    expect(body.metrics).toEqual({ en: [{ label: 'ROI', value: '3x' }], es: [{ label: 'ROI', value: '3x' }] });
  });

  it('sanitises rich text again on the way out, for a record that reached Blobs by other means', async () => {
    const planted = {
      ...portfolioFixture(8),
      content: { en: '<p>ok</p><script>alert(1)</script>', es: '<img src=x onerror=alert(1)><p>bien</p>' },
    };
    await dataStore('portfolio').setJSON(`items/${planted.id}`, planted);
    const { body } = await callJson<PortfolioItem>(portfolioFunction, '/x', { params: { id: planted.id } });
    expect(body.content).toEqual({ en: '<p>ok</p>', es: '<p>bien</p>' });
  });

  it('answers 404 JSON for an unknown id and 400 for anything that is not an id', async () => {
    const unknown = await callJson<{ message: string }>(portfolioFunction, '/api/portfolio/x', {
      params: { id: '01jd0000000000000000000000' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Portfolio item not found');
    for (const hostile of [
      'index',
      '../index',
      'items/..',
      '..%2F..%2Fusers',
      'A'.repeat(5000),
      `${items[0]!.id.toUpperCase()}`,
    ]) {
      const response = await callJson<{ message: string; field: string }>(portfolioFunction, '/api/portfolio/x', {
        params: { id: hostile },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: 'Invalid id', field: 'id' });
    }
  });

  it('refuses a method it does not serve with 405 and Allow', async () => {
    const response = await call(portfolioFunction, '/api/portfolio', { method: 'PATCH' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toContain('GET');
  });

  it('makes the same number of Blobs requests for 3 records as for 60', async () => {
    await callJson(portfolioFunction, '/api/portfolio');
    blobs.resetRequests();
    await callJson(portfolioFunction, '/api/portfolio');
    const few = blobs.requests();
    await portfolioContent.saveMany(Array.from({ length: 57 }, (_, i) => portfolioFixture(100 + i)));
    blobs.resetRequests();
    const { body } = await callJson<PortfolioItem[]>(portfolioFunction, '/api/portfolio');
    expect(body).toHaveLength(60);
    expect(blobs.requests()).toBe(few);
    expect(few).toBe(1);
  });
});

describe('GET /api/insights', () => {
  let published: Insight[];
  let draft: Insight;
  beforeEach(async () => {
    await clear('insights');
    published = [insightFixture(1), insightFixture(2), insightFixture(3)];
    // Published later than it was written: sorts by publishedAt first.
    published[0] = { ...published[0]!, publishedAt: '2025-06-01T00:00:00.000Z' };
    // An old record with no publishedAt falls back to createdAt.
    published[1] = { ...published[1]!, publishedAt: null };
    draft = insightFixture(4, { published: false, slug: 'draft' });
    await insightContent.saveMany([...published, draft]);
  });

  it('lists published insights only, newest first by publishedAt then createdAt', async () => {
    const { status, body } = await callJson<Insight[]>(insightsFunction, '/api/insights');
    expect(status).toBe(200);
    expect(body.map((insight) => insight.title.en)).toEqual(['Insight 1', 'Insight 3', 'Insight 2']);
    expect(body.map((insight) => insight.title.es)).toContain('Artículo 3');
  });

  it('shows a published insight and hides a draft behind the same 404 as an unknown id', async () => {
    const ok = await callJson<Insight>(insightsFunction, '/x', { params: { id: published[2]!.id } });
    expect(ok.status).toBe(200);
    expect(ok.body.slug).toBe('insight-3');
    const hidden = await callJson<{ message: string }>(insightsFunction, '/x', { params: { id: draft.id } });
    const unknown = await callJson<{ message: string }>(insightsFunction, '/x', {
      params: { id: '01jd0000000000000000000000' },
    });
    expect(hidden).toMatchObject({ status: 404, body: { message: 'Insight not found' } });
    expect(unknown.body).toEqual(hidden.body);
  });
});
