import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contentApi } from '../../src/http/content-api';
import { ContentEngine, type ContentKind } from '../../src/features/content/engine';
import { contentInputSchema, storedContentSchema, type ContentRecord } from '../../src/features/content/schema';
import { asAdmin, useAdminBench } from '../helpers/admin';
import { testDatabase } from '../helpers/db-setup';
import { callJson } from '../helpers/functions';

/**
 * A third kind of content, made only of a descriptor, its schemas and its own
 * fields (a newsletter issue: a number, and a send date that publishes it),
 * gets the same engine and API behaviour as case studies and insights, in the
 * same `content` table: no migration.
 */
const issueSchema = z.object({ number: z.number().int().min(1), sentAt: z.string().nullable() });
type IssueOwn = z.infer<typeof issueSchema>;
type Issue = ContentRecord & IssueOwn;

const issueInputSchema = contentInputSchema({
  number: z.number({ error: 'Number is required' }).int().min(1),
  sent: z.boolean().optional().default(false),
});

const issueKind: ContentKind<IssueOwn, z.output<typeof issueInputSchema>> = {
  // A kind name no other kind uses.
  name: 'issues',
  label: 'Issue',
  storedSchema: storedContentSchema(issueSchema),
  inputSchema: issueInputSchema,
  cacheTags: { list: 'issues', itemPrefix: 'issue' },
  ownFields: (input, previous, { now }) => ({
    number: input.number,
    sentAt: input.sent ? (previous?.sentAt ?? now) : null,
  }),
  // Listed by send date once sent.
  listTime: (issue) => issue.sentAt ?? issue.createdAt,
  isPublic: (issue) => issue.sentAt !== null,
};

const issues = new ContentEngine(issueKind);
const issuesApi = contentApi(issues);
const bench = useAdminBench();

const body = {
  title: { en: 'Issue', es: 'Número' },
  description: { en: 'This month', es: 'Este mes' },
  content: { en: '<p>News</p><script>alert(1)</script>', es: '<p>Noticias</p>' },
  imageUrl: '/images/demo/insight-1.jpg',
  createdAt: '',
};

describe('a third kind of content over the same engine', () => {
  it('creates, lists (drafts for admins only), updates by version, refuses a stale version, and deletes', async () => {
    const draft = await callJson<Issue>(
      issuesApi,
      '/api/issues',
      asAdmin(bench.cookie(), { method: 'POST', body: { ...body, number: 1 } }),
    );
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({ number: 1, sentAt: null, version: 1 });
    expect(draft.body.content.en).toBe('<p>News</p>');
    const id = draft.body.id;

    const sent = await callJson<Issue>(
      issuesApi,
      '/api/issues',
      asAdmin(bench.cookie(), { method: 'POST', body: { ...body, number: 2, sent: true } }),
    );
    expect(sent.status).toBe(201);

    const publicList = await callJson<Issue[]>(issuesApi, '/api/issues');
    expect(publicList.body.map((issue) => issue.number)).toEqual([2]);
    expect(publicList.headers.get('netlify-cache-tag')).toContain('issues');
    expect((await callJson(issuesApi, '/x', { params: { id } })).status).toBe(404);
    expect((await callJson(issuesApi, '/api/issues/admin', { params: { id: 'admin' } })).status).toBe(401);
    const adminList = await callJson<Issue[]>(
      issuesApi,
      '/api/issues/admin',
      asAdmin(bench.cookie(), { params: { id: 'admin' } }),
    );
    expect(adminList.body.map((issue) => issue.number)).toEqual([2, 1]);

    const update = { ...body, number: 3, sent: true, version: 1 };
    const updated = await callJson<Issue>(
      issuesApi,
      '/x',
      asAdmin(bench.cookie(), { method: 'PUT', body: update, params: { id } }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ number: 3, version: 2, createdAt: draft.body.createdAt });
    expect(updated.body.sentAt).not.toBeNull();
    const shown = await callJson<Issue>(issuesApi, '/x', { params: { id } });
    expect(shown.status).toBe(200);
    expect(shown.headers.get('netlify-cache-tag')).toContain(`issue-${id}`);

    const before = await testDatabase().snapshot();
    const stale = await callJson<{ message: string; field: string }>(
      issuesApi,
      '/x',
      asAdmin(bench.cookie(), { method: 'PUT', body: update, params: { id } }),
    );
    expect(stale).toMatchObject({ status: 409, body: { field: 'version' } });
    expect(await testDatabase().snapshot()).toEqual(before);

    const invalid = await callJson<{ message: string; field: string }>(
      issuesApi,
      '/api/issues',
      asAdmin(bench.cookie(), { method: 'POST', body }),
    );
    expect(invalid).toMatchObject({ status: 400, body: { field: 'number', message: 'Number is required' } });

    expect(
      (await callJson(issuesApi, '/x', asAdmin(bench.cookie(), { method: 'DELETE', params: { id } }))).status,
    ).toBe(200);
    expect((await callJson(issuesApi, '/x', { params: { id } })).status).toBe(404);
    expect(
      (await callJson(issuesApi, '/x', asAdmin(bench.cookie(), { method: 'DELETE', params: { id } }))).status,
    ).toBe(404);
    expect((await callJson(issuesApi, '/x', { method: 'DELETE', params: { id } })).status).toBe(401);
    expect((await issues.list()).map((issue) => issue.number)).toEqual([2]);
  });

  it('seeds many records at once and knows when it is empty', async () => {
    expect(await issues.isEmpty()).toBe(false);
    const input = issueInputSchema.parse({ ...body, number: 10, sent: true });
    await issues.saveMany([issues.build(input), issues.build({ ...input, number: 11 })]);
    expect((await issues.listPublic()).map((issue) => issue.number)).toEqual([11, 10, 2]);
  });
});
