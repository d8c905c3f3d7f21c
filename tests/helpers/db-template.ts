import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NetlifyDB } from '@netlify/database-dev';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS } from './db';

/**
 * Where database copies live: tmpfs where the machine has one (Linux's /dev/shm), so a copy is as quick to write as
 * memory; the system's temporary folder otherwise.
 */
export function databaseScratch(): string {
  return existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
}

/**
 * One migrated database for the whole API run (vitest.config.ts `globalSetup`): the engine's first start (Postgres'
 * initdb, about 5 s on two busy cores) happens once here, and each test file starts from a copy of its data folder in
 * about half a second (tests/helpers/db.ts, `startTestDatabase`).
 */
export default async function setup(project: TestProject) {
  const directory = mkdtempSync(join(databaseScratch(), 'vitest-db-template-'));
  const engine = new NetlifyDB({ directory, logger: () => undefined });
  await engine.start();
  await engine.applyMigrations(MIGRATIONS);
  await engine.stop();
  project.provide('databaseTemplate', directory);
  return () => rmSync(directory, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: string;
  }
}
