/**
 * `npm run bench:api`: starts the production server on a fresh embedded database (or PostgreSQL
 * with --pg, using TEST_DATABASE_URL or a local one) and loads each call with autocannon at 1, 10
 * and 50 connections; reports p50/p95/p99, requests/s and errors, and checks the budgets.
 *   --duration S   seconds per run (default 8)
 *   --pg           run against PostgreSQL
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const args = process.argv.slice(2);
const duration = Number(args[args.indexOf('--duration') + 1]) || 8;
const usePg = args.includes('--pg');
const CONNECTIONS = [1, 10, 50];
/** budgets.md: p95 in ms. */
const BUDGET_P95: Record<string, number> = { user_info: 10, login: 150 };

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startServer(port: number): Promise<ChildProcess> {
  let databaseUrl = '';
  if (usePg) {
    // A fresh database per run, so counters and rows of earlier runs change nothing.
    const base =
      process.env.TEST_DATABASE_URL ??
      spawnSync('bash', ['scripts/pg-local.sh', 'start'], { encoding: 'utf8' }).stdout.trim();
    const name = `hl_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.href;
  }
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'honeyleads-bench-')),
      DATABASE_URL: databaseUrl,
      RATE_LIMIT_SCALE: '1000000',
      TRUST_PROXY: '1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) =>
    child.stdout!.on('data', (chunk) => String(chunk).includes('Redeem codes') && resolve()),
  );
  return child;
}

interface Row {
  call: string;
  connections: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  errors: number;
  non2xx: number;
}

async function load(
  base: string,
  call: string,
  connections: number,
  options: Partial<autocannon.Options>,
): Promise<Row> {
  const result = await autocannon({ url: base, connections, duration, ...options });
  // autocannon reports p97.5, not p95: take the closer-to-tail of p90 and p97.5 honestly as p97.5.
  return {
    call,
    connections,
    p50: result.latency.p50,
    p95: result.latency.p97_5,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function main() {
  const port = await freePort();
  const server = await startServer(port);
  const base = `http://127.0.0.1:${port}`;
  const rows: Row[] = [];
  try {
    const login = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@honeyleads.example', password: 'Demo2026!' }),
    });
    const token = ((await login.json()) as { data: string }).data;
    for (const connections of CONNECTIONS) {
      rows.push(await load(`${base}/api/user/user_info`, 'user_info', connections, { headers: { token } }));
      rows.push(
        await load(`${base}/api/user/login`, 'login', connections, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'demo@honeyleads.example', password: 'Demo2026!' }),
        }),
      );
    }
  } finally {
    server.kill('SIGTERM');
  }
  console.log(
    `\nbench:api on ${usePg ? 'PostgreSQL' : 'PGlite'}, ${duration}s per run (latency ms; "p95" is autocannon's p97.5)`,
  );
  console.log('call        conns   p50    p95    p99    req/s  errors non2xx');
  let over = 0;
  for (const row of rows) {
    const budget = BUDGET_P95[row.call];
    const verdict =
      row.connections === 50 && budget !== undefined && row.p95 > budget ? `  over ${budget} ms budget` : '';
    if (verdict || row.errors || row.non2xx) over++;
    console.log(
      `${row.call.padEnd(11)} ${String(row.connections).padStart(5)} ${String(row.p50).padStart(6)} ${String(row.p95).padStart(6)} ${String(row.p99).padStart(6)} ${String(row.rps).padStart(8)} ${String(row.errors).padStart(6)} ${String(row.non2xx).padStart(6)}${verdict}`,
    );
  }
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(
    `bench-results/api${usePg ? '-pg' : ''}.json`,
    JSON.stringify({ date: new Date().toISOString(), duration, rows }, null, 2),
  );
  process.exit(over ? 1 : 0);
}

await main();
