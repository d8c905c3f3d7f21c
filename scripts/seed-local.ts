// `npm run dev`, before the site starts: applies pending migrations to the local database that `netlify dev` opens
// (.netlify/db) and seeds the demo content into it when it is empty.
import { seedDemoContent } from '../src/features/content/seed';
import { openLocalDatabase } from './local-db';

const database = await openLocalDatabase();
try {
  if (database.applied.length) console.log(`Applied migrations: ${database.applied.join(', ')}.`);
  const seeded = await seedDemoContent();
  if (Object.values(seeded).some(Boolean)) {
    console.log(
      `Seeded demo content: ${seeded.portfolio} case studies, ${seeded.insights} insights, ${seeded.team} partners, ${seeded.clients} clients, ${seeded.testimonials} quotes.`,
    );
  }
} finally {
  await database.stop();
}
