import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, inject } from 'vitest';

// Every browser file starts once the served site answers (vitest.config.ts `setupFiles`). The global setup starts
// `netlify serve` and does not wait for its build (tests/e2e/global-setup.ts); the files run after the unit and API
// files, so the site is usually up by then. If it stopped, or is not up by the run's one deadline, each file fails at
// once with the end of its output.
beforeAll(
  async () => {
    const url = `${inject('baseUrl')}/api/portfolio`;
    const log = inject('siteLog');
    const output = () => `; its output ends:\n${readFileSync(log, 'utf8').slice(-4000)}`;
    let last: string;
    do {
      if (existsSync(`${log}.exit`)) throw new Error(`${readFileSync(`${log}.exit`, 'utf8')}${output()}`);
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
        await response.arrayBuffer();
        if (response.ok) return;
        last = `GET /api/portfolio answered ${response.status}`;
      } catch (error) {
        last = `GET /api/portfolio: ${(error as Error).message}`;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    } while (Date.now() < inject('siteDeadline'));
    throw new Error(`The site was not up 5 minutes after it started (${last})${output()}`);
  },
  // Past the deadline: a run whose site starts late still fails with the message above, not a hook timeout.
  330_000,
);
