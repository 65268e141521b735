import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** A TCP port free on loopback right now (for a server a script starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** PostgreSQL to make scratch databases on: TEST_DATABASE_URL, else the one scripts/pg-local.sh runs. */
export function postgresUrl(): string {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const script = fileURLToPath(new URL('../pg-local.sh', import.meta.url));
  const started = spawnSync('bash', [script, 'start'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (started.status !== 0)
    throw new Error('Could not start PostgreSQL (scripts/pg-local.sh). Set TEST_DATABASE_URL.');
  return started.stdout.trim().split('\n').pop()!;
}

/**
 * Creates a database named `<prefix>_<random>` next to `base`, empty or a copy of `template` (a
 * database name this code made, with nobody connected to it), and returns its URL.
 */
export async function createDatabase(base: string, prefix: string, template?: string): Promise<string> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  if (template !== undefined && !/^[a-z_][a-z0-9_]*$/.test(template))
    throw new Error(`bad template name ${template}`);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.href;
}
