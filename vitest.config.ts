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
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          exclude: ['tests/unit/**/*-utc8.test.ts'],
        },
      },
      // The files about dates and days again in UTC+8 (spec §9: UTC shown in local time; server
      // days are UTC days): CI runs in UTC, where mixing up the two passes unseen.
      {
        resolve: { alias },
        test: {
          name: 'unit-utc8',
          include: [
            'tests/unit/dates.test.ts',
            'tests/unit/dates-utc8.test.ts',
            'tests/unit/content-rules.test.ts',
            'tests/unit/outreach.test.ts',
            'tests/unit/leads-import-shipments.test.ts',
          ],
          env: { TZ: 'Asia/Shanghai' },
        },
      },
      // The /api server on PGlite (or PostgreSQL when DATABASE_URL is set), through app.request().
      // Files share their worker (no isolation): each builds its own server and database through
      // tests/api/harness.ts and restores what it spies on, and a fresh worker per file spent
      // 3–8 s importing the server and compiling PGlite's WebAssembly again (a run on 2 cores:
      // 308 s isolated, 206 s shared).
      {
        resolve: { alias },
        test: {
          name: 'api',
          isolate: false,
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/api/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // Races and multi-instance checks: real PostgreSQL only (scripts/test-pg.ts sets it up).
      {
        resolve: { alias },
        test: {
          name: 'pg',
          isolate: false,
          include: ['tests/pg/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      // Reads the built site in dist/ (run after `npm run build`).
      { resolve: { alias }, test: { name: 'build', include: ['tests/build/**/*.test.ts'] } },
    ],
  },
});
