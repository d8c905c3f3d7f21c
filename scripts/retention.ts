// `npm run retention [-- --now 2027-01-01T00:00:00Z]`
// Runs the daily retention job (src/features/retention/retention.ts) once, now, against the local database that `npm run dev`
// uses: what the scheduled function `netlify/functions/scheduled-retention.ts` does every day on Netlify.
// `--now` pretends the job runs at another moment (to see what a later run would delete).
import { parseArgs } from 'node:util';
import { runRetention } from '../src/features/retention/retention';
import { openLocalDatabase } from './local-db';

const { values } = parseArgs({ options: { now: { type: 'string' } } });
const now = values.now ? new Date(values.now) : new Date();
if (Number.isNaN(now.getTime())) {
  console.error('--now must be a date, e.g. 2027-01-01T00:00:00Z');
  process.exit(1);
}

const database = await openLocalDatabase();
try {
  console.log(JSON.stringify(await runRetention(now), null, 2));
} finally {
  await database.stop();
}
