import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/http/guard';
import { purgeTags } from '../../src/platform/cache';
import { parseJsonBody } from '../../src/http/bodies';
import { HttpError, json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { TAXONOMY_TAG } from '../../src/features/taxonomy/taxonomy';
import { taxonomyInputSchema } from '../../src/features/taxonomy/schema';
import { getTaxonomy, saveTaxonomy, TaxonomyConflict } from '../../src/features/taxonomy/store';

/**
 * GET /api/taxonomy (admin): the services and categories list with its version.
 * PUT /api/taxonomy (admin): the whole list and the version it was edited from; 409 when another save came first.
 * The pages that show the list are cached under the `taxonomy` tag, purged on each save.
 */
export default route({
  GET: async (request) => {
    await requireAdmin(request);
    return json(await getTaxonomy());
  },
  PUT: async (request) => {
    await requireAdmin(request);
    const input = await parseJsonBody(request, taxonomyInputSchema);
    try {
      const saved = await saveTaxonomy(input);
      await purgeTags([TAXONOMY_TAG]);
      return json(saved);
    } catch (error) {
      if (error instanceof TaxonomyConflict) throw new HttpError(409, 'The list was changed meanwhile. Reload it.');
      throw error;
    }
  },
});

export const config: Config = {
  path: '/api/taxonomy',
};
