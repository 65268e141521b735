import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    // Every core: Vitest's default leaves one free (one worker on a 2-core CI machine), and the
    // API files, each on its own database, are CPU-bound.
    maxWorkers: '100%',
    projects: [
      // Framework-free rules, i18n and server code: no build needed.
      { resolve: { alias }, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      // The /api server on PGlite (or PostgreSQL when DATABASE_URL is set), through app.request().
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/api/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // Races and multi-instance checks: real PostgreSQL only (scripts/test-pg.ts sets it up).
      {
        resolve: { alias },
        test: { name: 'pg', include: ['tests/pg/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 },
      },
      // Reads the built site in dist/ (run after `npm run build`).
      { resolve: { alias }, test: { name: 'build', include: ['tests/build/**/*.test.ts'] } },
    ],
  },
});
