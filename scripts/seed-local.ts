// `npm run dev`, before the site starts: applies pending migrations to the local database that `netlify dev` opens
// (.netlify/db) and seeds the demo content into it when it is empty, and makes the local admin (.env's
// ADMIN_USERNAME) a partner with meeting hours when they have none.
import { existsSync } from 'node:fs';
import { seedDemoContent } from '../src/features/content/seed';
import { seedDemoPartner } from '../src/features/meetings/demo-partner';
import { openLocalDatabase } from './local-db';

// The local admin's name and password, as `netlify dev` gives them to the functions.
if (existsSync('.env')) process.loadEnvFile('.env');
const database = await openLocalDatabase();
try {
  if (database.applied.length) console.log(`Applied migrations: ${database.applied.join(', ')}.`);
  const seeded = await seedDemoContent();
  if (Object.values(seeded).some(Boolean)) {
    console.log(
      `Seeded demo content: ${seeded.portfolio} case studies, ${seeded.insights} insights, ${seeded.team} partners, ${seeded.clients} clients, ${seeded.testimonials} quotes.`,
    );
  }
  const partner = await seedDemoPartner();
  if (partner)
    console.log(`Made ${partner} a partner with meeting hours (Monday to Friday, 9:00 to 17:00 Madrid time).`);
} finally {
  await database.stop();
}
