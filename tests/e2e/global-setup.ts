import { spawn } from 'node:child_process';
import { openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

// E2E_PORT lets two checkouts run their browser tests side by side.
const PORT = Number(process.env['E2E_PORT'] ?? 8899);
export const E2E_ADMIN = { username: 'e2e-admin', password: 'e2e password that is long enough' };
/** The served site's key for visitor IPs in daily quotas (tests/e2e/quotas.test.ts fills a visitor's quota). */
export const E2E_IP_HASH_SECRET = 'e2e-ip-hash-secret-that-is-long-enough-0123456789';

/**
 * Browser tests run against the production build served the way Netlify
 * serves it (`netlify serve`: static files, the SSR function, the API
 * functions and a local Blobs server for files), with a database of their own: an in-memory Netlify Database engine
 * started here, migrations applied and the demo content seeded, reached by the site through NETLIFY_DB_URL as a
 * deploy's functions reach theirs. Test files that write records straight into it (as `npm run admin:create` would)
 * get its address with `inject('databaseUrl')` (tests/e2e/helpers.ts, `useSiteDatabase`).
 */
export default async function setup(project: TestProject) {
  const { startSeededDatabase } = await import('./seed-e2e');
  const database = await startSeededDatabase();

  const { startFakeOpenAi } = await import('../helpers/fake-openai');
  const { startFakeTavus } = await import('../helpers/fake-tavus');
  const [openai, tavus] = await Promise.all([startFakeOpenAi(), startFakeTavus()]);
  const env = {
    ...process.env,
    NETLIFY_DB_URL: database.url,
    JWT_SECRET: 'e2e-secret-that-is-long-enough-0123456789abcdef',
    IP_HASH_SECRET: E2E_IP_HASH_SECRET,
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    BROWSER: 'none',
    OPENAI_API_KEY: 'sk-e2e',
    OPENAI_BASE_URL: openai.baseURL,
    OPENAI_MODEL: 'e2e-model',
    TAVUS_API_KEY: 'tavus-e2e',
    TAVUS_BASE_URL: tavus.baseURL,
    TAVUS_REPLICA_ID: 'r-e2e',
    TAVUS_PERSONA_ID: 'p-e2e',
    // Mail goes to an SMTP server the test that reads it starts on this port (tests/e2e/forms.test.ts); while none
    // listens, sends fail at once and wait in the outbox.
    SMTP_URL: `smtp://127.0.0.1:${PORT + 300}`,
    MAIL_FROM: 'Vantia Partners <news@e2e.test>',
    LEADS_TO: 'leads@e2e.test',
    // Passwords hashed at bcrypt's test cost, as in the other tests (src/features/accounts/bcrypt-cost.ts). Vitest
    // sets it in this process too; named here so the site's cost does not hang on what the spread above carries.
    VITEST: 'true',
    // Each function's bundle stays loaded between requests, as a deployed function's instance stays warm, instead of
    // being imported anew for every request (a patch to netlify-cli: docs/decisions/0052-warm-functions-under-netlify-serve.md).
    NETLIFY_DEV_WARM_FUNCTIONS: '1',
    // Each Image CDN transform is made once and kept, as the CDN keeps it, instead of once per request: the same
    // pictures in AVIF, asked for hundreds of times by the browser tests, cost minutes of CPU (a patch to netlify-cli's
    // @netlify/images: docs/decisions/0055-suite-speed-image-transforms-kept-site-built-beside.md).
    NETLIFY_DEV_CACHE_IMAGES: '1',
  };
  // The server's output goes to a file (read on failure), not through pipes that outlive the run.
  const logPath = join(tmpdir(), `netlify-serve-e2e-${process.pid}.log`);
  const log = openSync(logPath, 'w');
  // The functions and static servers' ports follow the site's, so two checkouts' runs do not collide on
  // netlify's defaults (3999 for both).
  const args = ['serve', '--offline', '--internal-disable-edge-functions', '--port', String(PORT)];
  const ports = ['--functions-port', String(PORT + 100), '--staticServerPort', String(PORT + 200)];
  const child = spawn('netlify', [...args, ...ports], {
    env,
    stdio: ['ignore', log, log],
    detached: true,
  });
  // Not waited for here: the build takes a minute or more, which the unit and API files (run before the browser
  // files) use. Each browser file waits for the site first (tests/e2e/site-ready.ts); if it stops, it says so here.
  const stopped = `${logPath}.exit`;
  rmSync(stopped, { force: true });
  child.on('exit', (code, signal) =>
    writeFileSync(stopped, `netlify serve stopped (${signal ?? `exit code ${code}`})`),
  );
  child.on('error', (error) => writeFileSync(stopped, `netlify serve did not start: ${error.message}`));
  project.provide('baseUrl', `http://localhost:${PORT}`);
  project.provide('siteLog', logPath);
  // One deadline for every file: a site that never comes up fails the first file after 5 minutes, the rest at once.
  project.provide('siteDeadline', Date.now() + 300_000);
  project.provide('databaseUrl', database.url);
  project.provide('fakeOpenAi', openai.baseURL.replace(/\/v1$/, ''));
  project.provide('fakeTavus', tavus.baseURL);
  project.provide('smtpPort', PORT + 300);
  return async () => {
    // Its whole process group (netlify serve's own servers and build), even if netlify serve itself has stopped.
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') console.error(error);
    }
    await Promise.all([openai.stop(), tavus.stop(), database.stop()]);
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** `netlify serve`'s output; `${siteLog}.exit` once it has stopped. */
    siteLog: string;
    /** When the browser files stop waiting for the site (ms since the epoch). */
    siteDeadline: number;
    databaseUrl: string;
    fakeOpenAi: string;
    fakeTavus: string;
    smtpPort: number;
  }
}
