/**
 * Issue 29, finding 1: the demo account and the demo agent have their passwords in the README. A
 * database seeded by a local start and then started as a public site (NODE_ENV=production or an
 * https SITE_URL) must not let them in: each start of a public site disables them (no usable
 * password, every session revoked, no agent rights, their unused invitation codes gone) and says
 * so. Started through `startServer`, the function `node server/main.ts` runs.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../server/accounts/sessions.ts';
import { loadConfig } from '../../server/platform/config.ts';
import type { Database } from '../../server/platform/db/client.ts';
import { invitationCodes, users } from '../../server/platform/db/schema.ts';
import { generateLeads } from '../../server/leads/generate.ts';
import { insertLeads } from '../../server/leads/seed.ts';
import { DEMO_ACCOUNT, DEMO_AGENT } from '../../server/seed.ts';
import { startServer, type StartedServer } from '../../server/start.ts';
import { freshDatabase, type Answer } from './harness.ts';

let database: Database;
const dataDir = mkdtempSync(join(tmpdir(), 'honeyleads-demo-'));

beforeAll(async () => {
  database = await freshDatabase();
  // A few leads already there, so the demo seed does not generate the full dataset.
  await insertLeads(database.db, generateLeads({ perMajor: 1, perOther: 0 }).slice(0, 5));
});
afterAll(() => database?.close());

/** Starts the real server on this file's database with `env`; the banner is returned with it. */
async function start(env: Record<string, string>): Promise<StartedServer> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DIST_DIR: '/nonexistent',
    DATA_DIR: dataDir,
    ...env,
  });
  return startServer(config, { database, log: () => {} });
}

/** Calls `/api<path>` on a running server. */
async function call(
  server: StartedServer,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<Answer> {
  const res = await fetch(`http://127.0.0.1:${server.port}/api${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'accept-language': 'en',
      ...(options.token ? { token: options.token } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return (await res.json()) as Answer;
}

const login = (server: StartedServer, account: { email: string; password: string }) =>
  call(server, 'POST', '/user/login', { body: { email: account.email, password: account.password } });

const mint = (server: StartedServer, token: string) =>
  call(server, 'POST', '/user/generate_invitation_code', { token, body: { prefix: 'DEMO', quantity: 1 } });

const demoRows = () =>
  database.db
    .select({ email: users.email, passwordHash: users.passwordHash, isAgent: users.isAgent })
    .from(users)
    .where(inArray(users.email, [DEMO_ACCOUNT.email, DEMO_AGENT.email]))
    .orderBy(users.email);

describe('demo accounts on a database moved from a local start to a public site', () => {
  let demoToken = '';
  let agentToken = '';
  let mintedCode = '';

  it('a local start seeds them: both log in with the README passwords and the agent mints codes', async () => {
    const local = await start({});
    try {
      expect(local.banner).toContain(`Demo account: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`);
      const demo = await login(local, DEMO_ACCOUNT);
      const agent = await login(local, DEMO_AGENT);
      expect([demo.code, agent.code]).toEqual([0, 0]);
      demoToken = demo.data;
      agentToken = agent.data;
      const minted = await mint(local, agentToken);
      expect(minted.code).toBe(0);
      mintedCode = minted.data[0].code;
    } finally {
      await local.close();
    }
  }, 60_000);

  it.each([{ NODE_ENV: 'production' }, { SITE_URL: 'https://honeyleads.example' }])(
    'a public start (%o) disables them: login refused like a wrong password, old sessions dead, no agent rights',
    async (env) => {
      const site = await start(env);
      try {
        // Exactly the answer a wrong password gets (no hint that the account exists but is off).
        const wrong = await login(site, { email: DEMO_ACCOUNT.email, password: 'Wrong2026!' });
        expect(wrong.code).toBe(40101);
        for (const account of [DEMO_ACCOUNT, DEMO_AGENT]) expect(await login(site, account)).toEqual(wrong);

        // Tokens handed out by the local start no longer open anything.
        expect((await call(site, 'GET', '/user/user_info', { token: demoToken })).code).toBe(40100);
        expect((await mint(site, agentToken)).code).toBe(40100);

        // Even a session got some other way mints no codes: the agent flag is gone.
        const rows = await demoRows();
        expect(rows.map((row) => row.isAgent)).toEqual([0, 0]);
        const [agentRow] = await database.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, DEMO_AGENT.email));
        const session = await createSession(
          { db: database.db, clock: { now: () => new Date() } },
          agentRow!.id,
        );
        expect((await mint(site, session)).code).toBe(40301);
        // The codes the demo agent minted but nobody used are gone with its rights.
        const codes = await database.db
          .select()
          .from(invitationCodes)
          .where(eq(invitationCodes.code, mintedCode));
        expect(codes).toEqual([]);

        // The operator is told, without the passwords.
        expect(site.banner).toMatch(/demo accounts.*disabled/i);
        expect(site.banner).toContain(DEMO_ACCOUNT.email);
        expect(site.banner).toContain(DEMO_AGENT.email);
        expect(site.banner).not.toContain(DEMO_ACCOUNT.password);
      } finally {
        await site.close();
      }
    },
    60_000,
  );

  it('every public start keeps them disabled and changes nothing more', async () => {
    const before = await demoRows();
    const site = await start({ NODE_ENV: 'production' });
    try {
      expect(await demoRows()).toEqual(before);
      expect((await login(site, DEMO_AGENT)).code).toBe(40101);
      expect(site.banner).toMatch(/demo accounts.*disabled/i);
    } finally {
      await site.close();
    }
  }, 60_000);

  it('a public site with DEMO_SEED=1 (staging) keeps them, and a local start brings them back', async () => {
    for (const env of [{ NODE_ENV: 'production', DEMO_SEED: '1' }, {}]) {
      const site = await start(env);
      try {
        expect(site.banner, JSON.stringify(env)).toContain(`Demo agent: ${DEMO_AGENT.email}`);
        const demo = await login(site, DEMO_ACCOUNT);
        const agent = await login(site, DEMO_AGENT);
        expect([demo.code, agent.code], JSON.stringify(env)).toEqual([0, 0]);
        expect((await mint(site, agent.data)).code, JSON.stringify(env)).toBe(0);
      } finally {
        await site.close();
      }
    }
  }, 60_000);
});
