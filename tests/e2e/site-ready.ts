import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, inject } from 'vitest';

// Every browser file starts once the served site answers (vitest.config.ts `setupFiles`). The global setup starts
// `netlify serve` and does not wait for its build (tests/e2e/global-setup.ts); the files run after the unit and API
// files, so the site is usually up by then. If it stopped, each file fails at once with the end of its output.
const START_TIMEOUT_MS = 300_000;

beforeAll(async () => {
  const url = `${inject('baseUrl')}/api/portfolio`;
  const log = inject('siteLog');
  const start = Date.now();
  while (Date.now() - start < START_TIMEOUT_MS) {
    if (existsSync(`${log}.exit`)) {
      throw new Error(
        `${readFileSync(`${log}.exit`, 'utf8')}; its output ends:\n${readFileSync(log, 'utf8').slice(-4000)}`,
      );
    }
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(
    `The site did not start within ${START_TIMEOUT_MS / 1000} s; its output ends:\n${readFileSync(log, 'utf8').slice(-4000)}`,
  );
}, START_TIMEOUT_MS + 10_000);
