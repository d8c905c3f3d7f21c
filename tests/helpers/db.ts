import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { NetlifyDB } from '@netlify/database-dev';
import { closeDatabase } from '../../src/platform/db/client';

export const MIGRATIONS = 'netlify/database/migrations';

export interface TestDatabase {
  url: string;
  /** A query straight to the engine (what a test checks in the tables themselves). */
  query: <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;
  /**
   * A hash of every table's rows, by table: equal snapshots mean nothing was stored. `withoutQuotas` leaves out the
   * daily quotas: a request that stores nothing still counts against the visitor's quota.
   */
  snapshot: (options?: { withoutQuotas?: boolean }) => Promise<Record<string, string>>;
  stop: () => Promise<void>;
}

/**
 * A real Netlify Database engine (`@netlify/database-dev`: Postgres 17 compiled to WebAssembly) on 127.0.0.1 with the
 * migrations applied, wired into this process the way Netlify wires a function (NETLIFY_DB_URL). In memory; or, given
 * `template` (a migrated engine's data folder, tests/helpers/db-template.ts), on a copy of it in `scratch`, removed
 * when it stops: the same database without the engine's slow first start.
 */
export async function startTestDatabase(from?: { template: string; scratch: string }): Promise<TestDatabase> {
  const directory = from && mkdtempSync(join(from.scratch, 'vitest-db-'));
  if (from && directory) cpSync(from.template, directory, { recursive: true });
  const engine = new NetlifyDB({ ...(directory && { directory }), logger: () => undefined });
  const url = await engine.start();
  // A no-op on a copy of the template (already applied), unless a migration was added since it was made.
  await engine.applyMigrations(MIGRATIONS);
  process.env['NETLIFY_DB_URL'] = url;
  const query = async <T>(text: string, params?: unknown[]) => (await engine.query<T>(text, params)).rows;
  return {
    url,
    query,
    snapshot: async ({ withoutQuotas = false } = {}) => {
      const tables = await query<{ name: string }>(
        `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
      );
      const out: Record<string, string> = {};
      for (const { name } of tables) {
        if (withoutQuotas && name === 'daily_quotas') continue;
        const [row] = await query<{ rows: string | null }>(
          `SELECT string_agg(t::text, E'\\n' ORDER BY t::text) AS rows FROM "${name}" t`,
        );
        out[name] = createHash('sha256')
          .update(row?.rows ?? '')
          .digest('hex');
      }
      return out;
    },
    stop: async () => {
      await closeDatabase();
      await engine.stop();
      if (directory) rmSync(directory, { recursive: true, force: true });
      delete process.env['NETLIFY_DB_URL'];
    },
  };
}
