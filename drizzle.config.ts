import { defineConfig } from 'drizzle-kit';

/** drizzle-kit generate writes SQL migrations here; the app applies them at start (never `push`). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/*.schema.ts',
  out: './server/db/migrations',
});
