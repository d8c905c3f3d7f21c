import { afterAll, beforeAll } from 'vitest';
import { startTestDatabase, type TestDatabase } from './db';

// Every API test file gets a database of its own, in memory, with the migrations applied (vitest.config.ts):
// files never see each other's rows, and a job that sweeps a whole table (retention) sees only its file's.
let current: TestDatabase | undefined;

beforeAll(async () => {
  current = await startTestDatabase();
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
