import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { NetlifyDB } from '@netlify/database-dev';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS } from './db';

/**
 * Where the run's databases live: tmpfs where the machine has one (Linux's /dev/shm), so a copy is as quick to write
 * as memory; the system's temporary folder otherwise.
 */
function databaseScratch(): string {
  return existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
}

/** The template and where a file's copy of it goes (beside it, in the run's folder). */
export function databaseTemplate(template: string): { template: string; scratch: string } {
  return { template, scratch: dirname(template) };
}

/**
 * One migrated database for the whole API run (vitest.config.ts `globalSetup`): the engine's first start (Postgres'
 * initdb, about 5 s on two busy cores) happens once here, and each test file starts from a copy of its data folder in
 * about half a second (tests/helpers/db.ts, `startTestDatabase`).
 */
export default async function setup(project: TestProject) {
  // The run's folder: the template, and the files' copies beside it, all removed after the run (a copy's file that
  // crashed before removing its own too).
  const run = mkdtempSync(join(databaseScratch(), 'vitest-db-'));
  const directory = join(run, 'template');
  const engine = new NetlifyDB({ directory, logger: () => undefined });
  await engine.start();
  await engine.applyMigrations(MIGRATIONS);
  await engine.stop();
  project.provide('databaseTemplate', directory);
  return () => rmSync(run, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: string;
  }
}
