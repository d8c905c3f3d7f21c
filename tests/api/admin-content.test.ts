import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import insightsFunction from '../../netlify/functions/insights';
import portfolioFunction from '../../netlify/functions/portfolio';
import uploadFunction from '../../netlify/functions/admin-upload';
import { STALE_EDIT } from '../../src/features/content/engine';
import { insightContent, SLUG_TAKEN } from '../../src/features/content/insights';
import { portfolioContent } from '../../src/features/content/portfolio';
import { queryCount, resetQueryCount } from '../../src/platform/db/client';
import { NEXT_CURSOR_HEADER } from '../../src/http/lists';
import type { Insight } from '../../src/features/content/insight-schema';
import { portfolioInputSchema, type PortfolioItem } from '../../src/features/content/portfolio-schema';
import { call, callJson } from '../helpers/functions';
import { asAdmin, useAdminBench } from '../helpers/admin';
import { testDatabase } from '../helpers/db-setup';
import { portfolioFixture } from '../helpers/fixtures';

const bench = useAdminBench();

/** Everything stored: the uploaded images (Blobs) and the tables. Equal: nothing was stored. */
async function stored() {
  return { files: await bench.blobs().snapshot(), tables: await testDatabase().snapshot() };
}

/** Uploads a small PNG through POST /api/upload, as the dashboard does, and answers its /uploads/… address. */
async function uploadImage(): Promise<string> {
  const png = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#0b1f3a' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cover.png');
  const response = await call(
    uploadFunction,
    '/api/upload',
    asAdmin(bench.cookie(), { method: 'POST', rawBody: form }),
  );
  const body = (await response.json()) as { url: string };
  expect(response.status).toBe(201);
  return body.url;
}

/** An upload address whose image was never stored (deleted, typed by hand, or copied from another site). */
const MISSING_UPLOAD = '/uploads/01jd0000000000000000000000.png';

const portfolioBody = {
  title: { en: 'A data platform for a port operator', es: 'Una plataforma de datos para un operador portuario' },
  description: { en: 'Berth planning in hours, not days.', es: 'Planificación de atraques en horas, no días.' },
  content: {
    en: '<h2>Context</h2><p class="ql-indent-2">We <strong>rebuilt</strong> it. <a href="https://example.com">Read</a></p>',
    es: '<h2>Contexto</h2><p>Lo <em>reconstruimos</em>.</p>',
  },
  // A real upload, stored in beforeAll.
  imageUrl: '',
  metrics: {
    en: [{ label: 'Planning time', value: '-70%' }],
    es: [{ label: 'Tiempo de planificación', value: '-70%' }],
  },
  category: '',
  createdAt: '',
};

const insightBody = {
  title: { en: 'Five questions before an AI pilot', es: 'Cinco preguntas antes de un piloto de IA' },
  description: { en: 'What to settle first.', es: 'Qué decidir primero.' },
  content: { en: '<p>Start with the metric.</p>', es: '<p>Empiece por la métrica.</p>' },
  imageUrl: 'https://images.example.com/pilot.jpg',
  metrics: [],
  category: 'AI Innovation',
  slug: 'five-questions-ai-pilot',
  author: '',
  readTime: 6,
  createdAt: '2025-05-01',
  published: false,
};

beforeAll(async () => {
  portfolioBody.imageUrl = await uploadImage();
});

describe('portfolio writes', () => {
  it('creates, shows publicly, updates with its version, refuses a stale version, and deletes', async () => {
    const created = await callJson<PortfolioItem>(
      portfolioFunction,
      '/api/portfolio',
      asAdmin(bench.cookie(), { method: 'POST', body: portfolioBody }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ category: null, version: 1 });
    expect(Date.parse(created.body.createdAt)).not.toBeNaN();
    expect(created.body.content.en).toContain('<p class="ql-indent-2">');
    const id = created.body.id;

    const list = await callJson<PortfolioItem[]>(portfolioFunction, '/api/portfolio');
    expect(list.body.map((item) => item.id)).toContain(id);

    const update = {
      ...portfolioBody,
      title: { en: 'Updated', es: 'Actualizado' },
      category: 'Data',
      createdAt: '2025-02-03',
      version: 1,
    };
    const updated = await callJson<PortfolioItem>(
      portfolioFunction,
      '/x',
      asAdmin(bench.cookie(), { method: 'PUT', body: update, params: { id } }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      title: { en: 'Updated', es: 'Actualizado' },
      category: 'Data',
      version: 2,
      createdAt: '2025-02-03T00:00:00.000Z',
    });

    const before = await stored();
    const stale = await callJson<{ message: string }>(
      portfolioFunction,
      '/x',
      asAdmin(bench.cookie(), { method: 'PUT', body: { ...update, version: 1 }, params: { id } }),
    );
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed this item/);
    expect(await stored()).toEqual(before);

    const removed = await callJson(
      portfolioFunction,
      '/x',
      asAdmin(bench.cookie(), { method: 'DELETE', params: { id } }),
    );
    expect(removed.status).toBe(200);
    expect((await callJson(portfolioFunction, '/x', { params: { id } })).status).toBe(404);
    expect(
      (await callJson(portfolioFunction, '/x', asAdmin(bench.cookie(), { method: 'DELETE', params: { id } }))).status,
    ).toBe(404);
  });

  it('refuses bad bodies with 400 naming the field, storing nothing', async () => {
    const before = await stored();
    const cases: Array<[object, string]> = [
      [{ ...portfolioBody, imageUrl: '' }, 'imageUrl'],
      [{ ...portfolioBody, imageUrl: 'javascript:alert(1)' }, 'imageUrl'],
      [{ ...portfolioBody, title: { en: 'only english' } }, 'title.es'],
      [{ ...portfolioBody, metrics: '{broken' }, 'metrics'],
      [{ ...portfolioBody, createdAt: 'not a date' }, 'createdAt'],
    ];
    for (const [body, field] of cases) {
      const response = await callJson<{ field: string }>(
        portfolioFunction,
        '/api/portfolio',
        asAdmin(bench.cookie(), { method: 'POST', body }),
      );
      expect(response.status).toBe(400);
      expect(response.body.field).toBe(field);
    }
    expect(await stored()).toEqual(before);
  });
});

describe('insight writes', () => {
  it('keeps a draft out of public view, lists it for admins, and publishes it', async () => {
    const created = await callJson<Insight>(
      insightsFunction,
      '/api/insights',
      asAdmin(bench.cookie(), { method: 'POST', body: insightBody }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ author: null, readTime: 6, published: false, publishedAt: null });
    const id = created.body.id;

    expect((await callJson<Insight[]>(insightsFunction, '/api/insights')).body.map((i) => i.id)).not.toContain(id);
    expect((await callJson(insightsFunction, '/x', { params: { id } })).status).toBe(404);
    const adminList = await callJson<Insight[]>(
      insightsFunction,
      '/api/insights/admin',
      asAdmin(bench.cookie(), { params: { id: 'admin' } }),
    );
    expect(adminList.body.map((i) => i.id)).toContain(id);
    expect((await callJson(insightsFunction, '/api/insights/admin', { params: { id: 'admin' } })).status).toBe(401);

    const published = await callJson<Insight>(
      insightsFunction,
      '/x',
      asAdmin(bench.cookie(), {
        method: 'PUT',
        params: { id },
        body: { ...insightBody, published: true, readTime: null, author: 'Marta Ibáñez', version: 1 },
      }),
    );
    expect(published.body).toMatchObject({ published: true, readTime: null, author: 'Marta Ibáñez', version: 2 });
    expect(published.body.publishedAt).not.toBeNull();
    expect((await callJson<Insight>(insightsFunction, '/x', { params: { id } })).body.title.es).toBe(
      insightBody.title.es,
    );
  });

  it('keeps slugs unique, and frees a slug when its insight changes slug or is deleted', async () => {
    const first = await callJson<Insight>(
      insightsFunction,
      '/api/insights',
      asAdmin(bench.cookie(), { method: 'POST', body: { ...insightBody, slug: 'unique-slug' } }),
    );
    const clash = await callJson<{ message: string; field: string }>(
      insightsFunction,
      '/api/insights',
      asAdmin(bench.cookie(), {
        method: 'POST',
        body: { ...insightBody, slug: 'Unique-Slug' },
      }),
    );
    expect(clash).toMatchObject({ status: 409, body: { field: 'slug' } });

    const renamed = await callJson<Insight>(
      insightsFunction,
      '/x',
      asAdmin(bench.cookie(), {
        method: 'PUT',
        params: { id: first.body.id },
        body: { ...insightBody, slug: 'renamed-slug' },
      }),
    );
    expect(renamed.status).toBe(200);
    const reuse = await callJson<Insight>(
      insightsFunction,
      '/api/insights',
      asAdmin(bench.cookie(), { method: 'POST', body: { ...insightBody, slug: 'unique-slug' } }),
    );
    expect(reuse.status).toBe(201);
    await callJson(
      insightsFunction,
      '/x',
      asAdmin(bench.cookie(), { method: 'DELETE', params: { id: first.body.id } }),
    );
    const afterDelete = await callJson(
      insightsFunction,
      '/api/insights',
      asAdmin(bench.cookie(), { method: 'POST', body: { ...insightBody, slug: 'renamed-slug' } }),
    );
    expect(afterDelete.status).toBe(201);
  });

  it.each([
    [{ category: '' }, 'category', 'Category is required'],
    [{ slug: 'has spaces' }, 'slug', 'Slug may hold only letters, digits and single hyphens'],
    [{ readTime: 0 }, 'readTime', 'Read time must be at least 1 minute'],
    [{ readTime: 1.5 }, 'readTime', 'Read time must be a whole number of minutes'],
  ])('refuses %o with 400', async (patch, field, message) => {
    const response = await callJson(
      insightsFunction,
      '/api/insights',
      asAdmin(bench.cookie(), { method: 'POST', body: { ...insightBody, ...patch } }),
    );
    expect(response).toMatchObject({ status: 400, body: { field, message } });
  });
});

describe('rich text is sanitised on write', () => {
  const vectors = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<img src="javascript:alert(1)">',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href="jav&#x09;ascript:alert(1)">x</a>',
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
    '<a href=" javascript:alert(1)">x</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    '<img src="data:text/html,<script>alert(1)</script>">',
    '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
    '<iframe src="https://evil.example"></iframe>',
    '<form action="https://evil.example"><input name="x"></form>',
    '<svg onload=alert(1)></svg>',
    '<math><mtext><img src=x onerror=alert(1)></mtext></math>',
    '<p style="background:url(javascript:alert(1))">x</p>',
    '<p style="background-image:url(https://evil.example/x.png)">x</p>',
    '<div onmouseover="alert(1)">x</div>',
    '<object data="https://evil.example/x.swf"></object>',
    '<embed src="https://evil.example/x.swf">',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<base href="https://evil.example/">',
    '<meta http-equiv="refresh" content="0;url=https://evil.example">',
    '<style>body{background:url(https://evil.example)}</style>',
    '<p><a href="//evil.example">protocol-relative</a></p>',
    '"><script>alert(1)</script>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  ];

  it(`strips all ${vectors.length} vectors and keeps Quill's formats`, async () => {
    const kept =
      '<h3>Title</h3><p class="ql-size-huge ql-indent-8">big</p><ol><li data-list="bullet">item</li></ol>' +
      '<a href="mailto:hi@example.com">mail</a><a href="tel:+34910000000">call</a><a href="https://example.com">web</a>' +
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="pixel"><img src="https://example.com/a.jpg" alt="photo">';
    const body = {
      ...portfolioBody,
      // Broken markup in a vector may swallow what follows it, so the formats to keep go in the other language.
      content: { en: vectors.join('\n'), es: kept },
    };
    const created = await callJson<PortfolioItem>(
      portfolioFunction,
      '/api/portfolio',
      asAdmin(bench.cookie(), { method: 'POST', body }),
    );
    const stored = created.body.content.en.toLowerCase();
    for (const banned of [
      '<script',
      'onerror',
      'onload',
      'onmouseover',
      'javascript:',
      'vbscript:',
      'data:text/html',
      'svg+xml',
      '<iframe',
      '<form',
      '<input',
      '<svg',
      '<math',
      'style=',
      '<object',
      '<embed',
      '<base',
      '<meta',
      '<style',
      '//evil.example',
    ]) {
      expect(stored, banned).not.toContain(banned);
    }
    const spanish = created.body.content.es.toLowerCase();
    for (const expected of [
      '<h3>title</h3>',
      'ql-size-huge',
      'ql-indent-8',
      'data-list="bullet"',
      'mailto:hi@example.com',
      'tel:+34910000000',
      'href="https://example.com"',
      'data:image/png;base64',
      'src="https://example.com/a.jpg"',
    ]) {
      expect(spanish).toContain(expected);
    }
  });
});

describe('an uploaded image must exist', () => {
  it('refuses to create or update a case study or an insight whose /uploads/ image is missing: 400, field image', async () => {
    const existing = await callJson<PortfolioItem>(
      portfolioFunction,
      '/api/portfolio',
      asAdmin(bench.cookie(), { method: 'POST', body: portfolioBody }),
    );
    expect(existing.status).toBe(201);
    const before = await stored();
    const refused = [
      await callJson<{ message: string; field: string }>(
        portfolioFunction,
        '/api/portfolio',
        asAdmin(bench.cookie(), { method: 'POST', body: { ...portfolioBody, imageUrl: MISSING_UPLOAD } }),
      ),
      await callJson<{ message: string; field: string }>(
        portfolioFunction,
        '/x',
        asAdmin(bench.cookie(), {
          method: 'PUT',
          body: { ...portfolioBody, imageUrl: `${MISSING_UPLOAD}?v=2`, version: 1 },
          params: { id: existing.body.id },
        }),
      ),
      // Not even the shape of a key the server makes.
      await callJson<{ message: string; field: string }>(
        portfolioFunction,
        '/api/portfolio',
        asAdmin(bench.cookie(), { method: 'POST', body: { ...portfolioBody, imageUrl: '/uploads/../users/partner' } }),
      ),
      await callJson<{ message: string; field: string }>(
        insightsFunction,
        '/api/insights',
        asAdmin(bench.cookie(), {
          method: 'POST',
          body: { ...insightBody, slug: 'missing-image', imageUrl: MISSING_UPLOAD },
        }),
      ),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        message: 'This image is not on the site (it may have been deleted). Upload it again or choose another image.',
        field: 'image',
      });
    }
    expect(await stored(), 'nothing stored').toEqual(before);

    // The same insight with an image that was uploaded is saved; addresses outside /uploads/ are not checked.
    const uploaded = await uploadImage();
    for (const imageUrl of [uploaded, `${uploaded}?v=2`, '/images/demo/insight-ai-governance.jpg']) {
      const saved = await callJson<Insight>(
        insightsFunction,
        '/api/insights',
        asAdmin(bench.cookie(), {
          method: 'POST',
          body: { ...insightBody, slug: `with-image-${imageUrl.length}`, imageUrl },
        }),
      );
      expect(saved.status, imageUrl).toBe(201);
      expect(saved.body.imageUrl).toBe(imageUrl);
    }
  });
});

describe('saves at any size, and saves racing each other', () => {
  const cost = async <T>(run: () => Promise<T>) => {
    resetQueryCount();
    const result = await run();
    return { result, statements: queryCount() };
  };

  it('saves a case study in the same few statements with 10 and with 310 in the collection', async () => {
    await portfolioContent.saveMany(Array.from({ length: 10 }, (_, i) => portfolioFixture(i + 1)));
    const target = (await portfolioContent.list())[0]!;
    const save = async () => {
      const current = (await portfolioContent.get(target.id))!;
      const { result, statements } = await cost(() =>
        callJson<PortfolioItem>(
          portfolioFunction,
          '/x',
          asAdmin(bench.cookie(), { method: 'PUT', params: { id: target.id }, body: { ...current } }),
        ),
      );
      expect(result.status).toBe(200);
      return statements;
    };
    const small = await save();
    await portfolioContent.saveMany(Array.from({ length: 300 }, (_, i) => portfolioFixture(i + 100)));
    const large = await save();
    expect(large).toBe(small);
    // The read, and one transaction: the record and its revision (docs/architecture.md, "Content engine").
    expect(small).toBeLessThanOrEqual(6);
    expect((await portfolioContent.get(target.id))?.version).toBe(target.version + 2);

    // The public list answers its newest page, the admin's list pages (and searches) them: one statement each.
    const list = await cost(() => call(portfolioFunction, '/api/portfolio'));
    expect(((await list.result.json()) as PortfolioItem[]).length).toBe(100);
    expect(list.result.headers.get(NEXT_CURSOR_HEADER)).toBeTruthy();
    expect(list.statements).toBeLessThanOrEqual(5);
    for (const query of ['limit=25', 'limit=25&q=case%20study']) {
      const admin = await cost(() =>
        call(portfolioFunction, `/api/portfolio/admin?${query}`, asAdmin(bench.cookie(), { params: { id: 'admin' } })),
      );
      expect(((await admin.result.json()) as PortfolioItem[]).length, query).toBe(25);
      expect(admin.result.headers.get(NEXT_CURSOR_HEADER), query).toBeTruthy();
      expect(admin.statements, query).toBeLessThanOrEqual(5);
    }
    // A title no other case study has: its slugs are free at the first try (docs/product.md, "Publishing").
    const body = { ...portfolioBody, title: { en: 'A title of its own', es: 'Un título propio' } };
    const create = await cost(() =>
      callJson(portfolioFunction, '/api/portfolio', asAdmin(bench.cookie(), { method: 'POST', body })),
    );
    expect(create.result.status).toBe(201);
    // The session's check, and one transaction: the record, its slugs and its first revision.
    expect(create.statements).toBeLessThanOrEqual(6);
  });

  it('finds case studies and insights by words of either title or the slug in the admin list, newest first', async () => {
    await portfolioContent.saveMany([
      portfolioFixture(501, { title: { en: 'Harbour twin', es: 'Gemelo de dársena' } }),
      portfolioFixture(502, { title: { en: 'Warehouse robots', es: 'Robots de almacén' } }),
      portfolioFixture(503, { title: { en: 'Dock logistics', es: 'Logística de dársenas' } }),
    ]);
    const search = async (fn: typeof portfolioFunction, path: string) => {
      const response = await call(fn, path, asAdmin(bench.cookie(), { params: { id: 'admin' } }));
      return ((await response.json()) as Array<{ title: { en: string } }>).map((record) => record.title.en);
    };
    expect(await search(portfolioFunction, '/api/portfolio/admin?q=DARSENA')).toEqual([
      'Dock logistics',
      'Harbour twin',
    ]);
    expect(await search(portfolioFunction, '/api/portfolio/admin?q=almacen%20robots')).toEqual(['Warehouse robots']);
    // Words of the description are not the title's.
    expect(await search(portfolioFunction, '/api/portfolio/admin?q=client%20501')).toEqual([]);
    const created = await callJson<Insight>(
      insightsFunction,
      '/api/insights',
      asAdmin(bench.cookie(), { method: 'POST', body: { ...insightBody, slug: 'searchable-slug-words' } }),
    );
    expect(created.status).toBe(201);
    expect(await search(insightsFunction, '/api/insights/admin?q=searchable-slug')).toEqual([insightBody.title.en]);
  });

  it('keeps an insight slug unique when eight admins take it at once: one 201, the others the same 409', async () => {
    const body = { ...insightBody, slug: 'one-slug-only', published: true };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        callJson<{ id?: string; message?: string; field?: string }>(
          insightsFunction,
          '/api/insights',
          asAdmin(bench.cookie(), { method: 'POST', body }),
        ),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.status !== 201)) {
      expect(refused).toMatchObject({ status: 409, body: { message: SLUG_TAKEN, field: 'slug' } });
    }
    const all = await insightContent.list();
    expect(all.filter((insight) => insight.slugs.en === 'one-slug-only')).toHaveLength(1);

    // Eight insights renamed to one new slug at once: one of them gets it.
    const eight = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        callJson<Insight>(
          insightsFunction,
          '/api/insights',
          asAdmin(bench.cookie(), { method: 'POST', body: { ...body, slug: `renamed-from-${i}` } }),
        ),
      ),
    );
    const renames = await Promise.all(
      eight.map((created) =>
        callJson(
          insightsFunction,
          '/x',
          asAdmin(bench.cookie(), {
            method: 'PUT',
            params: { id: created.body.id },
            body: { ...body, slug: 'renamed-to-one', version: 1 },
          }),
        ),
      ),
    );
    expect(renames.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect((await insightContent.list()).filter((insight) => insight.slugs.en === 'renamed-to-one')).toHaveLength(1);
  });

  it('keeps every record when admins save at the same time, and one of eight edits of one version', async () => {
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        callJson<PortfolioItem>(
          portfolioFunction,
          '/api/portfolio',
          asAdmin(bench.cookie(), {
            method: 'POST',
            body: { ...portfolioBody, title: { en: `Racing ${i}`, es: `Carrera ${i}` } },
          }),
        ),
      ),
    );
    expect(created.map((answer) => answer.status)).toEqual(Array(12).fill(201));
    const listed = (await portfolioContent.list()).map((item) => item.id);
    for (const answer of created) expect(listed).toContain(answer.body.id);

    const target = created[0]!.body;
    const edits = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        callJson<PortfolioItem & { message?: string; field?: string }>(
          portfolioFunction,
          '/x',
          asAdmin(bench.cookie(), {
            method: 'PUT',
            params: { id: target.id },
            body: { ...portfolioBody, title: { en: `Edit ${i}`, es: `Edición ${i}` }, version: 1 },
          }),
        ),
      ),
    );
    const won = edits.filter((answer) => answer.status === 200);
    expect(won).toHaveLength(1);
    for (const lost of edits.filter((answer) => answer.status !== 200)) {
      expect(lost).toMatchObject({ status: 409, body: { message: STALE_EDIT, field: 'version' } });
    }
    expect(await portfolioContent.get(target.id)).toMatchObject({ version: 2, title: won[0]!.body.title });

    // Saves without a version (older clients) are all kept, one after another.
    const input = portfolioInputSchema.parse({ ...portfolioBody, title: { en: 'No version', es: 'Sin versión' } });
    await Promise.all(Array.from({ length: 6 }, () => portfolioContent.update(target.id, input)));
    expect((await portfolioContent.get(target.id))?.version).toBe(8);
  });
});
