/**
 * Issue 36, item 4: no head-of-line blocking on the embedded database. PGlite as the server runs it
 * (on a thread of its own, with the server's DATABASE_QUEUE figures), the API over real HTTP. A
 * statement that holds the database for seconds makes a new request wait at most the queue's bound,
 * then answers it busy (50301, HTTP 503, Retry-After) in the caller's language, having changed
 * nothing; a search already streaming waits as long as it takes and ends whole.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/api.ts';
import { createApp } from '../../server/app.ts';
import { generateLeads } from '../../server/leads/generate.ts';
import { message } from '../../server/i18n.ts';
import type { Database } from '../../server/platform/db/client.ts';
import { DATABASE_QUEUE } from '../../server/platform/limits.ts';
import { readTimedEvents } from '../../scripts/lib/sseTiming.ts';
import { answer, startFakeLlm, type FakeLlm } from './fakeLlm.ts';
import { freshDatabase, startApi, type Api } from './harness.ts';

/** Longer than the queue's bound by far: what a request must not wait for. */
const SLOW_MS = 3_000;

let database: Database;
let api: Api;
let fake: FakeLlm;
let server: Server;
let origin: string;
let token: string;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A statement of the server's own (no request) that holds the embedded database for `ms`, started now. */
const holdDatabase = async (ms: number) => database.db.execute(sql`SELECT pg_sleep(${ms / 1000})`);

beforeAll(async () => {
  fake = await startFakeLlm();
  database = await freshDatabase({ embedded: true, thread: true, queue: DATABASE_QUEUE });
  api = await startApi({
    database,
    leads: generateLeads().filter((lead) => lead.country === 'DE'),
    env: { LLM_BASE_URL: `${fake.url}/v1`, LLM_API_KEY: 'sk-test', LLM_MODEL: 'queue-model' },
    outreach: false,
  });
  const app = createApp({ distDir: '/nonexistent', services: api.services, trustProxy: true, log: () => {} });
  server = createAdaptorServer({ fetch: app.fetch }) as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  token = await api.signUp('queue@example.com');
}, 120_000);
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await api?.close();
  await fake?.close();
});

const userInfo = (lang: 'zh' | 'en') =>
  fetch(`${origin}/api/user/user_info`, { headers: { token, 'accept-language': lang } });

describe('the embedded database queue (issue 36)', () => {
  it('a slow statement does not make a new request wait past the bound: it is answered busy, in its language, with Retry-After', async () => {
    const slow = holdDatabase(SLOW_MS);
    await sleep(100);
    const started = performance.now();
    const [zh, en] = await Promise.all([userInfo('zh'), userInfo('en')]);
    const waited = performance.now() - started;
    // The bound (600 ms) and the time to answer, far from the statement's 3 s.
    expect(waited).toBeLessThan(DATABASE_QUEUE.firstWaitMs + 1_000);
    for (const [res, lang] of [
      [zh, 'zh'],
      [en, 'en'],
    ] as const) {
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe(String(DATABASE_QUEUE.retryAfterSeconds));
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toEqual({
        code: ErrorCode.BUSY,
        msg: message(lang, 'busy'),
        data: { retry_after: DATABASE_QUEUE.retryAfterSeconds },
      });
    }
    await slow;
    // Once the statement is done, the same request is answered.
    const after = await userInfo('en');
    expect(after.status).toBe(200);
    expect(((await after.json()) as { code: number }).code).toBe(0);
  });

  it('a refused request changed nothing: a redeem refused as busy leaves the balance and the code as they were', async () => {
    const code = 'QUEUE-BUSY-1';
    await database.db.execute(sql`INSERT INTO redeem_codes (code, beans) VALUES (${code}, 7)`);
    const before = (await api.call('GET', '/user/user_info', { token })).body.data.point as number;
    const slow = holdDatabase(SLOW_MS);
    await sleep(100);
    const refused = await fetch(`${origin}/api/user/redeem_point`, {
      method: 'POST',
      headers: { token, 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    expect(refused.status).toBe(503);
    await slow;
    expect((await api.call('GET', '/user/user_info', { token })).body.data.point).toBe(before);
    // Sent again, it is redeemed once.
    expect((await api.call('POST', '/user/redeem_point', { token, body: { code } })).body.code).toBe(0);
    expect((await api.call('GET', '/user/user_info', { token })).body.data.point).toBe(before + 7);
  });

  it('a search already streaming is never cut off: it waits out the slow statement and ends with its summary, while a new request is refused', async () => {
    // The summary's sentence comes 300 ms after the cards; by then the database is held for 3 s.
    fake.reply = () => answer({ text: '这些公司符合您的要求' }, 300);
    let slow: Promise<unknown> | undefined;
    let refused: Promise<Response> | undefined;
    const started = performance.now();
    const res = await fetch(`${origin}/api/chat/search`, {
      method: 'POST',
      headers: { token, 'content-type': 'application/json', 'accept-language': 'zh' },
      body: JSON.stringify({ query: '帮我找德国的LED面板买家' }),
    });
    const stream = await readTimedEvents(res, started, (event) => {
      if (event.event === 'lead' && !slow) {
        slow = holdDatabase(SLOW_MS);
        refused = sleep(100).then(() => userInfo('zh'));
      }
    });
    expect(res.status).toBe(200);
    const names = stream.events.map((e) => e.event);
    expect(names.at(-1)).toBe('summary');
    expect(names).not.toContain('error');
    // Its last statement (the answer stored) waited behind the slow one, past the bound, unrefused.
    const firstLead = stream.events.find((e) => e.event === 'lead')!.atMs;
    expect(stream.events.at(-1)!.atMs - firstLead).toBeGreaterThan(SLOW_MS - 500);
    expect((await refused!).status).toBe(503);
    await slow;
    // The answer was stored: the conversation holds it.
    const chats = (await api.call('GET', '/chat/get_chat_history', { token })).body.data;
    expect(JSON.stringify(chats)).toContain('德国');
  });
});
