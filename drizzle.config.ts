import { defineConfig } from 'drizzle-kit';

/** `npx drizzle-kit generate` writes SQL migrations from server/platform/db/schema.ts. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/platform/db/schema.ts',
  out: './server/platform/db/migrations',
});
