import { getDatabase, type DatabaseConnection } from '@netlify/database';
import type { SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { randomBytes } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';

/**
 * The site's records live in Netlify Database (Postgres): `getDatabase()` reads `NETLIFY_DB_URL`, which Netlify sets
 * on a deploy (a database branch per deploy preview), `netlify dev` sets to its embedded engine, and the tests set to
 * an in-memory one of their own (tests/helpers/db.ts). Drizzle ORM types the queries (docs/decisions/0036-netlify-database-through-drizzle-orm.md).
 */
export type Database = NodePgDatabase;
/** A transaction's handle: the same query builder, bound to the transaction's one connection. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either: functions that take part in a caller's transaction accept this. */
export type Queryable = Database | Transaction;

interface Connection {
  url: string;
  connection: DatabaseConnection;
  db: Database;
}

// One pool per process, shared by every function bundle loaded into it (each bundle has its own copy of this module).
const KEY = Symbol.for('vantia.database');
const holder = globalThis as { [KEY]?: Connection };

/**
 * The local engine (`@netlify/database-dev`: PGlite behind a socket) runs every connection in one Postgres session,
 * so two connections' transactions would interleave (measured: 40 racing transactions, half rolled back, kept 17 rows
 * instead of 20). Locally the pool therefore holds one connection: statements and transactions queue in turn, as a
 * real server's locks would order them. Deployed, Netlify Database is a real Postgres and the pool is as
 * `getDatabase()` makes it (`pg`'s, or Neon's pg-compatible serverless Pool where NETLIFY_DB_DRIVER=serverless).
 */
function isLocalEngine(url: string): boolean {
  try {
    return ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);
  } catch {
    return false;
  }
}

const counter = { queries: 0 };

/** Statements sent through Drizzle by this process since the last `resetQueryCount()`. */
export function queryCount(): number {
  return counter.queries;
}

export function resetQueryCount(): void {
  counter.queries = 0;
}

/** The database of this process (opened on first use; reopened if the URL changed, as between test files). */
export function database(): Database {
  const url = process.env['NETLIFY_DB_URL'] ?? '';
  const current = holder[KEY];
  if (current && current.url === url) return current.db;
  if (current) void current.connection.pool.end().catch(() => undefined);
  const connection = getDatabase();
  const pool = connection.pool as Pool;
  if (isLocalEngine(connection.connectionString)) pool.options.max = 1;
  // An idle client that the server drops (a deploy's database scaled to zero) must not crash the function.
  pool.on('error', (error: Error) => console.error('database pool:', error.message));
  const db = drizzle(pool, {
    casing: 'snake_case',
    // Counts statements for the benchmark and the tests that bound a call's queries (`queryCount`).
    logger: { logQuery: () => void (counter.queries += 1) },
  });
  holder[KEY] = { url, connection, db };
  return db;
}

const dialect = new PgDialect({ casing: 'snake_case' });

/** The name each pool client prepared a statement under (a client's own name: see executePrepared). */
const preparedNames = new WeakMap<PoolClient, Map<string, string>>();

/**
 * A hot statement sent as a named prepared statement: parsed and planned once per connection, not at every call (the
 * analytics beacon's, a long statement of many CTEs sent hundreds of times a second). Each pool client prepares it
 * under a name of its own (`{name}-{random}`): the local engine runs every client in one Postgres session, which
 * outlives a client the pool closed, so a second client preparing the same name would fail there ("prepared
 * statement already exists"). Counted like the rest (`queryCount`).
 */
export async function executePrepared<T>(name: string, query: SQL): Promise<T[]> {
  database();
  const pool = holder[KEY]!.connection.pool as Pool;
  const { sql: text, params } = dialect.sqlToQuery(query);
  counter.queries += 1;
  const client = await pool.connect();
  try {
    const names = preparedNames.get(client) ?? new Map<string, string>();
    preparedNames.set(client, names);
    const own = names.get(name) ?? `${name}-${randomBytes(6).toString('hex')}`;
    names.set(name, own);
    return (await client.query({ name: own, text, values: params })).rows as T[];
  } finally {
    client.release();
  }
}

/** Closes this process's pool (scripts and tests, when they are done). */
export async function closeDatabase(): Promise<void> {
  const current = holder[KEY];
  delete holder[KEY];
  if (current) await current.connection.pool.end();
}
