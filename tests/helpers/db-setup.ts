import { afterAll, beforeAll, inject } from 'vitest';
import { startTestDatabase, type TestDatabase } from './db';
import { databaseTemplate } from './db-template';

// Every API test file gets a database of its own, a copy of one migrated for the run (tests/helpers/db-template.ts,
// vitest.config.ts): files never see each other's rows, and a job that sweeps a whole table (retention) sees only its
// file's.
let current: TestDatabase | undefined;

beforeAll(async () => {
  current = await startTestDatabase(databaseTemplate(inject('databaseTemplate')));
});

afterAll(async () => {
  await current?.stop();
  current = undefined;
});

/** This test file's database. */
export function testDatabase(): TestDatabase {
  if (!current) throw new Error('The test database starts in beforeAll');
  return current;
}
