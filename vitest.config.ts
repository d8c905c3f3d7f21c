import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker; two let an API file run while another waits on its Blobs server.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit-api',
          include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
          environment: 'node',
          // Files run side by side: each file starts its own local Blobs server in a temporary folder
          // (tests/helpers/blobs.ts) in a worker process of its own, so a test that sweeps a whole store (the
          // retention job) sees only its own file's data.
          // Sign-in tests run bcrypt (cost 12) dozens of times: 20 s alone on a quiet machine, several times that
          // beside another file on a busy one. The bound is there to stop a hung test, not to time the code.
          testTimeout: 120_000,
          hookTimeout: 120_000,
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
