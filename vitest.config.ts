import { statSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order, except two things. The pseudo-language file first: it is the longest (a build of its own, about a
 * minute), and started last it ran alone on one core while the other waited (docs/decisions/0055). The browser files
 * always in the order a fresh clone (CI) runs them in, largest file first, whatever earlier runs left in Vitest's
 * cache (which otherwise puts the last run's failures and slowest files first). They share one served site, so a file
 * can see what an earlier one left: one order for every run keeps a green run green
 * (docs/decisions/0052-warm-functions-under-netlify-serve.md).
 */
class BrowserFilesInOneOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = (await super.sort(files)).sort(
      (a, b) => Number(b.project.name === 'languages') - Number(a.project.name === 'languages'),
    );
    const browser = sorted
      .filter((spec) => spec.project.name === 'e2e')
      .map((spec) => ({ spec, size: statSync(spec.moduleId).size }))
      .sort((a, b) => b.size - a.size || a.spec.moduleId.localeCompare(b.spec.moduleId))
      .map(({ spec }) => spec);
    let next = 0;
    return sorted.map((spec) => (spec.project.name === 'e2e' ? browser[next++]! : spec));
  }
}

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker; two let an API file run while another waits on its Blobs server.
    maxWorkers: 2,
    sequence: { sequencer: BrowserFilesInOneOrder },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // Files run side by side, each in a worker process of its own with a database of its own (a copy of one
          // migrated once for the run: tests/helpers/db-template.ts, tests/helpers/db-setup.ts) and a local Blobs
          // server for files (tests/helpers/blobs.ts), so a test that sweeps a whole table (the retention job) sees
          // only its own file's rows.
          globalSetup: ['tests/helpers/db-template.ts'],
          setupFiles: ['tests/helpers/db-setup.ts'],
          // Limits, not waits. With bcrypt at its test cost (src/features/accounts/bcrypt-cost.ts) the slowest test
          // (admin-auth's timing test, seven checks at the production cost) took up to 10 s and the slowest beforeAll
          // (a database, migrations, seeded rows) 14 s, on the two cores shared with other runs (load 10 to 12).
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // A pseudo language added to a copy of the site, which is then built and type-checked (about 2 minutes).
          name: 'languages',
          include: ['tests/languages/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/e2e/site-ready.ts'],
          // One browser at a time on CI's two cores: one test file after another.
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A poll waits on the server: a toast after a write that also takes a quota can take more than the
          // default second on a busy two-core machine.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
