import { readFileSync } from 'node:fs';
import type { APIContext } from 'astro';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import insightsFunction from '../../netlify/functions/insights';
import portfolioFunction from '../../netlify/functions/portfolio';
import insightPublishing from '../../netlify/functions/insight-publishing';
import portfolioPublishing from '../../netlify/functions/portfolio-publishing';
import { STALE_EDIT } from '../../src/features/content/engine';
import { insightContent, SLUG_TAKEN } from '../../src/features/content/insights';
import { portfolioContent } from '../../src/features/content/portfolio';
import { insightReadTime, type Insight } from '../../src/features/content/insight-schema';
import type { PortfolioItem } from '../../src/features/content/portfolio-schema';
import { searchInsights } from '../../src/features/content/search';
import { siteKnowledge } from '../../src/features/chat/knowledge';
import { defaultTaxonomyEntries } from '../../src/features/taxonomy/seed';
import { rssResponse, sitemapResponse } from '../../src/http/feed-routes';
import { insightData, portfolioItemData, relatedInsights } from '../../src/http/page-data';
import { setClock } from '../../src/platform/clock';
import { socialImagePath } from '../../src/features/content/seo';
import { asAdmin, useAdminBench } from '../helpers/admin';
import { testDatabase } from '../helpers/db-setup';
import { insightFixture, portfolioFixture } from '../helpers/fixtures';
import { call, callJson } from '../helpers/functions';

const bench = useAdminBench();

const feedContext = { site: new URL('https://vantia.example'), url: new URL('https://vantia.example/') } as APIContext;
const sitemap = async () => (await sitemapResponse(feedContext)).text();
const rss = async (lang: 'en' | 'es') => (await rssResponse(feedContext, lang)).text();

const insightBody = {
  title: { en: 'Five questions before an AI pilot', es: 'Cinco preguntas antes de un piloto de IA' },
  description: { en: 'What to settle first.', es: 'Qué decidir primero.' },
  content: { en: '<p>Start with the metric.</p>', es: '<p>Empiece por la métrica.</p>' },
  imageUrl: '/images/demo/insight-ai-governance.jpg',
  category: 'AI Innovation',
  slugs: { en: 'ai-pilot', es: 'piloto-ia' },
  author: '',
  published: true,
};

const portfolioBody = {
  title: { en: 'A data platform for a port operator', es: 'Una plataforma de datos para un operador portuario' },
  description: { en: 'Berth planning in hours, not days.', es: 'Planificación de atraques en horas, no días.' },
  content: { en: '<p>We rebuilt it.</p>', es: '<p>Lo reconstruimos.</p>' },
  imageUrl: '/images/demo/case-1.jpg',
  metrics: { en: [], es: [] },
};

function send<T>(
  fn: typeof insightsFunction,
  method: string,
  path: string,
  params: Record<string, string>,
  body?: unknown,
) {
  return callJson<T>(fn, path, asAdmin(bench.cookie(), { method, params, ...(body === undefined ? {} : { body }) }));
}

const createInsight = async (body: Record<string, unknown> = {}) => {
  const created = await send<Insight>(insightsFunction, 'POST', '/api/insights', {}, { ...insightBody, ...body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
};

beforeEach(async () => {
  setClock(null);
  await testDatabase().query('DELETE FROM content');
});
afterEach(() => setClock(null));

describe('readable addresses', () => {
  it('answers an insight at its slug in each language, and 301 from its id or the other language’s slug', async () => {
    const insight = await createInsight();
    expect(insight.slugs).toEqual({ en: 'ai-pilot', es: 'piloto-ia' });

    const english = await insightData('ai-pilot', 'en');
    expect(english.status).toBe(200);
    expect(english.data?.id).toBe(insight.id);
    expect(english.paths).toEqual({ en: '/insights/ai-pilot', es: '/insights/piloto-ia' });
    expect((await insightData('piloto-ia', 'es')).status).toBe(200);

    expect(await insightData(insight.id, 'en')).toMatchObject({ status: 301, redirect: '/insights/ai-pilot' });
    expect(await insightData(insight.id, 'es')).toMatchObject({ status: 301, redirect: '/es/insights/piloto-ia' });
    expect(await insightData('ai-pilot', 'es')).toMatchObject({ status: 301, redirect: '/es/insights/piloto-ia' });
    expect((await insightData('no-such-insight', 'en')).status).toBe(404);
  });

  it('makes a case study’s slugs from its titles, and answers them the same way', async () => {
    const created = await send<PortfolioItem>(portfolioFunction, 'POST', '/api/portfolio', {}, portfolioBody);
    expect(created.status).toBe(201);
    const { id, slugs } = created.body;
    expect(slugs).toEqual({
      en: 'a-data-platform-for-a-port-operator',
      es: 'una-plataforma-de-datos-para-un-operador-portuario',
    });
    expect((await portfolioItemData(slugs.en, 'en')).status).toBe(200);
    expect((await portfolioItemData(slugs.es, 'es')).status).toBe(200);
    expect(await portfolioItemData(id, 'es')).toMatchObject({ status: 301, redirect: `/es/portfolio/${slugs.es}` });

    // The same title again: its slugs get a number rather than a 409 on a field nobody typed.
    const again = await send<PortfolioItem>(portfolioFunction, 'POST', '/api/portfolio', {}, portfolioBody);
    expect(again.status).toBe(201);
    expect(again.body.slugs.en).toBe('a-data-platform-for-a-port-operator-2');
  });

  it('keeps an old slug redirecting after a change, and the sitemap and RSS use the new one', async () => {
    const insight = await createInsight();
    const renamed = await send<Insight>(
      insightsFunction,
      'PUT',
      '/x',
      { id: insight.id },
      { ...insightBody, slugs: { en: 'ai-pilot-questions' }, version: insight.version },
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.slugs).toEqual({ en: 'ai-pilot-questions', es: 'piloto-ia' });

    expect(await insightData('ai-pilot', 'en')).toMatchObject({
      status: 301,
      redirect: '/insights/ai-pilot-questions',
    });
    expect((await insightData('ai-pilot-questions', 'en')).status).toBe(200);

    const map = await sitemap();
    expect(map).toContain('<loc>https://vantia.example/insights/ai-pilot-questions</loc>');
    expect(map).toContain('<loc>https://vantia.example/es/insights/piloto-ia</loc>');
    expect(map).toContain('hreflang="es" href="https://vantia.example/es/insights/piloto-ia"');
    expect(map).not.toContain('/insights/ai-pilot<');
    expect(map).not.toContain(insight.id);
    expect(await rss('en')).toContain('<link>https://vantia.example/insights/ai-pilot-questions</link>');
    expect(await rss('es')).toContain('<link>https://vantia.example/es/insights/piloto-ia</link>');
  });

  it('refuses another insight’s current slug (409), and lets an old one be taken, ending its redirect', async () => {
    const first = await createInsight();
    const clash = await send<{ message: string; field: string }>(
      insightsFunction,
      'POST',
      '/api/insights',
      {},
      { ...insightBody, slugs: { en: 'ai-pilot', es: 'otro' } },
    );
    expect(clash).toMatchObject({ status: 409, body: { message: SLUG_TAKEN, field: 'slug' } });

    await send(insightsFunction, 'PUT', '/x', { id: first.id }, { ...insightBody, slugs: { en: 'renamed' } });
    const second = await createInsight({ slugs: { en: 'ai-pilot', es: 'otro' } });
    const page = await insightData('ai-pilot', 'en');
    expect(page.status).toBe(200);
    expect(page.data?.id).toBe(second.id);
  });

  it('gives records stored before slugs existed their addresses when the migration runs', async () => {
    const older = insightFixture(1, { slug: 'older-insight' });
    const cases = [portfolioFixture(1), portfolioFixture(2, { title: { en: 'Case study 1', es: 'Árbol ñandú' } })];
    await insightContent.saveMany([older]);
    await portfolioContent.saveMany(cases);
    // As they were: an insight's one slug in its fields, a case study with none; no rows of content_slugs.
    const db = testDatabase();
    await db.query('DELETE FROM content_slugs');
    await db.query(
      `UPDATE content SET fields = (fields - 'slugs') || '{"slug": "older-insight"}', slug = 'older-insight' WHERE kind = 'insights'`,
    );
    await db.query(`UPDATE content SET fields = fields - 'slugs', slug = NULL WHERE kind = 'portfolio'`);
    const migration = readFileSync('netlify/database/migrations/0002_publishing.sql', 'utf8').split(
      '--> statement-breakpoint',
    );
    for (const statement of migration.filter((text) => /^\s*--/.test(text))) await db.query(statement);

    expect((await insightData('older-insight', 'es')).status).toBe(200);
    expect((await portfolioContent.get(cases[0]!.id))?.slugs).toEqual({ en: 'case-study-1', es: 'caso-de-exito-1' });
    expect((await portfolioContent.get(cases[1]!.id))?.slugs).toEqual({ en: 'case-study-1-2', es: 'arbol-nandu' });
    expect(await portfolioItemData('case-study-1-2', 'en')).toMatchObject({ status: 200 });
    expect(await portfolioItemData(cases[1]!.id, 'es')).toMatchObject({ redirect: '/es/portfolio/arbol-nandu' });
  });

  it('reads an older insight’s one slug as its slug in every language', async () => {
    const older = insightFixture(1, { slug: 'older-slug' });
    await insightContent.saveMany([older]);
    expect((await insightContent.get(older.id))?.slugs).toEqual({ en: 'older-slug', es: 'older-slug' });
    expect((await insightData('older-slug', 'es')).status).toBe(200);
  });
});

describe('scheduled publication', () => {
  it('keeps a published insight dated in the future out of every public read until the clock passes it', async () => {
    setClock(new Date('2030-01-01T08:00:00Z'));
    const scheduled = await createInsight({ publishedAt: '2030-01-01T09:00:00Z' });
    expect(scheduled).toMatchObject({ published: true, publishedAt: '2030-01-01T09:00:00.000Z' });

    const taxonomy = { entries: defaultTaxonomyEntries() };
    const knowledgeUrls = async () => [...(await siteKnowledge('en')).pages.values()].map((page) => page.url);
    const list = await call(insightsFunction, '/api/insights');
    expect(await list.json()).toEqual([]);
    // The CDN keeps the list no longer than the hour until it changes.
    expect(list.headers.get('netlify-cdn-cache-control')).toBe('public, durable, s-maxage=3600');
    expect((await call(insightsFunction, '/x', { params: { id: scheduled.id } })).status).toBe(404);
    expect((await insightData('ai-pilot', 'en')).status).toBe(404);
    expect(await sitemap()).not.toContain('ai-pilot');
    expect(await rss('en')).not.toContain('ai-pilot');
    expect(await searchInsights('pilot', 'en', taxonomy)).toEqual([]);
    expect(await knowledgeUrls()).not.toContain('/insights/ai-pilot');

    setClock(new Date('2030-01-01T09:00:01Z'));
    const after = await call(insightsFunction, '/api/insights');
    expect(((await after.json()) as Insight[]).map((insight) => insight.id)).toEqual([scheduled.id]);
    expect(after.headers.get('netlify-cdn-cache-control')).toContain('s-maxage=31536000');
    expect((await call(insightsFunction, '/x', { params: { id: scheduled.id } })).status).toBe(200);
    expect((await insightData('ai-pilot', 'en')).status).toBe(200);
    expect(await sitemap()).toContain('/insights/ai-pilot');
    expect(await rss('en')).toContain('/insights/ai-pilot');
    expect((await searchInsights('pilot', 'en', taxonomy))?.map((insight) => insight.id)).toEqual([scheduled.id]);
    expect(await knowledgeUrls()).toContain('/insights/ai-pilot');
  });
});

describe('revisions', () => {
  it('lists every save newest first, returns one, and restores it as a new save', async () => {
    const insight = await createInsight();
    const second = await send<Insight>(
      insightsFunction,
      'PUT',
      '/x',
      { id: insight.id },
      { ...insightBody, title: { en: 'Second title', es: 'Segundo título' }, version: 1 },
    );
    await send(
      insightsFunction,
      'PUT',
      '/x',
      { id: insight.id },
      { ...insightBody, title: { en: 'Third', es: 'Tercero' }, version: 2 },
    );

    const path = `/api/insights/${insight.id}/revisions`;
    const revisions = await send<
      Array<{ id: string; savedAt: string; savedBy: { name: string }; title: { en: string } }>
    >(insightPublishing, 'GET', path, { id: insight.id });
    expect(revisions.status).toBe(200);
    expect(revisions.body.map((revision) => revision.title.en)).toEqual([
      'Third',
      'Second title',
      'Five questions before an AI pilot',
    ]);
    expect(revisions.body[0]?.savedBy.name).toBe('partner');
    expect(revisions.body[1]?.savedAt).toBe(second.body.updatedAt);

    const oldest = revisions.body[2]!;
    const one = await send<Insight>(insightPublishing, 'GET', `${path}/${oldest.id}`, {
      id: insight.id,
      revisionId: oldest.id,
    });
    expect(one.body).toMatchObject({ id: insight.id, version: 1, title: insightBody.title });

    const stale = await send(
      insightPublishing,
      'POST',
      `${path}/${oldest.id}/restore`,
      { id: insight.id, revisionId: oldest.id },
      { version: 2 },
    );
    expect(stale).toMatchObject({ status: 409, body: { message: STALE_EDIT, field: 'version' } });
    const restored = await send<Insight>(
      insightPublishing,
      'POST',
      `${path}/${oldest.id}/restore`,
      { id: insight.id, revisionId: oldest.id },
      { version: 3 },
    );
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ title: insightBody.title, version: 4 });
    expect((await insightContent.get(insight.id))?.title).toEqual(insightBody.title);
    const after = await send<unknown[]>(insightPublishing, 'GET', path, { id: insight.id });
    expect(after.body).toHaveLength(4);

    // Admins only; and deleting the insight deletes its revisions.
    expect((await call(insightPublishing, path, { params: { id: insight.id } })).status).toBe(401);
    await send(insightsFunction, 'DELETE', '/x', { id: insight.id });
    const left = await testDatabase().query('SELECT count(*)::int AS n FROM content_revisions');
    expect(left).toEqual([{ n: 0 }]);
  });

  it("keeps a run of one partner's autosaves as one revision, and every save pressed as its own", async () => {
    setClock(new Date('2030-03-01T09:00:00Z'));
    const insight = await createInsight({ published: false });
    let version = insight.version;
    const save = async (title: string, autosave: boolean) => {
      const saved = await send<Insight>(
        insightsFunction,
        'PUT',
        autosave ? '/x?autosave=1' : '/x',
        { id: insight.id },
        { ...insightBody, published: false, title: { en: title, es: title }, version },
      );
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      version = saved.body.version;
    };
    const titles = async () => {
      const path = `/api/insights/${insight.id}/revisions`;
      const listed = await send<Array<{ title: { en: string } }>>(insightPublishing, 'GET', path, { id: insight.id });
      return listed.body.map((revision) => revision.title.en);
    };
    const created = insightBody.title.en;

    // Typing with pauses: three autosaves within minutes are one revision, the newest text.
    for (const [minute, title] of [
      [1, 'Dra'],
      [2, 'Draft'],
      [4, 'Draft one'],
    ] as const) {
      setClock(new Date(`2030-03-01T09:0${minute}:00Z`));
      await save(title, true);
    }
    expect(await titles()).toEqual(['Draft one', created]);

    // Update pressed: its own revision; the autosave after it starts a new one.
    setClock(new Date('2030-03-01T09:05:00Z'));
    await save('Pressed', false);
    setClock(new Date('2030-03-01T09:06:00Z'));
    await save('After pressed', true);
    expect(await titles()).toEqual(['After pressed', 'Pressed', 'Draft one', created]);

    // More than ten minutes after the last autosave: a new revision too.
    setClock(new Date('2030-03-01T09:17:00Z'));
    await save('Next morning coffee', true);
    expect(await titles()).toEqual(['Next morning coffee', 'After pressed', 'Pressed', 'Draft one', created]);
  });

  it('restores an earlier text without its publication state: an unpublished insight stays unpublished', async () => {
    const insight = await createInsight();
    expect((await insightData('ai-pilot', 'en')).status).toBe(200);
    // Taken down, with a new text.
    await send(
      insightsFunction,
      'PUT',
      '/x',
      { id: insight.id },
      { ...insightBody, title: { en: 'Withdrawn', es: 'Retirado' }, published: false, version: 1 },
    );
    const path = `/api/insights/${insight.id}/revisions`;
    const revisions = await send<Array<{ id: string }>>(insightPublishing, 'GET', path, { id: insight.id });
    const first = revisions.body[1]!;
    const restored = await send<Insight>(
      insightPublishing,
      'POST',
      `${path}/${first.id}/restore`,
      { id: insight.id, revisionId: first.id },
      { version: 2 },
    );
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ title: insightBody.title, published: false, version: 3 });
    expect((await insightData('ai-pilot', 'en')).status).toBe(404);
    const list = await call(insightsFunction, '/api/insights');
    expect(((await list.json()) as Insight[]).map((one) => one.id)).not.toContain(insight.id);
  });

  it('answers each path only its own action, and refuses a slug shaped like a record id', async () => {
    const insight = await createInsight();
    const path = `/api/insights/${insight.id}/revisions`;
    const [first] = (await send<Array<{ id: string }>>(insightPublishing, 'GET', path, { id: insight.id })).body;
    // A POST to a revision itself restores nothing; a GET of the preview path lists nothing.
    const posted = await send(
      insightPublishing,
      'POST',
      `${path}/${first!.id}`,
      { id: insight.id, revisionId: first!.id },
      { version: 1 },
    );
    expect(posted.status).toBe(404);
    expect(
      (await send(insightPublishing, 'GET', `/api/insights/${insight.id}/preview`, { id: insight.id })).status,
    ).toBe(404);
    expect((await insightContent.get(insight.id))?.version).toBe(1);

    const idShaped = await send<{ field: string }>(
      insightsFunction,
      'PUT',
      '/x',
      { id: insight.id },
      { ...insightBody, slugs: { en: insight.id, es: 'piloto-ia' }, version: 1 },
    );
    expect(idShaped.status).toBe(400);
    expect(idShaped.body.field).toMatch(/^slugs/);
  });

  it('lists each save with what it changed from the one before, and only what the list shows', async () => {
    const insight = await createInsight();
    await send(
      insightsFunction,
      'PUT',
      '/x',
      { id: insight.id },
      {
        ...insightBody,
        title: { ...insightBody.title, es: 'Cinco preguntas' },
        content: { ...insightBody.content, en: '<p>Start with the metric, then the data.</p>' },
        focus: { x: 0.2, y: 0.8 },
        version: 1,
      },
    );
    await send(insightsFunction, 'PUT', '/x', { id: insight.id }, { ...insightBody, published: false, version: 2 });
    const path = `/api/insights/${insight.id}/revisions`;
    const revisions = await send<Array<Record<string, unknown>>>(insightPublishing, 'GET', path, { id: insight.id });
    expect(revisions.body.map((revision) => revision['changes'])).toEqual([
      ['content.en', 'focus', 'published', 'title.es'],
      ['content.en', 'focus', 'title.es'],
      null,
    ]);
    // The list answers the summary, never the records (the single revision's GET answers the whole record).
    for (const revision of revisions.body)
      expect(Object.keys(revision).sort()).toEqual(['changes', 'id', 'savedAt', 'savedBy', 'title']);
    expect(revisions.body[1]).toMatchObject({ title: { es: 'Cinco preguntas' }, savedBy: { name: 'partner' } });
    const whole = await send<Insight>(insightPublishing, 'GET', `${path}/${revisions.body[1]!['id'] as string}`, {
      id: insight.id,
      revisionId: revisions.body[1]!['id'] as string,
    });
    expect(whole.body).toMatchObject({
      focus: { x: 0.2, y: 0.8 },
      content: { en: '<p>Start with the metric, then the data.</p>' },
    });
  });

  it('keeps case studies’ revisions too', async () => {
    const created = await send<PortfolioItem>(portfolioFunction, 'POST', '/api/portfolio', {}, portfolioBody);
    await send(
      portfolioFunction,
      'PUT',
      '/x',
      { id: created.body.id },
      { ...portfolioBody, technologies: ['Kafka'], version: 1 },
    );
    const revisions = await send<Array<{ changes: string[] | null }>>(portfolioPublishing, 'GET', '/x', {
      id: created.body.id,
    });
    expect(revisions.body.map((revision) => revision.changes)).toEqual([['technologies'], null]);
  });
});

describe('preview links', () => {
  it('shows a draft to whoever has the link, until it expires; a changed link shows nothing', async () => {
    setClock(new Date('2030-03-01T10:00:00Z'));
    const draft = await createInsight({ published: false });
    expect((await insightData('ai-pilot', 'en')).status).toBe(404);

    const answer = await send<{ url: string; expiresAt: string }>(insightPublishing, 'POST', '/x/preview', {
      id: draft.id,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.expiresAt).toBe('2030-03-08T10:00:00.000Z');
    const url = new URL(answer.body.url, 'https://vantia.example');
    expect(url.pathname).toBe('/insights/ai-pilot');
    const token = url.searchParams.get('preview')!;

    const shown = await insightData('ai-pilot', 'en', token);
    expect(shown).toMatchObject({ status: 200, preview: true, tags: [] });
    expect(shown.data?.id).toBe(draft.id);
    expect((await insightData('ai-pilot', 'en', `${token.slice(0, -2)}xx`)).status).toBe(404);
    // A case study's page does not take an insight's link.
    expect((await portfolioItemData('ai-pilot', 'en', token)).status).toBe(404);

    setClock(new Date('2030-03-08T10:00:01Z'));
    expect(await insightData('ai-pilot', 'en', token)).toMatchObject({ status: 410, data: null, preview: true });
    expect((await call(insightPublishing, '/x/preview', { method: 'POST', params: { id: draft.id } })).status).toBe(
      401,
    );
  });
});

describe('reading time and related insights', () => {
  it('computes the reading time from the text (220 words a minute) unless the editor set one', async () => {
    const words = Array.from({ length: 660 }, (_, i) => `word${i}`).join(' ');
    const computed = await createInsight({ content: { en: `<p>${words}</p>`, es: '<p>Breve.</p>' }, readTime: null });
    expect(computed.readTime).toBeNull();
    expect(insightReadTime(computed, 'en')).toBe(3);
    expect(insightReadTime(computed, 'es')).toBe(1);
    expect(insightReadTime({ ...computed, readTime: 7 }, 'en')).toBe(7);
  });

  it('ends an article with three public insights: its category first, then the newest', async () => {
    const article = insightFixture(1, { category: 'AI Innovation', slug: 'article' });
    const others = [
      insightFixture(2, { category: 'AI Innovation', slug: 'same-older' }),
      insightFixture(5, { category: 'Investment Management', slug: 'other-newest' }),
      insightFixture(4, { category: 'Investment Management', slug: 'other-older' }),
      insightFixture(3, { category: 'AI Innovation', slug: 'same-newer' }),
      insightFixture(6, { category: 'AI Innovation', slug: 'same-draft', published: false }),
    ];
    await insightContent.saveMany([article, ...others]);
    const related = await relatedInsights(article);
    expect(related.map((insight) => insight.slugs.en)).toEqual(['same-newer', 'same-older', 'other-newest']);
  });
});

describe('the social image', () => {
  it('crops the site’s own image through the image CDN, and leaves an image elsewhere as it is', () => {
    expect(socialImagePath('/images/demo/insight-ai-governance.jpg', null)).toMatch(/^\/\.netlify\/images\?url=/);
    expect(socialImagePath('https://images.example/cover.jpg', null)).toBe('https://images.example/cover.jpg');
  });
});
