// `npm run dev`: the whole site (pages, /api, the local database and local Blobs) at http://localhost:8888.
// First run: writes .env with a random JWT secret and local admin password and
// prints the login once. Every run: applies pending migrations to the local database (.netlify/db, which
// `netlify dev` then serves to the functions) and seeds demo content into it when it is empty.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const envPath = new URL('../.env', import.meta.url);

function createLocalEnv() {
  const password = randomBytes(12).toString('base64url');
  const template = readFileSync(new URL('../.env.example', import.meta.url), 'utf8');
  const filled = template
    .replace(/^JWT_SECRET=.*$/m, `JWT_SECRET=${randomBytes(48).toString('base64url')}`)
    .replace(/^ADMIN_USERNAME=.*$/m, 'ADMIN_USERNAME=admin')
    .replace(/^ADMIN_PASSWORD=.*$/m, `ADMIN_PASSWORD=${password}`);
  writeFileSync(envPath, filled, { mode: 0o600 });
  const line = '─'.repeat(60);
  console.log(
    `\n${line}\n  Local admin login (shown once; it is in .env)\n  username: admin\n  password: ${password}\n${line}\n`,
  );
}

if (!existsSync(envPath)) createLocalEnv();

// The same rule as the site's (src/features/accounts/schema.ts, MIN_PASSWORD_LENGTH): the local admin would never be created.
const adminPassword = (/^ADMIN_PASSWORD=(.*)$/m.exec(readFileSync(envPath, 'utf8'))?.[1]?.trim() ?? '').replace(
  /^(['"])(.*)\1$/,
  '$2',
);
if (adminPassword && [...adminPassword].length < 12) {
  console.error(
    `ADMIN_PASSWORD in .env has ${[...adminPassword].length} characters; it must have at least 12. ` +
      'Set a longer one in .env (or delete .env to have a new random one written).',
  );
  process.exit(1);
}

const seed = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed-local.ts'], { stdio: 'inherit' });
if (seed.status !== 0) process.exit(seed.status ?? 1);

// Offline: without these flags netlify dev tries to download Deno for edge
// functions, which this project does not have (docs/decisions/0009-offline-netlify-dev.md).
const netlify = spawn('netlify', ['dev', '--offline', '--internal-disable-edge-functions', ...process.argv.slice(2)], {
  stdio: 'inherit',
  shell: process.platform === 'win32',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => netlify.kill(signal));
netlify.on('exit', (code) => process.exit(code ?? 0));
