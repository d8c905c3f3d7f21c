import { readdirSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { MIGRATIONS, startTestDatabase } from '../helpers/db';
import { testDatabase } from '../helpers/db-setup';
import { databaseTemplate } from '../helpers/db-template';

// Each API file's database is a copy of one migrated once for the run (tests/helpers/db-template.ts): the copy must
// hold every migration, and what a file writes must stay in its copy.
describe("an API test file's database", () => {
  const migrations = readdirSync(MIGRATIONS)
    .filter((name) => name.endsWith('.sql'))
    .map((name) => name.slice(0, -'.sql'.length))
    .sort();

  it('has every migration applied', async () => {
    const applied = await testDatabase().query<{ name: string }>('SELECT name FROM netlify.migrations ORDER BY name');
    expect(applied.map((row) => row.name)).toEqual(migrations);
  });

  it("is a copy of the run's migrated database, and another file's copy does not see its rows", async () => {
    await testDatabase().query('CREATE TABLE only_here (id int)');
    await testDatabase().query('INSERT INTO only_here VALUES (1)');
    const tables = `SELECT table_name FROM information_schema.tables WHERE table_name = 'only_here'`;
    const other = await startTestDatabase(databaseTemplate(inject('databaseTemplate')));
    try {
      // Both copies of the one migrated for the run: the migrations were applied once, before either started.
      const applied = 'SELECT name, applied_at::text FROM netlify.migrations ORDER BY name';
      expect(await other.query(applied)).toEqual(await testDatabase().query(applied));
      expect(await other.query(tables)).toEqual([]);
      expect(await testDatabase().query(tables)).toHaveLength(1);
    } finally {
      await other.stop();
      process.env['NETLIFY_DB_URL'] = testDatabase().url;
    }
  });
});
