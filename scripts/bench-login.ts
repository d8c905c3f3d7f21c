// `npm run bench:login`: how long a sign-in takes for a good password, a wrong
// password, an unknown username and an over-long password, handlers in this
// process against a real local database (in memory). The unknown-username time must
// match the wrong-password time (both run one cost-12 bcrypt check), so that
// timing does not tell which usernames exist; the API test checks the same
// with a wide bound, this measures it precisely.
import { performance } from 'node:perf_hooks';
import { startTestDatabase } from '../tests/helpers/db';
import { call } from '../tests/helpers/functions';

const RUNS = 15;
const USERNAME = 'bench';
const PASSWORD = 'bench password long enough';

const database = await startTestDatabase();
process.env['JWT_SECRET'] = 'bench-secret-that-is-long-enough-0123456789abcdef';
process.env['ADMIN_USERNAME'] = USERNAME;
process.env['ADMIN_PASSWORD'] = PASSWORD;
const { resetEnvCache } = await import('../src/platform/env');
resetEnvCache();
const adminLogin = (await import('../netlify/functions/session-sign-in')).default;
const { USERNAME_DELAY, usernameDelayMs } = await import('../src/features/accounts/login-throttle');
// The password check alone first: the per-username delay (measured last) would otherwise slow the wrong passwords.
const { unitMs } = USERNAME_DELAY;
USERNAME_DELAY.unitMs = 0;

const KINDS = ['good password', 'wrong password', 'unknown username', 'password over 1 KB'] as const;
type Kind = (typeof KINDS)[number];
const attempts: Record<Kind, { username: string; password: string; status: number }> = {
  'good password': { username: USERNAME, password: PASSWORD, status: 200 },
  'wrong password': { username: USERNAME, password: 'not the password', status: 401 },
  'unknown username': { username: 'nobody', password: 'not the password', status: 401 },
  'password over 1 KB': { username: USERNAME, password: 'x'.repeat(1025), status: 400 },
};

async function signIn(kind: Kind, run: number): Promise<number> {
  const { username, password, status } = attempts[kind];
  const start = performance.now();
  // Each attempt from an IP of its own, so that the lock after 5 failures never answers instead.
  const response = await call(adminLogin, '/api/admin/login', {
    method: 'POST',
    body: { username, password },
    headers: { origin: 'http://localhost:8888' },
    ip: `10.${KINDS.indexOf(kind)}.${run}.1`,
  });
  await response.arrayBuffer();
  const elapsed = performance.now() - start;
  if (response.status !== status) throw new Error(`${kind}: expected ${status}, got ${response.status}`);
  return elapsed;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

// The first good sign-in creates the admin from the environment: not part of any measurement.
await signIn('good password', RUNS);
const times = new Map<Kind, number[]>(KINDS.map((kind) => [kind, []]));
// Interleaved, so that a slow moment of the machine falls on every kind alike.
for (let run = 0; run < RUNS; run += 1) {
  for (const kind of times.keys()) times.get(kind)?.push(await signIn(kind, run));
}

const medians = new Map<Kind, number>();
console.table(
  [...times].map(([kind, values]) => {
    const sorted = [...values].sort((a, b) => a - b);
    medians.set(kind, percentile(sorted, 50));
    return {
      'sign-in': kind,
      'p50 ms': Math.round(percentile(sorted, 50)),
      'p95 ms': Math.round(percentile(sorted, 95)),
    };
  }),
);
const ratio = (medians.get('unknown username') ?? Number.NaN) / (medians.get('wrong password') ?? Number.NaN);
console.log(`unknown username / wrong password (medians): ${ratio.toFixed(2)}`);
console.log(`(${RUNS} runs per kind, Node ${process.version})`);

// One username guessed from many IPs: each attempt from an IP of its own, so only the per-username delay acts.
USERNAME_DELAY.unitMs = unitMs;
const delays = [];
for (let attempt = 1; attempt <= 11; attempt += 1) {
  const start = performance.now();
  const response = await call(adminLogin, '/api/admin/login', {
    method: 'POST',
    body: { username: 'bench-target', password: `guess ${attempt}` },
    headers: { origin: 'http://localhost:8888' },
    ip: `10.9.${attempt}.1`,
  });
  await response.arrayBuffer();
  if (response.status !== 401) throw new Error(`guess ${attempt}: expected 401, got ${response.status}`);
  delays.push({
    attempt,
    'failures before': attempt - 1,
    'delay ms': usernameDelayMs(attempt - 1),
    'answered after ms': Math.round(performance.now() - start),
  });
}
console.table(delays);
await database.stop();
