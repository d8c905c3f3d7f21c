import { purgeCache } from '@netlify/functions';

/**
 * Purges CDN cache tags after an admin change, so the public pages show it
 * within seconds without a rebuild. Only on Netlify (the runtime provides the
 * token); a failed purge is logged, never allowed to fail the admin's save:
 * the change is stored either way.
 */
export async function purgeTags(tags: string[]): Promise<void> {
  if (!process.env['NETLIFY_PURGE_API_TOKEN']) return;
  try {
    await purgeCache({ tags });
  } catch (error) {
    console.error('Cache purge failed for tags', tags, error);
  }
}
