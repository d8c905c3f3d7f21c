import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { BlobsServer } from '@netlify/blobs/server';

/**
 * The folder and site id `netlify dev` keeps its local Blobs under, so a
 * script writing here is read by the dev server (netlify-cli: `.netlify/blobs-serve`,
 * site id from `netlify link` or "unlinked").
 */
export const LOCAL_BLOBS_DIRECTORY = '.netlify/blobs-serve';

function localSiteId(): string {
  if (process.env['NETLIFY_SITE_ID']) return process.env['NETLIFY_SITE_ID'];
  if (existsSync('.netlify/state.json')) {
    const state = JSON.parse(readFileSync('.netlify/state.json', 'utf8')) as { siteId?: string };
    if (state.siteId) return state.siteId;
  }
  return 'unlinked';
}

/** Opens the local Blobs folder for this process; returns how to close it. */
export async function openLocalBlobs(directory = LOCAL_BLOBS_DIRECTORY): Promise<{ stop: () => Promise<void> }> {
  const token = randomUUID();
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  process.env['NETLIFY_BLOBS_CONTEXT'] = Buffer.from(
    JSON.stringify({
      edgeURL: url,
      uncachedEdgeURL: url,
      token,
      siteID: localSiteId(),
      deployID: '0',
      primaryRegion: 'dev',
    }),
  ).toString('base64');
  process.env['CONTEXT'] ??= 'dev';
  return { stop: async () => void (await server.stop()) };
}
