import { startTestDatabase, type TestDatabase } from '../helpers/db';

/**
 * A database of its own for a served site (browser tests, the Lighthouse bench): the engine in memory, migrations
 * applied, the demo content seeded. The engine lives in this process; the site reaches it through its URL.
 */
export async function startSeededDatabase(): Promise<TestDatabase> {
  const database = await startTestDatabase();
  try {
    const { seedDemoContent } = await import('../../src/features/content/seed');
    await seedDemoContent();
    const { closeDatabase } = await import('../../src/platform/db/client');
    await closeDatabase();
    return database;
  } catch (error) {
    await database.stop();
    throw error;
  } finally {
    // The unit and API test workers share this process's environment: only the served site gets the URL.
    delete process.env['NETLIFY_DB_URL'];
  }
}
