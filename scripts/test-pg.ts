/**
 * `npm run test:pg`: the API tests again on a real PostgreSQL, plus the races and multi-instance
 * tests that PGlite (one query at a time) would hide. Uses TEST_DATABASE_URL when set (CI starts
 * one), else starts a throwaway PostgreSQL on loopback with scripts/pg-local.sh.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

let url = process.env.TEST_DATABASE_URL;
if (!url) {
  const script = fileURLToPath(new URL('./pg-local.sh', import.meta.url));
  const started = spawnSync('bash', [script, 'start'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (started.status !== 0) {
    console.error(
      'Could not start PostgreSQL for the race tests (scripts/pg-local.sh). Set TEST_DATABASE_URL.',
    );
    process.exit(started.status ?? 1);
  }
  url = started.stdout.trim().split('\n').pop()!;
}
console.log(`PostgreSQL tests on ${url.replace(/:[^:@/]+@/, ':***@')}`);
const run = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--project',
    'api',
    '--project',
    'pg',
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=bench-results/tests-api-and-races-postgresql.json',
  ],
  {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: url },
  },
);
process.exit(run.status ?? 1);
