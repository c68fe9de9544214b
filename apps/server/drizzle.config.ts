import { defineConfig } from 'drizzle-kit'

// `npx drizzle-kit generate` (run in apps/server) writes SQL migrations to ./drizzle;
// they are committed and applied by openDatabase() at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
})
