/**
 * `npm run test:fault`: the security guide's crash figure. The real server (`node server/main.ts`)
 * takes a stream of concurrent writes (redeem codes, saved leads, memos, sign-ups) and is killed
 * with SIGKILL in the middle of it, FAULT_ROUNDS times (default 5). After each restart, every write
 * it had acknowledged (answered `code: 0`) must be there, read back through the API; after the last
 * round the database itself is read (sign-ups, and every balance equal to its ledger).
 *
 * Runs on PGlite on disk (a temp DATA_DIR) and on PostgreSQL (a fresh database on
 * TEST_DATABASE_URL, else the throwaway server of scripts/pg-local.sh), both at once.
 * FAULT_BACKENDS=pglite (or postgres) runs one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, rowsOf, type Database } from '../server/platform/db/client.ts';
import { createDatabase, freePort, postgresUrl } from './lib/local.ts';
import { users } from '../server/platform/db/schema.ts';
import { generateLeads } from '../server/leads/generate.ts';
import { insertLeads } from '../server/leads/seed.ts';
import { recordShown } from '../server/leads/service.ts';
import { mintCodes } from '../server/billing/redeem.ts';
import { createSession } from '../server/accounts/sessions.ts';
import { systemClock } from '../server/platform/services.ts';

const ROUNDS = Number(process.env.FAULT_ROUNDS ?? 5);
/** Requests in flight at any moment while the server runs. */
const CONCURRENCY = 16;
const USERS = 40;
const LEADS = 60;
const root = fileURLToPath(new URL('..', import.meta.url));

interface Acked {
  redeems: { user: number; code: string }[];
  collects: { user: number; lead: string }[];
  memos: Map<string, string>;
  signups: string[];
}

interface Backend {
  name: 'pglite' | 'postgres';
  env: Record<string, string>;
  open(): Promise<Database>;
  cleanup(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function pgliteBackend(): Promise<Backend> {
  const dataDir = mkdtempSync(join(tmpdir(), 'honeyleads-fault-'));
  return {
    name: 'pglite',
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    open: () => openDatabase({ dataDir }),
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresBackend(): Promise<Backend> {
  const base = postgresUrl();
  const url = new URL(await createDatabase(base, 'hl_fault'));
  const name = url.pathname.slice(1);
  const dataDir = mkdtempSync(join(tmpdir(), 'honeyleads-fault-pg-'));
  return {
    name: 'postgres',
    env: { DATA_DIR: dataDir, DATABASE_URL: url.href },
    open: () => openDatabase({ databaseUrl: url.href }),
    cleanup: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      const drop = new pg.Client({ connectionString: base });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await drop.end();
    },
  };
}

/** Leads, single-use codes and signed-in accounts, written before the first start. */
async function prepare(backend: Backend) {
  const database = await backend.open();
  const db = database.db;
  const leads = generateLeads({ perMajor: 1, perOther: 0 }).slice(0, LEADS);
  await insertLeads(db, leads);
  const codes = await mintCodes(db, 1, ROUNDS * 400);
  const passwordHash = await hash('Secret123');
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: USERS }, (_, i) => ({
        email: `crash${i}@example.com`,
        passwordHash,
        userName: `crash${i}`,
        emailVerifiedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  const tokens = await Promise.all(rows.map((row) => createSession({ db, clock: systemClock }, row.id)));
  // Only leads a search showed a user can be saved: recorded with the writer searches use.
  for (const row of rows)
    await recordShown(
      db,
      row.id,
      leads.map((l) => l.id),
    );
  await database.close();
  return { leads: leads.map((l) => l.id), codes, tokens };
}

class Server {
  child: ChildProcess | undefined;
  output = '';
  readonly backend: Backend;
  readonly port: number;
  constructor(backend: Backend, port: number) {
    this.backend = backend;
    this.port = port;
  }

  async start(): Promise<number> {
    const started = Date.now();
    this.child = spawn(process.execPath, ['server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        ...this.backend.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        SITE_URL: `http://127.0.0.1:${this.port}`,
        DEMO_SEED: '0',
        DIST_DIR: join(tmpdir(), 'honeyleads-no-site'),
        SMTP_URL: '',
        TRUST_PROXY: '1',
        // Thousands of writes from one machine: the limits themselves are tested in tests/api.
        RATE_LIMIT_SCALE: '1000',
        LLM_BASE_URL: '',
        STRIPE_SECRET_KEY: '',
        S3_BUCKET: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout!.on('data', (d: Buffer) => (this.output += d.toString()));
    this.child.stderr!.on('data', (d: Buffer) => (this.output += d.toString()));
    for (;;) {
      if (this.child.exitCode !== null)
        throw new Error(`${this.backend.name}: server exited at start:\n${this.output}`);
      try {
        const res = await fetch(`http://127.0.0.1:${this.port}/api/get_default_query`);
        if (res.ok) return Date.now() - started;
      } catch {
        // Not listening yet.
      }
      if (Date.now() - started > 60_000)
        throw new Error(`${this.backend.name}: no answer after 60 s:\n${this.output}`);
      await sleep(50);
    }
  }

  /** SIGKILL (kill -9): no shutdown handler runs, nothing is flushed. */
  async kill(): Promise<void> {
    const child = this.child!;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    const child = this.child!;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

interface Answer {
  code: number;
  data: unknown;
}

async function call(
  port: number,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<Answer> {
  const res = await fetch(`http://127.0.0.1:${port}/api${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.${randomBytes(3).join('.')}`,
      ...(token ? { token } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(15_000),
  });
  return (await res.json()) as Answer;
}

/** Every page of a list call. */
async function allItems<T>(port: number, path: string, token: string): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const res = await call(
      port,
      'GET',
      `${path}${path.includes('?') ? '&' : '?'}page=${page}&page_size=100`,
      token,
    );
    if (res.code !== 0) throw new Error(`${path}: ${JSON.stringify(res)}`);
    const data = res.data as { items: T[]; total: number };
    items.push(...data.items);
    if (items.length >= data.total || data.items.length === 0) return items;
  }
}

/** Checks every acknowledged write through the API of a restarted server; returns how many were checked. */
async function verifyThroughApi(port: number, tokens: string[], acked: Acked): Promise<number> {
  const missing: string[] = [];
  let checked = 0;
  for (let user = 0; user < tokens.length; user++) {
    const redeems = acked.redeems.filter((r) => r.user === user);
    const collects = acked.collects.filter((c) => c.user === user);
    if (redeems.length) {
      const history = await allItems<{ reason: string; detail: string }>(
        port,
        '/user/bean_history',
        tokens[user]!,
      );
      const redeemed = new Set(history.filter((h) => h.reason === 'redeem').map((h) => h.detail));
      for (const r of redeems) {
        checked++;
        if (!redeemed.has(r.code)) missing.push(`redeem ${r.code} by user ${user}`);
      }
    }
    if (collects.length) {
      const saved = await allItems<{ id: string; memo: string | null }>(
        port,
        '/leads/collects',
        tokens[user]!,
      );
      const byId = new Map(saved.map((s) => [s.id, s]));
      for (const c of collects) {
        checked++;
        const row = byId.get(c.lead);
        if (!row) missing.push(`saved lead ${c.lead} of user ${user}`);
        const memo = acked.memos.get(`${user}:${c.lead}`);
        if (memo !== undefined) {
          checked++;
          if (row?.memo !== memo) missing.push(`memo on ${c.lead} of user ${user}: ${row?.memo} != ${memo}`);
        }
      }
    }
  }
  if (missing.length) throw new Error(`acknowledged writes lost:\n  ${missing.slice(0, 20).join('\n  ')}`);
  return checked;
}

/** Reads the database itself: sign-ups, redemptions, and every balance against its ledger. */
async function verifyDatabase(backend: Backend, acked: Acked): Promise<void> {
  const database = await backend.open();
  try {
    const db = database.db;
    const emails = new Set(
      rowsOf<{ email: string }>(await db.execute(sql`SELECT email FROM users`)).map((r) => r.email),
    );
    const lost = acked.signups.filter((email) => !emails.has(email));
    if (lost.length) throw new Error(`acknowledged sign-ups lost: ${lost.slice(0, 10).join(', ')}`);
    const redeemed = new Set(
      rowsOf<{ code: string }>(
        await db.execute(sql`SELECT code FROM redeem_codes WHERE redeemed_by IS NOT NULL`),
      ).map((r) => r.code),
    );
    const lostCodes = acked.redeems.filter((r) => !redeemed.has(r.code));
    if (lostCodes.length) throw new Error(`acknowledged redemptions lost: ${lostCodes.length}`);
    const mismatched = rowsOf(
      await db.execute(sql`
        SELECT u.id FROM users u LEFT JOIN ledger l ON l.user_id = u.id
        GROUP BY u.id, u.point, u.bp_used HAVING COALESCE(SUM(l.amount), 0) <> u.point - u.bp_used`),
    );
    if (mismatched.length) throw new Error(`balances that disagree with their ledger: ${mismatched.length}`);
    const orphans = rowsOf(
      await db.execute(sql`
        SELECT r.code FROM redeem_codes r
        WHERE r.redeemed_by IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM ledger l WHERE l.user_id = r.redeemed_by AND l.ref = 'redeem:' || r.code)`),
    );
    if (orphans.length) throw new Error(`codes marked redeemed without their beans: ${orphans.length}`);
  } finally {
    await database.close();
  }
}

async function run(backend: Backend) {
  const t0 = Date.now();
  const { leads, codes, tokens } = await prepare(backend);
  const server = new Server(backend, await freePort());
  const acked: Acked = { redeems: [], collects: [], memos: new Map(), signups: [] };
  let nextCode = 0;
  let nextPair = 0;
  let nextSignup = 0;
  const report = { kills: 0, inFlightAtKill: 0, unanswered: 0, checked: 0, starts: [] as number[] };

  /** One write; resolves when answered (acknowledged or refused) or when the connection dies. */
  async function oneWrite(port: number): Promise<void> {
    const kind = Math.random();
    try {
      if (kind < 0.4) {
        const user = Math.floor(Math.random() * USERS);
        const code = codes[nextCode++]!;
        const res = await call(port, 'POST', '/user/redeem_point', tokens[user], { code });
        if (res.code === 0) acked.redeems.push({ user, code });
        else throw new Error(`redeem refused: ${JSON.stringify(res)}`);
      } else if (kind < 0.85) {
        // Each user and lead pair once: save it, then write its memo.
        const pair = nextPair++;
        if (pair >= USERS * LEADS) return;
        const user = pair % USERS;
        const lead = leads[Math.floor(pair / USERS)]!;
        const saved = await call(port, 'POST', '/leads/collect', tokens[user], { lead_id: lead });
        if (saved.code !== 0) throw new Error(`collect refused: ${JSON.stringify(saved)}`);
        acked.collects.push({ user, lead });
        const memo = `memo ${pair} ${randomBytes(3).toString('hex')}`;
        const noted = await call(port, 'POST', '/user/set_memo', tokens[user], { lead_id: lead, memo });
        if (noted.code !== 0) throw new Error(`memo refused: ${JSON.stringify(noted)}`);
        acked.memos.set(`${user}:${lead}`, memo);
      } else {
        const email = `signup-${backend.name}-${nextSignup++}-${randomBytes(3).toString('hex')}@example.com`;
        const res = await call(port, 'POST', '/user/register', undefined, { email, password: 'Secret123' });
        if (res.code !== 0) throw new Error(`sign-up refused: ${JSON.stringify(res)}`);
        acked.signups.push(email);
      }
    } catch (error) {
      // The connection died with the server: the write was never acknowledged.
      if (error instanceof Error && /refused:/.test(error.message)) throw error;
      report.unanswered++;
    }
  }

  for (let round = 1; round <= ROUNDS + 1; round++) {
    report.starts.push(await server.start());
    report.checked = await verifyThroughApi(server.port, tokens, acked);
    if (round > ROUNDS) break;
    // Writes from CONCURRENCY clients until the kill, which comes 0.4–1.2 s in.
    let alive = true;
    let inFlight = 0;
    const workers = Array.from({ length: CONCURRENCY }, async () => {
      while (alive) {
        inFlight++;
        await oneWrite(server.port);
        inFlight--;
      }
    });
    await sleep(400 + Math.random() * 800);
    // No new requests from here; those in flight die with the server.
    alive = false;
    report.inFlightAtKill += inFlight;
    await server.kill();
    report.kills++;
    await Promise.all(workers);
  }
  // The check can fail: a saved lead removed behind its back must be reported, then is put back.
  const probe = acked.collects[0]!;
  await call(server.port, 'DELETE', '/leads/collect', tokens[probe.user], { lead_ids: [probe.lead] });
  const caught = await verifyThroughApi(server.port, tokens, acked).then(
    () => false,
    () => true,
  );
  if (!caught) throw new Error(`${backend.name}: the check missed a removed saved lead`);
  await call(server.port, 'POST', '/leads/collect', tokens[probe.user], { lead_id: probe.lead });
  const memo = acked.memos.get(`${probe.user}:${probe.lead}`);
  if (memo)
    await call(server.port, 'POST', '/user/set_memo', tokens[probe.user], { lead_id: probe.lead, memo });
  await verifyThroughApi(server.port, tokens, acked);
  await server.stop();
  await verifyDatabase(backend, acked);
  await backend.cleanup();
  const writes = acked.redeems.length + acked.collects.length + acked.memos.size + acked.signups.length;
  return {
    backend: backend.name,
    'kill -9': report.kills,
    'acknowledged writes': writes,
    redeems: acked.redeems.length,
    'saved leads': acked.collects.length,
    memos: acked.memos.size,
    'sign-ups': acked.signups.length,
    'in flight at kills': report.inFlightAtKill,
    'lost with the connection': report.unanswered,
    'lost acknowledged': 0,
    'start ms (median)': report.starts.sort((a, b) => a - b)[Math.floor(report.starts.length / 2)],
    seconds: Math.round((Date.now() - t0) / 100) / 10,
  };
}

const wanted = (process.env.FAULT_BACKENDS ?? 'pglite,postgres').split(',');
const backends = await Promise.all([
  ...(wanted.includes('pglite') ? [pgliteBackend()] : []),
  ...(wanted.includes('postgres') ? [postgresBackend()] : []),
]);
console.log(
  `Crash test: ${ROUNDS} x kill -9 during ${CONCURRENCY} concurrent writers on ${backends.map((b) => b.name).join(' and ')}`,
);
const results = await Promise.allSettled(backends.map(run));
const failed = results.filter((r) => r.status === 'rejected');
console.table(results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])));
for (const f of failed) console.error((f as PromiseRejectedResult).reason);
process.exit(failed.length ? 1 : 0);
