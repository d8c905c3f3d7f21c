import { existsSync, readFileSync } from 'node:fs';
import { NetlifyDB } from '@netlify/database-dev';
import pg from 'pg';
import { closeDatabase } from '../src/platform/db/client';

/** Where `netlify dev` keeps its local database (netlify-cli: `.netlify/db`), and the site's migrations. */
export const LOCAL_DB_DIRECTORY = '.netlify/db';
export const MIGRATIONS_DIRECTORY = 'netlify/database/migrations';

/** The connection string a running `netlify dev` saved for its database, if it still answers. */
async function runningDevDatabase(): Promise<string | null> {
  if (!existsSync('.netlify/state.json')) return null;
  const state = JSON.parse(readFileSync('.netlify/state.json', 'utf8')) as { dbConnectionString?: string };
  const url = state.dbConnectionString;
  if (!url) return null;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  try {
    await client.connect();
    return url;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Opens the local database for a script (`npm run dev`'s seeding, `npm run retention`, `npm run admin:create`) and
 * points this process at it (NETLIFY_DB_URL): the one a running `npm run dev` serves, or else the same folder
 * started here, with any pending migrations applied. Returns how to close it.
 */
export async function openLocalDatabase(
  directory = LOCAL_DB_DIRECTORY,
): Promise<{ url: string; applied: string[]; stop: () => Promise<void> }> {
  process.env['CONTEXT'] ??= 'dev';
  const running = await runningDevDatabase();
  if (running) {
    process.env['NETLIFY_DB_URL'] = running;
    return { url: running, applied: [], stop: closeDatabase };
  }
  const engine = new NetlifyDB({ directory, logger: () => undefined });
  const url = await engine.start();
  const applied = await engine.applyMigrations(MIGRATIONS_DIRECTORY);
  process.env['NETLIFY_DB_URL'] = url;
  return {
    url,
    applied,
    stop: async () => {
      await closeDatabase();
      await engine.stop();
    },
  };
}
