import type { Context } from '@netlify/functions';
import { requireAdmin, requireUser } from './guard';
import { cdnCacheHeaders } from './cdn-cache';
import type { PageQuery } from '../platform/db/paging';
import { parseJsonBody, pathId } from './bodies';
import { NEXT_CURSOR_HEADER, pagedListAnswer, pageQuery } from './lists';
import { cachedJson, json } from './responses';
import { route } from './route';
import { notFound } from '../platform/errors';
import { z } from 'zod';
import { localePath } from '../i18n';
import { DEFAULT_LANGUAGE } from '../i18n/languages';
import { previewToken } from '../features/content/preview';
import { contentPath } from '../features/content/publishing-schema';
import type { ContentInput } from '../features/content/schema';
import type { ContentEngine } from '../features/content/engine';
import type { Localized } from '../i18n/languages';

/** `GET /api/{kind}/admin`: the admin's paged list (drafts included), for signed-in admins only. */
const ADMIN_LIST = 'admin';

/**
 * Who reads a kind's published records: anyone (cached by the CDN), only signed-in accounts (never cached), or only
 * admins (newsletter issues: every route of the kind is an admin route).
 */
export interface ContentApiOptions {
  audience?: 'public' | 'signed-in' | 'admin';
}

/** Content lists have no CSV export. */
async function* emptyExport(): AsyncGenerator<never[]> {}

/** `?cursor=` and `?limit=` of a kind's list (docs/product.md, "Admin lists"); a search is for the admin's list only. */
function listQuery(request: Request): PageQuery {
  const url = new URL(request.url);
  url.searchParams.delete('q');
  return { ...pageQuery(new Request(url)), q: '' };
}

/**
 * The HTTP API of one kind of content (docs/product.md, API contract), from
 * its function's `config.path`: `/api/{kind}` and `/api/{kind}/:id`.
 * Public reads are cacheable by tag; writes need a session. A kind for signed-in
 * accounts only (investor updates) answers its reads `no-store` to any active
 * account (requireUser) and 401 to anyone else.
 *
 * `GET /api/{kind}` answers a page, newest first (a JSON array: the first page, without `?cursor=`, is the newest
 * DEFAULT_PAGE_SIZE records), with the next page's cursor in `X-Next-Cursor` (absent on the last page); `?limit=`
 * 1 to 200. One statement per page, whatever the number of records.
 */
export function contentApi<Own extends object, Input extends ContentInput>(
  engine: ContentEngine<Own, Input>,
  options: ContentApiOptions = {},
): (request: Request, context: Context) => Promise<Response> {
  const { label, inputSchema } = engine.kind;
  const adminOnly = options.audience === 'admin';
  const signedIn = options.audience === 'signed-in' || adminOnly;
  const answer = (data: unknown, tags: string[]) => (signedIn ? json(data) : cachedJson(data, tags));
  const pageAnswer = async (items: unknown[], next: string | null) =>
    json(items, {
      headers: {
        ...(signedIn ? {} : cdnCacheHeaders([engine.listTag], await engine.nextScheduled())),
        ...(next ? { [NEXT_CURSOR_HEADER]: next } : {}),
      },
    });
  return route({
    GET: async (request, context) => {
      const param = context.params['id'];
      if (param === ADMIN_LIST) {
        await requireAdmin(request);
        return pagedListAnswer(request, { page: (query) => engine.listPage(query), each: emptyExport });
      }
      if (adminOnly) await requireAdmin(request);
      else if (signedIn) await requireUser(request);
      if (param === undefined) {
        const page = await engine.listPage(listQuery(request), !adminOnly);
        return pageAnswer(page.items, page.next);
      }
      const id = pathId(context);
      // A draft does not exist for the public: the same 404 as an unknown id.
      const record = await (adminOnly ? engine.get(id) : engine.getPublic(id));
      if (!record) throw notFound(label);
      if (signedIn) return answer(record, []);
      return json(record, {
        headers: cdnCacheHeaders([engine.listTag, engine.itemTag(id)], await engine.nextScheduled()),
      });
    },
    POST: async (request) => {
      const admin = await requireAdmin(request);
      const input = await parseJsonBody(request, inputSchema);
      return json(await engine.create(input, admin.id), { status: 201 });
    },
    PUT: async (request, context) => {
      const admin = await requireAdmin(request);
      const id = pathId(context);
      const input = await parseJsonBody(request, inputSchema);
      // `?autosave=1`: the editor saved a draft by itself, not a press of Update.
      const autosave = new URL(request.url).searchParams.get('autosave') === '1';
      const record = await engine.update(id, input, admin.id, autosave);
      if (!record) throw notFound(label);
      return json(record);
    },
    DELETE: async (request, context) => {
      await requireAdmin(request);
      if (!(await engine.delete(pathId(context)))) throw notFound(label);
      return json({ success: true });
    },
  });
}

/** The body of a restore: the version the editor loaded (optional: without it, the restore is made on the newest). */
const restoreSchema = z.object({ version: z.number().int().min(1).optional() }).default({});

/**
 * Publishing routes of a kind with public pages (insights, case studies), all for admins only (docs/product.md,
 * "Publishing"):
 * - `GET /api/{kind}/:id/revisions`: every save of the record, newest first, as the list shows it (`id`, `savedAt`,
 *   `savedBy`, `title`, `changes`: what it changed from the save before), never the whole records;
 * - `GET /api/{kind}/:id/revisions/:revisionId`: one save's record (the dashboard compares it with the current one);
 * - `POST /api/{kind}/:id/revisions/:revisionId/restore`: writes that record as a new save (409 for a stale
 *   `version`), answering it;
 * - `POST /api/{kind}/:id/preview`: `{ url, expiresAt }`, a link to the record's public page showing it as it is now,
 *   draft or not, to anyone who has it, for PREVIEW_DAYS days.
 */
export function publishingApi<Own extends { slugs: Localized }, Input extends ContentInput>(
  engine: ContentEngine<Own, Input>,
  list: 'insights' | 'portfolio',
): (request: Request, context: Context) => Promise<Response> {
  const { label } = engine.kind;
  const revisionNotFound = () => notFound('Revision');
  // Which of the function's four paths was asked: each method answers only its own (a restore is only ever
  // `POST …/restore`, a preview link only `POST …/preview`), anything else 404.
  const action = (request: Request, context: Context) => {
    const path = new URL(request.url).pathname;
    if (path.endsWith('/preview')) return 'preview';
    if (path.endsWith('/restore')) return 'restore';
    return context.params['revisionId'] === undefined ? 'revisions' : 'revision';
  };
  return route({
    GET: async (request, context) => {
      await requireAdmin(request);
      const asked = action(request, context);
      if (asked === 'preview' || asked === 'restore') throw notFound('Page');
      const id = pathId(context);
      if (!(await engine.get(id))) throw notFound(label);
      if (context.params['revisionId'] === undefined) return json(await engine.revisions(id));
      const revision = await engine.revision(id, pathId(context, 'revisionId'));
      if (!revision) throw revisionNotFound();
      return json(revision);
    },
    POST: async (request, context) => {
      const admin = await requireAdmin(request);
      const id = pathId(context);
      const asked = action(request, context);
      if (asked === 'revisions' || asked === 'revision') throw notFound('Page');
      if (asked === 'preview') {
        const record = await engine.get(id);
        if (!record) throw notFound(label);
        const { token, expiresAt } = await previewToken(engine.kind.name, id);
        const path = localePath(DEFAULT_LANGUAGE, contentPath(list, record, DEFAULT_LANGUAGE));
        return json({ url: `${path}?preview=${token}`, expiresAt });
      }
      const revisionId = pathId(context, 'revisionId');
      const { version } = await parseJsonBody(request, restoreSchema);
      if (!(await engine.get(id))) throw notFound(label);
      const record = await engine.restore(id, revisionId, version, admin.id);
      if (!record) throw revisionNotFound();
      return json(record);
    },
  });
}
