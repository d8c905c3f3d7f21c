import type { Context } from '@netlify/functions';
import { requireAdmin } from '../auth/guard';
import { cachedJson, json, notFound, pagedListAnswer, parseJsonBody, pathId, route } from '../http';
import type { ContentInput } from '../schemas/content';
import type { ContentEngine } from './engine';

/** `GET /api/{kind}/admin`: the admin's paged list (drafts included), for signed-in admins only. */
const ADMIN_LIST = 'admin';

/** Content lists have no CSV export. */
async function* emptyExport(): AsyncGenerator<never[]> {}

/**
 * The HTTP API of one kind of content (docs/product.md, API contract), from
 * its function's `config.path`: `/api/{kind}` and `/api/{kind}/:id`.
 * Public reads are cacheable by tag; writes need a session.
 */
export function contentApi<Own extends object, Input extends ContentInput>(
  engine: ContentEngine<Own, Input>,
): (request: Request, context: Context) => Promise<Response> {
  const { label, inputSchema } = engine.kind;
  return route({
    GET: async (request, context) => {
      const param = context.params['id'];
      if (param === undefined) return cachedJson(await engine.listPublic(), [engine.listTag]);
      if (param === ADMIN_LIST) {
        await requireAdmin(request);
        return pagedListAnswer(request, { page: (query) => engine.listPage(query), each: emptyExport });
      }
      const id = pathId(context);
      // A draft does not exist for the public: the same 404 as an unknown id.
      const record = await engine.getPublic(id);
      if (!record) throw notFound(label);
      return cachedJson(record, [engine.listTag, engine.itemTag(id)]);
    },
    POST: async (request) => {
      await requireAdmin(request);
      const input = await parseJsonBody(request, inputSchema);
      return json(await engine.create(input), { status: 201 });
    },
    PUT: async (request, context) => {
      await requireAdmin(request);
      const id = pathId(context);
      const input = await parseJsonBody(request, inputSchema);
      const record = await engine.update(id, input);
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
