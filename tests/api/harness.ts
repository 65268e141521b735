import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type Stripe from 'stripe';
import pg from 'pg';
import { desc, eq } from 'drizzle-orm';
import { createApp } from '../../server/app.ts';
import { createDatabase } from '../../scripts/lib/local.ts';
import { loadConfig } from '../../server/platform/config.ts';
import { DATABASE_QUEUE } from '../../server/platform/limits.ts';
import { openDatabase, type Database } from '../../server/platform/db/client.ts';
import type { QueueOptions } from '../../server/platform/db/queue.ts';
import { emails } from '../../server/platform/db/schema.ts';
import { createServices } from '../../server/platform/container.ts';
import { mailSettled } from '../../server/platform/mail.ts';
import { trackedSettled } from '../../server/platform/work.ts';
import { startOutreach, type OutreachOptions } from '../../server/outreach/queue.ts';
import { insertLeads } from '../../server/leads/seed.ts';
import type { GeneratedLead } from '../../server/leads/generate.ts';
import type { Clock, Services } from '../../server/platform/services.ts';

/** A clock tests move by hand (token and code expiry). */
export class FakeClock implements Clock {
  private current: number;
  constructor(start = Date.now()) {
    this.current = start;
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

/**
 * The embedded database's queue in tests: races are proved with bursts (55 sends at once), which a
 * busy answer after DATABASE_QUEUE's wait would cut short on a loaded machine. The busy answer
 * itself is proved with the server's own figures in tests/api/database-queue.test.ts.
 */
export const TEST_QUEUE = { ...DATABASE_QUEUE, firstWaitMs: 60_000 };

/**
 * A fresh database for one test file: in-memory PGlite, or with DATABASE_URL a new PostgreSQL
 * database made for the file and dropped after it. PGLITE_THREAD=1 runs the PGlite on its own
 * thread, as the server runs it (server/platform/db/embedded.ts).
 */
export async function freshDatabase(
  options: {
    /** PGlite even when DATABASE_URL is set (what is tested is the embedded database itself). */
    embedded?: boolean;
    /** PGlite on its own thread (default: PGLITE_THREAD=1). */
    thread?: boolean;
    queue?: QueueOptions;
  } = {},
): Promise<Database & { url?: string }> {
  const base = options.embedded ? undefined : process.env.DATABASE_URL;
  if (!base) {
    // Migrated once for the run by tests/api/globalSetup.ts: migrating every file's database
    // anew took most of the suite's time. openDatabase still migrates, finding nothing to do.
    const template = inject('pgliteTemplate');
    return openDatabase({
      ...(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}),
      thread: options.thread ?? process.env.PGLITE_THREAD === '1',
      queue: options.queue ?? TEST_QUEUE,
    });
  }
  // A copy of the database tests/api/globalSetup.ts migrated once for the run, when there is one.
  const url = new URL(await createDatabase(base, 'hl_test', inject('pgTemplate') || undefined));
  const name = url.pathname.slice(1);
  const database = await openDatabase({ databaseUrl: url.href });
  return {
    ...database,
    url: url.href,
    async close() {
      await database.close();
      const drop = new pg.Client({ connectionString: base });
      await drop.connect();
      try {
        // Autovacuum may still be analysing a freshly filled database; its worker cannot be
        // terminated by our role, so wait for it rather than fail the suite.
        for (let attempt = 1; ; attempt++) {
          try {
            await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
            break;
          } catch (error) {
            if (attempt >= 20) throw error;
            await new Promise((resolve) => setTimeout(resolve, 500));
          }
        }
      } finally {
        await drop.end();
      }
    },
  };
}

export interface CallOptions {
  body?: unknown;
  rawBody?: string;
  token?: string | undefined;
  lang?: 'zh' | 'en';
  ip?: string;
  headers?: Record<string, string>;
  /**
   * Send `token` exactly as given. By default a call, like the site's client, sends the newest
   * token the server handed out for it (a session's token is replaced daily: New-Token).
   */
  exactToken?: boolean;
}

/** An API answer as tests read it (data is checked field by field). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Answer = { code: number; msg: string; data: any };

export interface Api {
  services: Services;
  database: Database;
  clock: FakeClock;
  logs: string[];
  call(method: string, path: string, options?: CallOptions): Promise<{ status: number; body: Answer }>;
  raw(method: string, path: string, options?: CallOptions): Promise<Response>;
  /** Waits for the work and mail that go on after answers (account codes, searches whose client left). */
  settled(): Promise<void>;
  /** The latest email sent to `to` (local outbox). */
  lastEmail(to: string): Promise<{ subject: string; text: string } | undefined>;
  /** The 6-digit code in the latest email to `to`. */
  lastCode(to: string): Promise<string>;
  /** Registers, verifies and returns a token. */
  signUp(email: string, password?: string, extra?: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

/** The API on a fresh database, called through `app.request()` (no port). */
export async function startApi(
  options: {
    env?: Record<string, string>;
    stripe?: Stripe;
    database?: Database;
    leads?: GeneratedLead[];
    /** The outreach queue and worker (server/outreach): on by default; `false` leaves it off. */
    outreach?: OutreachOptions | false;
  } = {},
): Promise<Api> {
  const database = options.database ?? (await freshDatabase());
  if (options.leads) await insertLeads(database.db, options.leads);
  const clock = new FakeClock();
  const logs: string[] = [];
  const config = loadConfig({
    SITE_URL: 'http://localhost:4321',
    DEMO_SEED: '0',
    SIGNUP_BONUS_BEANS: '5',
    ...options.env,
  });
  const services = await createServices(config, database.db, {
    replica: database.replica,
    clock,
    log: (line) => logs.push(line),
    ...(options.stripe ? { stripe: options.stripe } : {}),
  });
  if (options.outreach !== false) {
    await startOutreach(services, database, config, { log: (line) => logs.push(line), ...options.outreach });
  }
  const app = createApp({
    distDir: '/nonexistent',
    services,
    trustProxy: true,
    log: (line) => logs.push(line),
  });
  // Each token the server replaced, with its replacement (the New-Token header).
  const renewed = new Map<string, string>();
  const raw = async (method: string, path: string, o: CallOptions = {}): Promise<Response> => {
    const headers: Record<string, string> = {
      'x-forwarded-for': o.ip ?? '203.0.113.7',
      // Like the site's client, a call made from a page says the page's language; without `lang`
      // the call says none (an API client), and a signed-in user's saved language answers.
      ...(o.lang ? { 'accept-language': o.lang } : {}),
      ...o.headers,
    };
    let token = o.token;
    while (token && !o.exactToken && renewed.has(token)) token = renewed.get(token);
    if (token) headers.token = token;
    let body: string | undefined;
    if (o.rawBody !== undefined) body = o.rawBody;
    else if (o.body !== undefined) body = JSON.stringify(o.body);
    if (method === 'GET' || method === 'HEAD') body = undefined;
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await app.request(`/api${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body } : {}),
    });
    const next = res.headers.get('new-token');
    if (token && next) renewed.set(token, next);
    return res;
  };
  const api: Api = {
    services,
    database,
    clock,
    logs,
    raw,
    async call(method, path, o) {
      const res = await raw(method, path, o);
      return { status: res.status, body: await res.json() };
    },
    async settled() {
      // Account work and mail go on after the answer (server/accounts, server/platform/mail.ts).
      await trackedSettled(30_000);
      await mailSettled(services);
    },
    async lastEmail(to) {
      await api.settled();
      const [row] = await database.db
        .select()
        .from(emails)
        .where(eq(emails.to, to))
        .orderBy(desc(emails.id))
        .limit(1);
      return row;
    },
    async lastCode(to) {
      const mail = await api.lastEmail(to);
      const code = /\b(\d{6})\b/.exec(mail?.subject ?? '')?.[1];
      if (!code) throw new Error(`no code mailed to ${to}`);
      return code;
    },
    async signUp(email, password = 'Secret123', extra = {}) {
      // Each sign-up from its own address, as real users are: the per-IP limit is tested on its own.
      const ip = `10.${randomBytes(3).join('.')}`;
      const registered = await api.call('POST', '/user/register', {
        body: { email, password, ...extra },
        ip,
      });
      if (registered.body.code !== 0) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
      // The browser that signed up sends its sign-up token with the code (docs/api.md "Sign-up").
      const verified = await api.call('POST', '/user/register_verification', {
        body: { email, code: await api.lastCode(email), signup_token: registered.body.data.signup_token },
        ip,
      });
      if (verified.body.code !== 0) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
      return verified.body.data as string;
    },
    async close() {
      await services.outreach?.stop({ timeoutMs: 1_000 });
      // Account work and mail still running would write into a closed database.
      await api.settled();
      await database.close();
    },
  };
  return api;
}

/** Reads an SSE answer into its events. */
export async function readEvents(res: Response): Promise<{ event: string; data: Answer['data'] }[]> {
  const text = await res.text();
  return text
    .split('\n\n')
    .filter((block) => block.includes('event:'))
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)![1]!,
      data: JSON.parse(/^data: (.*)$/m.exec(block)![1]!),
    }));
}
