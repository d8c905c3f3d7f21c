// `npm run admin:create -- --username NAME [--role admin|investor]`
// Creates a dashboard user, or sets a new password and role for an existing one
// (and reactivates it): a new password ends the user's existing sessions.
// The password (12+ characters) is read from ADMIN_CREATE_PASSWORD or asked for (not echoed).
// The local database by default (the one `npm run dev` uses); with NETLIFY_DB_URL set, that database instead: a
// deployed site's connection string (README, "Deploying": `netlify env:get NETLIFY_DB_URL` or the site's
// Database page).
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { MIN_PASSWORD_LENGTH, passwordProblem, roleSchema } from '../src/features/accounts/schema';
import { openLocalDatabase } from './local-db';

const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    role: { type: 'string', default: 'admin' },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function askPassword(): Promise<string> {
  if (process.env['ADMIN_CREATE_PASSWORD']) return process.env['ADMIN_CREATE_PASSWORD'];
  if (!process.stdin.isTTY) fail('Set ADMIN_CREATE_PASSWORD, or run this in a terminal to be asked.');
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const mute = rl as unknown as { _writeToOutput: (text: string) => void };
  process.stdout.write(`Password (${MIN_PASSWORD_LENGTH}+ characters): `);
  mute._writeToOutput = () => undefined;
  const password = await new Promise<string>((resolve) => rl.question('', resolve));
  rl.close();
  process.stdout.write('\n');
  return password;
}

if (!values.username) fail('Usage: npm run admin:create -- --username NAME [--role admin|investor]');
const role = roleSchema.safeParse(values.role);
if (!role.success) fail('--role is admin or investor');

// Refused before anything is opened or written.
const password = await askPassword();
const problem = passwordProblem(password);
if (problem) fail(`Refused: ${problem}. Nothing was saved.`);

// Accounts live in the database: the one NETLIFY_DB_URL names (a deployed site's, or the tests' own), else the
// local one.
const close = process.env['NETLIFY_DB_URL']
  ? (await import('../src/platform/db/client')).closeDatabase
  : (await openLocalDatabase()).stop;

try {
  const { saveUser } = await import('../src/features/accounts/users-store');
  const user = await saveUser({ username: values.username, password, role: role.data });
  console.log(`Saved ${user.role} "${user.username}".`);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  await close();
}
