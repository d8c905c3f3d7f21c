import { createHash } from 'node:crypto';
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
 * A real Netlify Database engine (`@netlify/database-dev`: Postgres 17 compiled to WebAssembly, in memory) on
 * 127.0.0.1 with the migrations applied, wired into this process the way Netlify wires a function (NETLIFY_DB_URL).
 */
export async function startTestDatabase(): Promise<TestDatabase> {
  const engine = new NetlifyDB({ logger: () => undefined });
  const url = await engine.start();
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
      delete process.env['NETLIFY_DB_URL'];
    },
  };
}
