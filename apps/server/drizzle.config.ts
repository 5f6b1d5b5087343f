import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes a new migration here; `npm run db:check` fails when one is missing. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
});
