import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit-api',
          include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
          environment: 'node',
          // One file at a time: the files share one local Blobs server, and the retention job's test deletes every
          // session it finds ended (it runs the job hours ahead), which signed other files' users out mid-test.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          // One browser at a time on CI's two cores: one test file after another.
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A poll waits on the server: a toast after a write that also claims quota slots can take more than the
          // default second on a busy two-core machine.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
