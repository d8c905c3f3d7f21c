import { beforeEach, describe, expect, it } from 'vitest';
import portfolioFunction from '../../netlify/functions/portfolio';
import insightsFunction from '../../netlify/functions/insights';
import { insightContent } from '../../src/features/content/insights';
import { portfolioContent } from '../../src/features/content/portfolio';
import { searchInsights } from '../../src/features/content/search';
import { seedDemoContent } from '../../src/features/content/seed';
import { queryCount, resetQueryCount } from '../../src/platform/db/client';
import { NEXT_CURSOR_HEADER } from '../../src/http/lists';
import { homeData, insightListData } from '../../src/http/page-data';
import type { Insight } from '../../src/features/content/insight-schema';
import type { PortfolioItem } from '../../src/features/content/portfolio-schema';
import { defaultTaxonomyEntries } from '../../src/features/taxonomy/seed';
import { byLanguage } from '../../src/i18n/languages';
import { testDatabase } from '../helpers/db-setup';
import { insightFixture, portfolioFixture } from '../helpers/fixtures';
import { call, callJson } from '../helpers/functions';

async function clear(kind: 'portfolio' | 'insights') {
  await testDatabase().query('DELETE FROM content WHERE kind = $1', [kind]);
}

/** Changes a stored record's `fields` behind the engine's back, as a hand-made row or an older writer would. */
async function plant(id: string, fields: Record<string, unknown>) {
  await testDatabase().query('UPDATE content SET fields = fields || $1::jsonb WHERE id = $2', [
    JSON.stringify(fields),
    id,
  ]);
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

  it('normalises fields stored in an older shape', async () => {
    const legacy = portfolioFixture(9);
    await portfolioContent.saveMany([legacy]);
    await plant(legacy.id, { metrics: JSON.stringify([{ label: 'ROI', value: '3x' }]), technologies: null });
    const { body } = await callJson<PortfolioItem>(portfolioFunction, `/api/portfolio/${legacy.id}`, {
      params: { id: legacy.id },
    });
    expect(body.title).toEqual(legacy.title);
    expect(body.metrics).toEqual({ en: [{ label: 'ROI', value: '3x' }], es: [{ label: 'ROI', value: '3x' }] });
    expect(body.technologies).toEqual([]);
  });

  it('sanitises rich text again on the way out, for a record that reached the table by other means', async () => {
    const planted = portfolioFixture(8);
    await portfolioContent.saveMany([planted]);
    await plant(planted.id, {
      content: { en: '<p>ok</p><script>alert(1)</script>', es: '<img src=x onerror=alert(1)><p>bien</p>' },
    });
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

  it('answers in one statement for 3 records as for 160, a page at a time by key, newest first', async () => {
    const cost = async (path: string) => {
      resetQueryCount();
      const answer = await callJson<PortfolioItem[]>(portfolioFunction, path);
      return { ...answer, statements: queryCount() };
    };
    const few = await cost('/api/portfolio');
    expect(few.body).toHaveLength(3);
    expect(few.headers.get(NEXT_CURSOR_HEADER)).toBeNull();
    expect(few.statements).toBe(1);

    await portfolioContent.saveMany(Array.from({ length: 157 }, (_, i) => portfolioFixture(100 + i)));
    // The first page: a plain JSON array of the newest 100, as before paging; the cursor of the next in a header.
    const first = await cost('/api/portfolio');
    expect(first.statements).toBe(1);
    expect(first.body).toHaveLength(100);
    expect(first.body[0]!.title.en).toBe('Case study 256');
    expect(first.headers.get('netlify-cache-tag')).toContain('portfolio');
    const cursor = first.headers.get(NEXT_CURSOR_HEADER);
    expect(cursor).toBeTruthy();

    // A record added meanwhile sorts before the first page: the next page neither repeats nor skips a row.
    await portfolioContent.saveMany([portfolioFixture(400)]);
    const second = await cost(`/api/portfolio?cursor=${cursor}`);
    expect(second.statements).toBe(1);
    expect(second.body).toHaveLength(60);
    expect(second.headers.get(NEXT_CURSOR_HEADER)).toBeNull();
    const all = [...first.body, ...second.body].map((item) => item.createdAt);
    expect(new Set(all).size).toBe(160);
    expect(all).toEqual([...all].sort().reverse());

    const small = await cost('/api/portfolio?limit=2');
    expect(small.body.map((item) => item.title.en)).toEqual(['Case study 400', 'Case study 256']);
    expect(small.statements).toBe(1);
    const bad = await callJson<{ message: string; field: string }>(portfolioFunction, '/api/portfolio?limit=500');
    expect(bad).toMatchObject({ status: 400, body: { field: 'limit' } });
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
    expect(ok.body.slugs.en).toBe('insight-3');
    const hidden = await callJson<{ message: string }>(insightsFunction, '/x', { params: { id: draft.id } });
    const unknown = await callJson<{ message: string }>(insightsFunction, '/x', {
      params: { id: '01jd0000000000000000000000' },
    });
    expect(hidden).toMatchObject({ status: 404, body: { message: 'Insight not found' } });
    expect(unknown.body).toEqual(hidden.body);
  });
});

describe('insight search (/insights?q=)', () => {
  const taxonomy = { entries: defaultTaxonomyEntries() };
  const slugs = (found: Insight[] | null) => found?.map((insight) => insight.slugs.en);

  beforeEach(async () => {
    await clear('insights');
    await insightContent.saveMany([
      insightFixture(1, {
        title: { en: 'ERP migrations', es: 'Migraciones de ERP' },
        category: 'Digital Transformation',
      }),
      insightFixture(2, { title: { en: 'AI governance', es: 'Gobernanza de la IA' }, category: 'AI Innovation' }),
      insightFixture(3, { title: { en: 'AI governance drafts', es: 'Borradores' }, published: false, slug: 'hidden' }),
      insightFixture(4, {
        title: { en: 'Only in English', es: '' },
        description: { en: 'Treasury automation.', es: '' },
        category: 'Investment Management',
      }),
    ]);
  });

  it('matches every word in title, description or category, ignoring case and accents, published only', async () => {
    expect(slugs(await searchInsights('erp', 'en', taxonomy))).toEqual(['insight-1']);
    expect(slugs(await searchInsights('GOBERNANZA ia', 'es', taxonomy))).toEqual(['insight-2']);
    expect(slugs(await searchInsights('migracion', 'es', taxonomy))).toEqual(['insight-1']);
    expect(slugs(await searchInsights('innovation', 'en', taxonomy))).toEqual(['insight-2']);
    expect(await searchInsights('erp governance', 'en', taxonomy)).toEqual([]);
    expect(await searchInsights('  ', 'en', taxonomy)).toBeNull();
    expect(await searchInsights('!!', 'en', taxonomy)).toEqual([]);
    // A word typed in part, stemming ("governments" finds "governance"), and text written in one language only.
    expect(slugs(await searchInsights('gover', 'en', taxonomy))).toEqual(['insight-2']);
    expect(slugs(await searchInsights('governments', 'en', taxonomy))).toEqual(['insight-2']);
    expect(slugs(await searchInsights('treasury', 'es', taxonomy))).toEqual(['insight-4']);
    // The category as the Spanish page names it ("Transformación Digital"), and as the firm renamed it.
    expect(slugs(await searchInsights('transformacion', 'es', taxonomy))).toEqual(['insight-1']);
    const renamed = {
      entries: [
        {
          key: 'AI Innovation',
          ...byLanguage(() => 'Applied AI'),
          es: 'IA aplicada',
          uses: ['insight' as const],
        },
      ],
    };
    expect(slugs(await searchInsights('aplicada', 'es', renamed))).toEqual(['insight-2']);
  });

  it('ranks a match in the title before one in the description, in one statement', async () => {
    await insightContent.saveMany([
      insightFixture(5, { description: { en: 'Notes on governance boards.', es: 'Notas.' }, slug: 'boards' }),
    ]);
    resetQueryCount();
    expect(slugs(await searchInsights('governance', 'en', taxonomy))).toEqual(['insight-2', 'boards']);
    expect(queryCount()).toBe(1);
  });

  it('gives the /insights page the matches in its language, reading the list and the insights once each', async () => {
    resetQueryCount();
    const page = await insightListData('gobernanza', 'es');
    // And when the next scheduled insight appears, which bounds how long the CDN keeps the page.
    expect(queryCount()).toBeLessThanOrEqual(3);
    expect(page.status).toBe(200);
    expect(page.data?.map((insight) => insight.slugs.en)).toEqual(['insight-2']);
    const english = await insightListData('', 'en');
    expect(english.data?.map((insight) => insight.slugs.en)).toEqual(['insight-4', 'insight-2', 'insight-1']);
    // Shown in both languages: the English-only insight has a Spanish title on the Spanish page.
    expect((await insightListData('treasury', 'es')).data?.[0]?.title.es).toBe('Only in English');
  });
});

describe('insight search by words, on the demo insights', () => {
  const taxonomy = { entries: defaultTaxonomyEntries() };
  const found = async (query: string, lang: 'en' | 'es') =>
    (await searchInsights(query, lang, taxonomy))?.map((insight) => insight.slugs.en).sort();

  beforeEach(async () => {
    await clear('insights');
    await seedDemoContent();
  });

  it('finds a phrase the intro promises in the text of the articles, in the page language, with stemming', async () => {
    expect(await found('inteligencia artificial', 'es')).toEqual(['ai-governance-for-mid-sized-companies']);
    expect(await found('artificial intelligence', 'en')).toEqual([
      'ai-governance-for-mid-sized-companies',
      'technical-due-diligence-software-deals',
    ]);
    // Plural and singular, stemmed: "inteligencias artificiales", "alfabetización" typed without its accent.
    expect(await found('inteligencias artificiales', 'es')).toEqual(['ai-governance-for-mid-sized-companies']);
    expect(await found('alfabetizacion', 'es')).toEqual(['ai-governance-for-mid-sized-companies']);
    expect(await found('pilotos', 'es')).toEqual(await found('piloto', 'es'));
  });

  it('matches an acronym as the whole word, never the letters that begin other words', async () => {
    const withIa = [
      'ai-governance-for-mid-sized-companies',
      'from-ai-pilot-to-production',
      'technical-due-diligence-software-deals',
    ];
    expect(await found('IA', 'es')).toEqual(withIa);
    expect(await found('AI', 'en')).toEqual(withIa);
    await insightContent.saveMany([
      insightFixture(1, {
        title: { en: 'IaaS contracts and their aims', es: 'Contratos IaaS y sus fines' },
        content: { en: '<p>Analítica de <b>datos</b>.</p>', es: '<p>Analítica de <b>datos</b>.</p>' },
        category: 'Investment Management',
        slug: 'iaas',
      }),
    ]);
    expect(await found('IA', 'es')).toEqual(withIa);
    expect(await found('AI', 'en')).toEqual(withIa);
    expect(await found('IaaS', 'es')).toEqual(['iaas']);
    // A word typed in part still finds the words it begins; accents are folded, in the text too.
    expect(await found('aim', 'en')).toEqual(['iaas']);
    expect(await found('analitica', 'es')).toEqual(['iaas']);
    expect(await found('ANALÍTICAS', 'es')).toEqual(['iaas']);
  });
});

describe('the home page', () => {
  it('shows the newest four public case studies and insights, reading a page of each', async () => {
    await clear('portfolio');
    await clear('insights');
    await portfolioContent.saveMany(Array.from({ length: 6 }, (_, i) => portfolioFixture(i + 1)));
    await insightContent.saveMany([
      ...Array.from({ length: 5 }, (_, i) => insightFixture(i + 1)),
      insightFixture(9, { published: false, slug: 'newest-draft' }),
    ]);
    resetQueryCount();
    const home = await homeData();
    // A page of each list (case studies, insights, team, clients, quotes), the services and categories list, and
    // when the next scheduled insight appears, which bounds how long the CDN keeps the page.
    expect(queryCount()).toBeLessThanOrEqual(7);
    expect(home.data.portfolio?.map((item) => item.title.en)).toEqual([6, 5, 4, 3].map((n) => `Case study ${n}`));
    expect(home.data.insights?.map((insight) => insight.slugs.en)).toEqual([5, 4, 3, 2].map((n) => `insight-${n}`));
  });
});
