/**
 * A shutdown (SIGTERM: `close()`) while a search is streaming lets that search finish: the client
 * gets its summary and the search is stored, and `close()` ends only after it. (Before, the
 * search counted as answered when its stream started, and the closing server cut it off.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/platform/config.ts';
import { startServer, type StartedServer } from '../../server/start.ts';
import { generateLeads } from '../../server/leads/generate.ts';
import { chatMessages } from '../../server/platform/db/schema.ts';
import { readTimedEvents } from '../../scripts/lib/sseTiming.ts';
import { answer, startFakeLlm, type FakeLlm } from './fakeLlm.ts';
import { startApi, type Api } from './harness.ts';

const LLM_MS = 1_500;

let fake: FakeLlm;
let api: Api;
let started: StartedServer;
let token: string;

/** The production server on a free port, on the test database, with the slow fake LLM. */
const serve = () =>
  startServer(
    loadConfig({
      SITE_URL: 'http://localhost:4321',
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO_SEED: '0',
      DIST_DIR: '/nonexistent',
      LLM_BASE_URL: `${fake.url}/v1`,
      LLM_API_KEY: 'sk-test',
      LLM_MODEL: 'slow-model',
    }),
    { database: api.database, log: () => {} },
  );

beforeAll(async () => {
  fake = await startFakeLlm();
  api = await startApi({ leads: generateLeads().filter((lead) => lead.country === 'DE'), outreach: false });
  token = await api.signUp('shutdown@example.com');
  started = await serve();
}, 60_000);
afterAll(async () => {
  await api?.close();
  await fake?.close();
});

describe('shutting down while a search streams', () => {
  it('waits for the search to send its summary before it closes', async () => {
    fake.reply = () => answer({ text: 'These companies match.' }, LLM_MS);
    const startedAt = performance.now();
    const res = await fetch(`http://127.0.0.1:${started.port}/api/chat/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en', token },
      body: JSON.stringify({ query: 'LED panel buyers in Germany' }),
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    // The stream has started (its headers arrived) and the summary waits for the slow LLM.
    expect(started.inFlight()).toBe(1);
    let closedAt = 0;
    const closing = started.close().then(() => {
      closedAt = performance.now() - startedAt;
    });
    const stream = await readTimedEvents(res, startedAt);
    await closing;
    const names = stream.events.map((e) => e.event);
    expect(names[0]).toBe('understood');
    expect(names.at(-1)).toBe('summary');
    expect(stream.events.at(-1)!.data).toMatchObject({
      text: expect.stringContaining('These companies match.'),
    });
    // close() waited for the summary, which waited for the LLM.
    expect(closedAt).toBeGreaterThanOrEqual(LLM_MS);
    // The search was stored, not cut off half way.
    expect((await api.database.db.select().from(chatMessages)).map((m) => m.role)).toEqual([
      'user',
      'assistant',
    ]);
  });

  it('waits for a search whose client left, so it ends stored instead of failing half way', async () => {
    const again = await serve();
    fake.reply = () => answer({ text: 'These companies match.' }, LLM_MS);
    const before = (await api.database.db.select().from(chatMessages)).length;
    const startedAt = performance.now();
    const leaving = new AbortController();
    const res = await fetch(`http://127.0.0.1:${again.port}/api/chat/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en', token },
      body: JSON.stringify({ query: 'LED panel buyers in Germany' }),
      signal: leaving.signal,
    });
    // The client reads the first event, then leaves while the summary waits for the LLM.
    const reader = res.body!.getReader();
    await reader.read();
    leaving.abort();
    await reader.cancel().catch(() => {});
    await again.close();
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(LLM_MS);
    expect((await api.database.db.select().from(chatMessages)).length).toBe(before + 2);
  });
});
