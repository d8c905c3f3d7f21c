import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { BlobsServer } from '@netlify/blobs/server';

export interface LocalBlobs {
  /** Blobs requests the server has answered since the last reset. */
  requests: () => number;
  resetRequests: () => void;
  /**
   * Every stored file and a hash of its bytes: equal snapshots mean nothing changed. `withoutQuotas` leaves out
   * the daily quotas' slots: a request that stores nothing still counts against the visitor's quota.
   */
  snapshot: (options?: { withoutQuotas?: boolean }) => Promise<Record<string, string>>;
  stop: () => Promise<void>;
}

/**
 * A real Blobs server on 127.0.0.1 in a temporary folder, wired into this
 * process the way Netlify wires a function (NETLIFY_BLOBS_CONTEXT).
 */
export async function startLocalBlobs(): Promise<LocalBlobs> {
  const directory = await mkdtemp(join(tmpdir(), 'blobs-test-'));
  const token = randomUUID();
  let requests = 0;
  const server = new BlobsServer({
    directory,
    token,
    onRequest: () => {
      requests += 1;
    },
  });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  process.env['NETLIFY_BLOBS_CONTEXT'] = Buffer.from(
    JSON.stringify({
      edgeURL: url,
      uncachedEdgeURL: url,
      token,
      siteID: 'test-site',
      deployID: '0',
      primaryRegion: 'dev',
    }),
  ).toString('base64');
  return {
    requests: () => requests,
    resetRequests: () => {
      requests = 0;
    },
    snapshot: async ({ withoutQuotas = false } = {}) => {
      const out: Record<string, string> = {};
      const entries = await readdir(directory, { recursive: true, withFileTypes: true });
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const path = join(entry.parentPath, entry.name);
        if (withoutQuotas && /-quotas\//.test(path)) continue;
        out[path.slice(directory.length)] = createHash('sha256')
          .update(await readFile(path))
          .digest('hex');
      }
      return out;
    },
    stop: async () => {
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
