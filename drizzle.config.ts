import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a migration for the change in a feature's `tables.ts` (src/features/*/tables.ts) into netlify/database/migrations,
// which Netlify applies on deploy and `npm run dev` and the tests apply locally (docs/architecture.md, "Storage").
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/features/*/tables.ts',
  out: './netlify/database/migrations',
  casing: 'snake_case',
});
