/**
 * Issue 13, point 6: the search streams for real. Measured from the client's side of a real HTTP
 * connection (the production app on @hono/node-server, on a free port), with an LLM whose every
 * answer takes 3 s: the understood event and the first lead card arrive before the LLM has
 * answered anything, and the summary (with the LLM's sentence) comes last. A failure after the
 * first events ends the stream with one `error` event in the page's language.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app.ts';
import { generateLeads } from '../../server/leads/generate.ts';
import { parseQuery } from '../../server/search/parse.ts';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { chatMessages } from '../../server/platform/db/schema.ts';
import { message, type Lang } from '../../server/i18n.ts';
import type { Services } from '../../server/platform/services.ts';
import { milestones, readTimedEvents } from '../../scripts/lib/sseTiming.ts';
import { answer, failure, startFakeLlm, type FakeLlm } from './fakeLlm.ts';
import { startApi, type Api } from './harness.ts';

/** How long the fake LLM takes for every answer. */
const LLM_MS = 3_000;
/** A sentence the built-in parser reads fully: the LLM is asked only to write the summary. */
const SENTENCE_ZH = '帮我找德国的LED面板买家';
const SENTENCE_EN = 'LED panel buyers in Germany';

let fake: FakeLlm;
let api: Api;
let server: Server;
let origin: string;
let zh: string;
let en: string;
/** Set to make the next answers fail when they store the conversation (after the leads were sent). */
let failStoring = false;
/** Makes the search's own statement (the one recording the leads as shown) fail. */
let failFinding = false;
/** Set to make finding the leads (the statement that also records them as shown) this slow. */
let slowFindMs = 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  fake = await startFakeLlm();
  api = await startApi({
    // The demo data's German companies (seven LED panel buyers among them).
    leads: generateLeads().filter((lead) => lead.country === 'DE'),
    env: { LLM_BASE_URL: `${fake.url}/v1`, LLM_API_KEY: 'sk-test', LLM_MODEL: 'slow-model' },
    outreach: false,
  });
  // The same services, with a database that can be made to fail storing the conversation.
  const db = new Proxy(api.services.db, {
    get(target, key) {
      if (key === 'insert')
        return (table: typeof chatMessages) => {
          if (failStoring && table === chatMessages) throw new Error('the disk is full: secret-detail-42');
          return target.insert(table);
        };
      if (key === 'execute')
        return async (query: SQL) => {
          // The search's own statement: it is the one that records the leads as shown.
          const finding = new PgDialect().sqlToQuery(query).sql.includes('INSERT INTO shown_leads');
          if (failFinding && finding) throw new Error('the database went away: secret-detail-43');
          const result = await target.execute(query);
          if (slowFindMs && finding) await sleep(slowFindMs);
          return result;
        };
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const services: Services = { ...api.services, db };
  const app = createApp({ distDir: '/nonexistent', services, trustProxy: true, log: () => {} });
  server = createAdaptorServer({ fetch: app.fetch }) as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  zh = await api.signUp('stream-zh@example.com', 'Secret123', { language: 'zh' });
  en = await api.signUp('stream-en@example.com', 'Secret123', { language: 'en' });
  // The premise: the parser reads both sentences fully, so they never wait for the LLM to understand.
  for (const sentence of [SENTENCE_ZH, SENTENCE_EN]) {
    const read = parseQuery(sentence);
    expect(read.products.length).toBeGreaterThan(0);
    expect(read.unknown).toEqual([]);
  }
}, 60_000);
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await api?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.reply = () => failure(500, 'no reply scripted');
  failStoring = false;
  failFinding = false;
  slowFindMs = 0;
});

/** POST /api/chat/search over HTTP, the stream read chunk by chunk as it arrives, each event timed. */
async function timedSearch(
  token: string,
  query: string,
  lang: Lang,
  onEvent?: Parameters<typeof readTimedEvents>[2],
) {
  const startedAt = performance.now();
  const res = await fetch(`${origin}/api/chat/search`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': lang,
      'x-forwarded-for': '203.0.113.9',
      token,
    },
    body: JSON.stringify({ query }),
  });
  const stream = await readTimedEvents(res, startedAt, onEvent);
  return { ...stream, headers: res.headers, at: milestones(stream) };
}

const searchesLeft = async (token: string) =>
  (await api.call('GET', '/chat/quota', { token })).body.data.searches_left as number;

describe('the search streams each event as it is ready', () => {
  it('with a 3-s LLM: understood and the first lead arrive before the LLM answers; the summary with its sentence comes last', async () => {
    const written = '这些公司符合您的要求';
    fake.reply = () => answer({ text: written }, LLM_MS);
    const stream = await timedSearch(zh, SENTENCE_ZH, 'zh');
    const { at } = stream;

    expect(stream.status).toBe(200);
    expect(stream.contentType).toContain('text/event-stream');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('content-encoding')).toBeNull();
    const names = stream.events.map((e) => e.event);
    expect(names[0]).toBe('understood');
    expect(names.at(-1)).toBe('summary');
    expect(names.slice(1, -1).every((name) => name === 'lead')).toBe(true);
    expect(at.leads).toBeGreaterThan(0);

    // The client had understood and the lead cards well before the LLM answered anything…
    expect(at.understoodMs!).toBeLessThan(LLM_MS / 2);
    expect(at.firstLeadMs!).toBeLessThan(LLM_MS / 2);
    // …and the summary waited for the LLM: its 3 s run from after the last lead was sent.
    const lastLead = stream.events.filter((e) => e.event === 'lead').at(-1)!.atMs;
    expect(at.summaryMs! - lastLead).toBeGreaterThanOrEqual(LLM_MS - 100);
    // The LLM was asked only for the summary's sentence, once the leads were found.
    expect(fake.requests).toHaveLength(1);
    expect(fake.lastUserMessage(fake.requests[0]!)).not.toBe(SENTENCE_ZH);
    const summary = stream.events.at(-1)!.data;
    expect(summary.text.startsWith(`${written}。`)).toBe(true);
    expect(summary.count).toBe(at.leads);
  });

  it('understood is sent as soon as it is known: while the leads take a second, the client already has it', async () => {
    fake.reply = () => failure(500);
    slowFindMs = 1_000;
    const { at, events } = await timedSearch(en, SENTENCE_EN, 'en');
    expect(events[0]!.event).toBe('understood');
    expect(at.leads).toBeGreaterThan(0);
    expect(at.firstLeadMs! - at.understoodMs!).toBeGreaterThanOrEqual(900);
    expect(events.at(-1)!.event).toBe('summary');
  });

  it('without the LLM’s sentence (the LLM failing): the whole answer arrives at once, in the same order', async () => {
    fake.reply = () => failure(500);
    const stream = await timedSearch(en, SENTENCE_EN, 'en');
    const { at } = stream;
    expect(stream.events[0]!.event).toBe('understood');
    expect(stream.events.at(-1)!.event).toBe('summary');
    expect(at.leads).toBeGreaterThan(0);
    expect(at.summaryMs!).toBeLessThan(LLM_MS / 2);
    expect(
      stream.events
        .at(-1)!
        .data.text.startsWith(
          message('en', at.leads === 1 ? 'searchFoundOne' : 'searchFoundMany', { count: at.leads }),
        ),
    ).toBe(true);
  });

  it('a failure before any lead was found: one error event, and the search is given back', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const before = await searchesLeft(en);
      failFinding = true;
      const stream = await timedSearch(en, SENTENCE_EN, 'en');
      const names = stream.events.map((e) => e.event);
      expect(names).not.toContain('lead');
      expect(names.at(-1)).toBe('error');
      expect(stream.events.at(-1)!.data).toEqual({ code: 50000, msg: message('en', 'internal') });
      expect(JSON.stringify(stream.events)).not.toContain('secret-detail-43');
      failFinding = false;
      expect(await searchesLeft(en)).toBe(before);
    } finally {
      logged.mockRestore();
    }
  });

  it.each([
    ['en', SENTENCE_EN],
    ['zh', SENTENCE_ZH],
  ] as const)(
    'a failure after the leads were sent (%s page): the stream ends with one error event in the page’s language, and the search stays spent',
    async (lang, sentence) => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        fake.reply = () => answer({ text: lang === 'zh' ? '这些公司符合您的要求' : 'These companies match' });
        const before = await searchesLeft(en);
        failStoring = true;
        const stream = await timedSearch(en, sentence, lang);

        // The status was already sent: the failure is told inside the stream, as its last event.
        expect(stream.status).toBe(200);
        expect(stream.contentType).toContain('text/event-stream');
        const names = stream.events.map((e) => e.event);
        expect(names[0]).toBe('understood');
        expect(names).toContain('lead');
        expect(names).not.toContain('summary');
        expect(names.filter((name) => name === 'error')).toEqual(['error']);
        expect(names.at(-1)).toBe('error');
        expect(stream.events.at(-1)!.data).toEqual({ code: 50000, msg: message(lang, 'internal') });
        // The internal message stays in the server log, never in the answer.
        expect(JSON.stringify(stream.events)).not.toContain('secret-detail-42');
        expect(logged).toHaveBeenCalledWith(expect.stringContaining('[search]'));

        failStoring = false;
        // The leads were shown (and may be unlocked): a search that showed leads is spent.
        expect(await searchesLeft(en)).toBe(before - 1);
      } finally {
        logged.mockRestore();
      }
    },
  );

  it('deleting the conversation as soon as `understood` names it does not make the search free: it stays spent, and its leads unlock as usual', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      fake.reply = () => answer({ text: 'These companies match' });
      const before = await searchesLeft(en);
      // The leads take a moment, as on a loaded server: the delete lands before the answer is stored.
      slowFindMs = 300;
      let deleted: Promise<unknown> | null = null;
      const stream = await timedSearch(en, SENTENCE_EN, 'en', (event) => {
        if (event.event === 'understood')
          deleted = api.call('POST', '/chat/delete_chat_history', {
            token: en,
            body: { chat_id: event.data.chat_id },
          });
      });
      expect((await deleted!) as { body: { code: number } }).toMatchObject({ body: { code: 0 } });
      const leadIds = stream.events.filter((e) => e.event === 'lead').map((e) => e.data.id as string);
      expect(leadIds.length).toBeGreaterThan(0);
      expect(await searchesLeft(en)).toBe(before - 1);
      const unlocked = await api.call('POST', '/leads/unlock', { token: en, body: { lead_id: leadIds[0] } });
      expect(unlocked.body.code).toBe(0);
    } finally {
      logged.mockRestore();
    }
  });
});
