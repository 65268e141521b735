/**
 * Issue 36, item 5: the connections one instance opens to PostgreSQL are DATABASE_POOL_SIZE, all
 * told (its requests' pool and the outreach queue's), however many requests arrive at once. Counted
 * by PostgreSQL itself (pg_stat_activity) while the real server (`startServer`, as
 * `node server/main.ts` runs it) answers 60 requests at once.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../scripts/lib/local.ts';
import { loadConfig } from '../../server/platform/config.ts';
import { QUEUE_CONNECTIONS } from '../../server/platform/db/client.ts';
import { startServer, type StartedServer } from '../../server/start.ts';

const POOL_SIZE = 5;
let admin: pg.Client;
let name: string;
let server: StartedServer;

beforeAll(async () => {
  const base = process.env.DATABASE_URL!;
  const url = new URL(await createDatabase(base, 'hl_pool'));
  name = url.pathname.slice(1);
  admin = new pg.Client({ connectionString: base, application_name: 'pool-size-test' });
  await admin.connect();
  server = await startServer(
    loadConfig({
      DATABASE_URL: url.href,
      DATABASE_POOL_SIZE: String(POOL_SIZE),
      PORT: '0',
      HOST: '127.0.0.1',
      DIST_DIR: '/nonexistent',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'hl-pool-')),
      DEMO_SEED: '0',
      RATE_LIMIT_SCALE: '1000',
    }),
    { log: () => {} },
  );
});
afterAll(async () => {
  await server?.close();
  await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin?.end();
});

/** This database's client connections, by the application name each pool gives. */
async function connections(): Promise<Record<string, number>> {
  const { rows } = await admin.query<{ app: string; n: number }>(
    `SELECT application_name AS app, count(*)::int AS n FROM pg_stat_activity
     WHERE datname = $1 AND backend_type = 'client backend' GROUP BY 1`,
    [name],
  );
  return Object.fromEntries(rows.map((row) => [row.app, row.n]));
}

describe('DATABASE_POOL_SIZE', () => {
  it('bounds every connection one instance opens, its requests’ and its queue’s together', async () => {
    const origin = `http://127.0.0.1:${server.port}`;
    const seen: Record<string, number>[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        seen.push(await connections());
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    // Sixty logins at once: each reads rate limits and the account (the password check is argon2's).
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        fetch(`${origin}/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
          body: JSON.stringify({ email: `nobody-${i}@example.com`, password: 'Wrong1234' }),
        }).then((res) => res.status),
      ),
    );
    sampling = false;
    await sampler;
    expect(answers.every((status) => status === 401)).toBe(true);
    const most = (app: string) => Math.max(0, ...seen.map((sample) => sample[app] ?? 0));
    const total = Math.max(...seen.map((sample) => Object.values(sample).reduce((a, b) => a + b, 0)));
    // The requests' share was used in full, and never more…
    expect(most('honeyleads')).toBe(POOL_SIZE - QUEUE_CONNECTIONS);
    expect(most('honeyleads-outreach')).toBeLessThanOrEqual(QUEUE_CONNECTIONS);
    // …and nothing else of this process connected: the whole instance stayed within its size.
    expect(total).toBeLessThanOrEqual(POOL_SIZE);
  });
});
