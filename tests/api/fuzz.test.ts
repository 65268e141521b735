/**
 * Security guide, "Bad inputs": N generated requests per route (fast-check, seed printed) ->
 * 0 responses 500, 0 stack traces in bodies, database unchanged.
 *
 * Every route the app registers is fuzzed (a new route without a row in FIELDS fails this file):
 * wrong types, huge and unicode strings, nested objects, unknown fields, prototype-pollution keys,
 * duplicate keys, malformed JSON, wrong content types and broken query strings, signed in as an
 * agent so the requests reach validation. A request that is refused (any code but 0) must leave
 * the database exactly as it was: a row trigger on every table records each write, and a refused
 * request may only have moved rate-limit counters (counting refusals is their job).
 *
 * FUZZ_SEED (default below) and FUZZ_RUNS (requests per route) replay or widen a run.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../server/api/index.ts';
import { rowsOf } from '../../server/platform/db/client.ts';
import { generateLeads } from '../../server/leads/generate.ts';
import { createSession } from '../../server/accounts/sessions.ts';
import { answer, startFakeLlm, type FakeLlm } from './fakeLlm.ts';
import { startApi, type Api } from './harness.ts';
import { appTables, databaseState, quickAccount } from './snapshot.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20260518);
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
/** Tables a refused request may write: the rate-limit counters count refusals by design. */
const MAY_CHANGE_ON_REFUSAL = new Set(['rate_limits']);

type Where = 'json' | 'query' | 'multipart' | 'raw';
interface RouteShape {
  /** Where the route reads its input. */
  in: Where;
  /** Its fields, each with values that are valid or nearly so (the fuzzer mixes in bad ones). */
  fields: Record<string, readonly unknown[]>;
}

const email = ['someone@example.com', 'A@B.CO', 'x@y', '@example.com', 'a@b.c'.repeat(60)];
const password = ['Secret123', 'short', 'a'.repeat(65), 'Passw0rd!'];
const signup_token = ['A'.repeat(43), '', 'x'.repeat(200), 42];
const leadId = ['L000001', 'L0000001', 'L1', 'l000001', 'L000001 ', 'L99999999999'];
const lang = ['zh', 'en', 'fr', 'ZH', ''];
/** The saved and the unlocked list's export take the same filters. */
const EXPORT_QUERY: RouteShape = {
  in: 'query',
  fields: {
    q: ['led', '%'],
    country: ['DE', '澳大利亚', 'Australia', 'x'.repeat(61)],
    role: ['buyer', 'x'],
    stage: ['won', 'maybe'],
    tag: ['VIP', 'x'.repeat(25)],
    sort: ['stage', 'random'],
    dir: ['desc', 'up'],
  },
};
const page = ['1', '0', '-1', '10001', '1.5', '1e3', 'NaN', ' 2'];

/** Every /api route (`METHOD /path` as registered) and the shape of its input. */
const FIELDS: Record<string, RouteShape> = {
  'POST /user/login': { in: 'json', fields: { email, password, device_id: ['d1', 'x'.repeat(200)] } },
  'POST /user/register': {
    in: 'json',
    fields: { email, password, invitation_code: ['ABCD123456', 'x'.repeat(40)], language: lang },
  },
  'POST /user/reverify_email': { in: 'json', fields: { email, signup_token } },
  'POST /user/register_verification': {
    in: 'json',
    fields: { email, code: ['123456', '1', 'x'.repeat(70)], signup_token, password },
  },
  'POST /user/reset_token': { in: 'json', fields: { email } },
  'POST /user/reset_password': { in: 'json', fields: { email, code: ['123456'], password } },
  'POST /user/logout': { in: 'json', fields: {} },
  'POST /user/change_password': {
    in: 'json',
    fields: {
      old_password: ['Secret123', '', 'x'.repeat(65), 'Wrong1234'],
      password: [...password, 'N3w-Passw0rd!'],
    },
  },
  'POST /user/modify_language': { in: 'json', fields: { language: lang } },
  'GET /user/user_info': { in: 'query', fields: {} },
  'POST /user/redeem_point': { in: 'json', fields: { code: ['ABCD-1234', ' ', 'x'.repeat(65)] } },
  'GET /user/bean_history': { in: 'query', fields: { page, page_size: ['20', '101', '0'] } },
  'POST /user/generate_invitation_code': {
    in: 'json',
    fields: { prefix: ['AB12', 'AB1', 'ab-1', 'ÄB12'], quantity: [1, 5, 6, 0, '2', 2.5] },
  },
  'GET /user/invitation_code_list': { in: 'query', fields: {} },
  'POST /chat/search': {
    in: 'json',
    fields: {
      query: ['Find LED panel buyers in Germany', '帮我找德国的LED面板买家', ' '],
      chat_id: ['c_x', ''],
    },
  },
  'GET /chat/get_chat_history': { in: 'query', fields: {} },
  'GET /chat/messages': { in: 'query', fields: { chat_id: ['c_x', ''] } },
  'POST /chat/delete_chat_history': { in: 'json', fields: { chat_id: ['c_x', ''] } },
  'GET /chat/quota': { in: 'query', fields: {} },
  'GET /get_default_query': { in: 'query', fields: { language: lang } },
  'GET /complete_query': { in: 'query', fields: { q: ['LED', '', '面板'], language: lang } },
  'POST /leads/unlock': { in: 'json', fields: { lead_id: leadId } },
  'GET /leads/unlocked': {
    in: 'query',
    fields: {
      page,
      page_size: ['20', '101'],
      q: ['led', '%'],
      country: ['DE', 'DEU', 'd1'],
      role: ['buyer', 'x'],
    },
  },
  'GET /leads/collects': {
    in: 'query',
    fields: {
      page,
      page_size: ['20', '101'],
      q: ['led', '_'],
      country: ['DE', 'D'],
      role: ['supplier', 'y'],
    },
  },
  'POST /leads/collect': { in: 'json', fields: { lead_id: leadId } },
  'GET /leads/collects/export': EXPORT_QUERY,
  'GET /leads/unlocked/export': EXPORT_QUERY,
  'GET /leads/collects/facets': { in: 'query', fields: {} },
  'GET /leads/unlocked/facets': { in: 'query', fields: {} },
  'POST /leads/stage': {
    in: 'json',
    fields: {
      lead_ids: [['L000001'], [], Array(501).fill('L000001'), 'L000001'],
      stage: ['won', 'maybe', ''],
    },
  },
  'POST /leads/tags': {
    in: 'json',
    fields: {
      lead_ids: [['L000001'], [], 'L000001'],
      add: [['VIP'], ['x'.repeat(25)], [' '], Array(11).fill('t')],
      remove: [['VIP'], [''], 'VIP'],
    },
  },
  'DELETE /leads/collect': { in: 'json', fields: { lead_ids: [leadId, [], Array(501).fill('L000001')] } },
  'POST /user/set_memo': { in: 'json', fields: { lead_id: leadId, memo: ['note', 'x'.repeat(2001)] } },
  'GET /user/get_delve_email': { in: 'query', fields: { lead_id: leadId } },
  'POST /spider/verify_media': {
    in: 'json',
    fields: {
      url: ['https://www.linkedin.com/company/acme', 'javascript:alert(1)', 'http://x', 'x'.repeat(501)],
    },
  },
  'GET /pay/stripe/pay_url': {
    in: 'query',
    fields: {
      goods_id: ['13', '1', '99', '-1', '1e400'],
      success_url: ['/pages/chat/chat', '//evil.example'],
    },
  },
  'PUT /pay/stripe/cancel_subscription': { in: 'json', fields: {} },
  'POST /pay/stripe/webhook': { in: 'raw', fields: {} },
  'GET /pay/test/checkout/:id': { in: 'query', fields: {} },
  'POST /pay/test/checkout/:id/confirm': { in: 'query', fields: {} },
  'POST /upload_file': { in: 'multipart', fields: { clientId: ['client-1234', 'x'] } },
  'GET /get_file': { in: 'query', fields: { clientId: ['client-1234', 'short', '../../etc'] } },
  'GET /get_s3_url': { in: 'query', fields: { file_id: ['0'.repeat(32), 'g'.repeat(32)] } },
  'POST /delete_file': { in: 'json', fields: { file_id: ['0'.repeat(32), '../x'] } },
  'GET /files/:id': { in: 'query', fields: { exp: ['9999999999', '-1', '1e99'], sig: ['A'.repeat(43), ''] } },
  'POST /translate': { in: 'json', fields: { text: ['Hello', ' ', 'x'.repeat(10_001)], target: lang } },
  'GET /profile': { in: 'query', fields: {} },
  'PUT /profile': {
    in: 'json',
    fields: {
      company_zh: ['宁波明亮宠物用品有限公司', 'a\nb', 'x'.repeat(121)],
      company_en: ['Bright Co., Ltd.', '\u2028', ''],
      products: [['cat-food'], ['not-a-product'], 'cat-food', Array(21).fill('cat-food')],
      strengths: [['samples'], ['nope'], 'samples'],
      certifications: [['CE'], ['ISO 1'], []],
      moq: [{ quantity: 500, unit: 'kg' }, { quantity: 0, unit: 'kg' }, null, { quantity: 1 }],
      website: ['www.brightpet.cn', 'javascript:alert(1)', ''],
      name_zh: ['李伟', '\u0000'],
      name_en: ['Li Wei', 'x'.repeat(61)],
      title_zh: ['销售经理', 42],
      title_en: ['Sales Manager', null],
      phone: ['+86 574 8765 4321', '12', 'DROP TABLE'],
      wechat: ['liwei_brightpet', 'a b'],
      whatsapp: ['+86 138 0574 1234', 'x'],
    },
  },
  'POST /profile/refresh': { in: 'json', fields: { reset: [true, false, 'yes', null] } },
  'GET /profile/products': { in: 'query', fields: { q: ['cat food', '猫粮', '', 'x'.repeat(81)] } },
  'POST /outreach/generate': {
    in: 'json',
    fields: { lead_id: leadId, language: lang, client_id: ['client-1234', ''] },
  },
  'POST /outreach/send': {
    in: 'json',
    fields: {
      lead_id: leadId,
      to: email,
      subject: ['Hi', 'Hi\r\nBcc: x@evil.example', ''],
      body: ['Hello', '\u0000', ' '],
      language: lang,
      request_id: ['req-12345678', 'short', 'x'.repeat(65)],
      follow_ups: [[{ days: 4, subject: 'Re: Hi', body: 'Again' }], [{ days: 0 }], 'x', []],
    },
  },
  'GET /outreach/sent': { in: 'query', fields: { page, page_size: ['50', '51'], status: ['sent', 'nope'] } },
  'GET /outreach/thread': { in: 'query', fields: { sequence_id: [randomUUID(), 'x', ''] } },
  'POST /outreach/replied': { in: 'json', fields: { sequence_id: [randomUUID(), 'x', 42] } },
  'GET /outreach/quota': { in: 'query', fields: {} },
  'POST /outreach/inbound': { in: 'raw', fields: {} },
  'GET /outreach/unsubscribe': { in: 'query', fields: { t: ['forged', 'a.b', ''] } },
  'POST /outreach/unsubscribe': { in: 'query', fields: { t: ['forged', 'a.b', ''] } },
};

// ---------------------------------------------------------------------------------------------
// Generators.

/** Strings that broke parsers somewhere once. */
const nastyString = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '\r\n',
  '\u202e\u2066',
  '\ud800',
  '\udfff\ud800',
  '😀'.repeat(50),
  'é'.normalize('NFD'),
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '../../../../etc/passwd',
  '%00',
  '%',
  '%E0%A4%A',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x1F',
  '__proto__',
  'constructor',
  '{{7*7}}',
  '${7*7}',
  'a'.repeat(70_000),
  '中'.repeat(25_000),
);
const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 3, arbitrary: nastyString },
);
const scalar = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -1, 0, 1e308),
);
/** Any JSON value, nested a few levels, sometimes with prototype-pollution keys. */
const value: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor', 'prototype')),
      tie('v'),
      {
        maxKeys: 4,
      },
    ),
  ),
})).v;
/** Keys that are not fields: unknown ones, pollution attempts, privilege names. */
const foreignKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'is_agent',
    'user_id',
    'point',
    'role',
    'admin',
    '',
  ),
  fc.string({ maxLength: 12 }),
);
const pollution = fc.constantFrom(
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"__proto__":{"is_agent":1},"is_agent":1}',
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=zzz',
  'application/xml',
  'application/octet-stream',
  '*/*',
  'application/json, text/html',
);

/** A JSON object as text, written by hand so `__proto__` and duplicate keys survive. */
function objectText(entries: [string, unknown][]): string {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`;
}

/**
 * The fields of a route, in three mixes: every field a sample (often valid: reaches the handler),
 * every field a sample but one any value, or chaos (fields missing or any value, strangers added).
 */
function entriesFor(shape: RouteShape): fc.Arbitrary<[string, unknown][]> {
  const names = Object.keys(shape.fields);
  const sample = (name: string) => {
    const samples = shape.fields[name]!;
    return samples.length ? fc.constantFrom(...samples) : value;
  };
  const valid = fc.tuple(...names.map((name) => sample(name).map((v): [string, unknown] => [name, v])));
  const oneBad = names.length
    ? fc.tuple(valid, fc.nat(names.length - 1), value).map(([entries, i, v]) => {
        const copy = [...entries];
        copy[i] = [names[i]!, v];
        return copy;
      })
    : valid;
  const chaos = fc
    .tuple(
      fc.tuple(
        ...names.map((name) =>
          fc.option(
            fc.tuple(
              fc.constant(name),
              fc.oneof({ weight: 2, arbitrary: sample(name) }, { weight: 3, arbitrary: value }),
            ),
            { freq: 4 },
          ),
        ),
      ),
      fc.array(fc.tuple(foreignKey, value), { maxLength: 2 }),
      fc.boolean(),
    )
    .map(([own, strangers, reverse]) => {
      const all = [...own.filter((e): e is [string, unknown] => e !== null), ...strangers];
      return reverse ? all.reverse() : all;
    });
  return fc.oneof(
    { weight: 2, arbitrary: valid },
    { weight: 3, arbitrary: oneBad },
    { weight: 4, arbitrary: chaos },
  );
}

interface Input {
  method: string;
  path: string;
  body?: string;
  contentType?: string;
  lang?: string;
}

/** A path segment for `:id`: random, traversal, encoded junk. */
const segment = fc.oneof(
  fc.string({ minLength: 1, maxLength: 30 }).map((s) => encodeURIComponent(s)),
  fc.constantFrom(
    '..',
    '%2e%2e',
    '%2F',
    '%00',
    'pay_' + 'A'.repeat(20),
    '0'.repeat(32),
    'x'.repeat(500),
    '%E0%A4%A',
  ),
);

/** A query string: the route's fields and strangers, encoded properly or not at all. */
function queryFor(shape: RouteShape): fc.Arbitrary<string> {
  const how = fc.constantFrom('encoded', 'encoded', 'raw', 'bare');
  const strangers = fc.array(
    fc.tuple(fc.oneof(fc.constantFrom('__proto__', 'constructor', 'a[b]', 'page', ''), foreignKey), text),
    { maxLength: 3 },
  );
  const fields = entriesFor(shape).map((entries) =>
    entries.map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]),
  );
  const pairs = fc.oneof(
    fields,
    strangers,
    fc.tuple(fields, strangers).map(([a, b]) => [...a, ...b]),
  );
  return fc.tuple(pairs, fc.array(how, { minLength: 8, maxLength: 8 })).map(([list, hows]) =>
    list
      .map(([k, v], i) => {
        const mode = hows[i % hows.length];
        if (mode === 'bare') return k;
        if (mode === 'raw') return `${k}=${v}`;
        try {
          return `${encodeURIComponent(k)}=${encodeURIComponent(v)}`;
        } catch {
          // A lone surrogate cannot be encoded: send it raw.
          return `${k}=${v}`;
        }
      })
      .join('&'),
  );
}

function inputFor(route: string, shape: RouteShape): fc.Arbitrary<Input> {
  const [method, template] = route.split(' ') as [string, string];
  const path = template.includes(':')
    ? segment.map((s) => template.replace(/:[a-z]+/g, s))
    : fc.constant(template);
  const query = queryFor(shape);
  const lang = fc.option(fc.constantFrom('en', 'zh-CN,zh;q=0.9', '*', 'xx', ';q=', 'en;q=abc'), { freq: 3 });
  if (shape.in === 'query' && (method === 'GET' || method === 'HEAD')) {
    return fc
      .record({ method: fc.constant(method), path, query, lang })
      .map(({ path: p, query: q, lang: l }) => ({
        method,
        path: q ? `${p}?${q}` : p,
        ...(l ? { lang: l } : {}),
      }));
  }
  const jsonBody = entriesFor(shape).map(objectText);
  const body = fc.oneof(
    { weight: 6, arbitrary: jsonBody },
    { weight: 1, arbitrary: value.map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: pollution },
    // Malformed JSON: a valid body cut short, or plain junk.
    {
      weight: 1,
      arbitrary: fc.tuple(jsonBody, fc.nat()).map(([t, n]) => t.slice(0, n % Math.max(1, t.length))),
    },
    { weight: 1, arbitrary: text },
  );
  return fc
    .record({
      path,
      query: fc.option(query, { freq: 4 }),
      body,
      contentType: fc.oneof(
        { weight: shape.in === 'multipart' ? 1 : 4, arbitrary: fc.constant('application/json') },
        { weight: 2, arbitrary: contentType },
      ),
      lang,
    })
    .map(({ path: p, query: q, body: b, contentType: ct, lang: l }) => ({
      method,
      path: q ? `${p}?${q}` : p,
      body: b,
      contentType: ct,
      ...(l ? { lang: l } : {}),
    }));
}

/** Multipart bodies that are broken in the ways a hand-made client breaks them. */
const multipartInput = fc
  .record({
    boundary: fc.constantFrom('b0undary', '', '"quoted"', 'x'.repeat(200)),
    declared: fc.constantFrom('b0undary', 'other', ''),
    parts: fc.array(
      fc.record({
        name: fc.oneof(
          fc.constantFrom('file', 'clientId', 'extra', '__proto__'),
          fc.string({ maxLength: 8 }),
        ),
        filename: fc.option(
          fc.oneof(
            fc.constantFrom(
              '../../etc/passwd',
              'a.txt',
              'évil.pdf',
              'x'.repeat(300),
              'a\u0000.txt',
              'C:\\boot.ini',
            ),
            fc.string({ maxLength: 20 }),
          ),
        ),
        type: fc.constantFrom('text/plain', 'application/pdf', 'image/png', ''),
        content: fc.oneof(text, fc.constantFrom('%PDF-1.4 junk', 'PK\u0003\u0004junk', '\u0089PNG\r\n')),
      }),
      { maxLength: 4 },
    ),
    truncate: fc.boolean(),
  })
  .map(({ boundary, declared, parts, truncate }) => {
    const lines = parts.flatMap((p) => [
      `--${boundary}`,
      `Content-Disposition: form-data; name="${p.name}"${p.filename === null ? '' : `; filename="${p.filename}"`}`,
      ...(p.type ? [`Content-Type: ${p.type}`] : []),
      '',
      p.content,
    ]);
    const body = [...lines, `--${boundary}--`, ''].join('\r\n');
    return {
      method: 'POST',
      path: '/upload_file',
      body: truncate ? body.slice(0, Math.floor(body.length / 2)) : body,
      contentType: `multipart/form-data; boundary=${declared}`,
    } satisfies Input;
  });

// ---------------------------------------------------------------------------------------------

/** What must never appear in an answer: stack frames, file paths, driver and runtime errors. */
const LEAKS = [
  /\n\s+at /,
  /\bat [\w$.<>]+ \(/,
  /node_modules/,
  /file:\/\//,
  /\/work\/|\/home\/|\/tmp\//,
  /\.(ts|js|mjs):\d+/,
  /\b(TypeError|ReferenceError|SyntaxError|RangeError|ZodError|DrizzleError|PostgresError)\b/,
  /\b(SELECT|INSERT|UPDATE) .* (FROM|INTO|SET) /,
];

let api: Api;
let llm: FakeLlm;
let token: string;
/**
 * The session POST /user/change_password is fuzzed with: an account of its own, as a success ends
 * every other session of the user and replaces this one's token (followed, as the client does).
 */
let changerToken: string;
let registered: string[];
let auditId = 0;
const tally: Record<string, { requests: number; accepted: number; refused: number; codes: Set<number> }> = {};

/** Records every row written to an app table (row triggers; a rolled-back write leaves nothing). */
async function installWriteAudit() {
  const db = api.database.db;
  await db.execute(sql`CREATE SCHEMA IF NOT EXISTS fuzz_audit`);
  await db.execute(
    sql`CREATE TABLE IF NOT EXISTS fuzz_audit.writes (id serial PRIMARY KEY, tbl text NOT NULL, op text NOT NULL)`,
  );
  await db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION fuzz_audit.note() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN INSERT INTO fuzz_audit.writes (tbl, op) VALUES (TG_TABLE_NAME, TG_OP); RETURN NULL; END $$`),
  );
  for (const table of await appTables(db)) {
    await db.execute(
      sql.raw(`CREATE TRIGGER fuzz_audit_${table} AFTER INSERT OR UPDATE OR DELETE ON "${table}"
        FOR EACH ROW EXECUTE FUNCTION fuzz_audit.note()`),
    );
  }
}

/** The app tables written since the last call. */
async function writesSince(): Promise<string[]> {
  const rows = rowsOf<{ id: number; tbl: string; op: string }>(
    await api.database.db.execute(
      sql`SELECT id, tbl, op FROM fuzz_audit.writes WHERE id > ${auditId} ORDER BY id`,
    ),
  );
  if (rows.length) auditId = rows.at(-1)!.id;
  return rows.map((r) => `${r.op} ${r.tbl}`);
}

async function send(input: Input, withToken: string) {
  const headers: Record<string, string> = {
    token: withToken,
    'x-forwarded-for': `198.18.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`,
  };
  if (input.lang) headers['accept-language'] = input.lang;
  if (input.contentType !== undefined) headers['content-type'] = input.contentType;
  return api.raw(input.method, input.path, {
    headers,
    ...(input.body !== undefined ? { rawBody: input.body } : {}),
  });
}

/** Sends one generated request and checks the answer and the database. */
async function check(route: string, input: Input) {
  // Logging out ends the session it is called with: that call gets a session of its own.
  const callToken =
    route === 'POST /user/logout'
      ? await createSession(api.services, (await me()).user_id)
      : route === 'POST /user/change_password'
        ? changerToken
        : token;
  await writesSince();
  const res = await send(input, callToken);
  if (route === 'POST /user/change_password') changerToken = res.headers.get('new-token') ?? changerToken;
  const text = await res.text();
  const stats = (tally[route] ??= { requests: 0, accepted: 0, refused: 0, codes: new Set() });
  stats.requests++;
  const where = `${route} ${JSON.stringify(input).slice(0, 600)}`;
  expect(res.status, where).not.toBe(500);
  for (const leak of LEAKS)
    expect(leak.test(text), `${where} leaked ${leak}: ${text.slice(0, 300)}`).toBe(false);
  let code: number;
  if ((res.headers.get('content-type') ?? '').startsWith('application/json')) {
    const envelope = JSON.parse(text) as { code: unknown; msg: unknown; data: unknown };
    expect(typeof envelope.code, where).toBe('number');
    expect(typeof envelope.msg, where).toBe('string');
    code = envelope.code as number;
  } else {
    // Streams (search), HTML pages (test checkout, unsubscribe) and file downloads.
    code = res.ok ? 0 : res.status;
  }
  expect(code, where).not.toBe(50000);
  stats.codes.add(code);
  const writes = await writesSince();
  if (code === 0) stats.accepted++;
  else {
    stats.refused++;
    const unexpected = writes.filter((w) => !MAY_CHANGE_ON_REFUSAL.has(w.split(' ')[1]!));
    expect(unexpected, `${where} was refused (${code}) but wrote`).toEqual([]);
  }
  // Nothing reached Object.prototype in this process.
  expect(({} as Record<string, unknown>).polluted, where).toBeUndefined();
  expect(({} as Record<string, unknown>).is_agent, where).toBeUndefined();
}

let meCache: { user_id: number } | undefined;
async function me() {
  meCache ??= (await api.call('GET', '/user/user_info', { token })).body.data;
  return meCache!;
}

beforeAll(async () => {
  console.log(`fuzz: seed ${SEED} (FUZZ_SEED), ${RUNS} requests per route (FUZZ_RUNS)`);
  llm = await startFakeLlm();
  llm.reply = (request) => answer(`译文：${llm.lastUserMessage(request).slice(0, 50)}`);
  api = await startApi({
    leads: generateLeads({ perMajor: 1, perOther: 0 }).slice(0, 40),
    env: {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'honeyleads-fuzz-')),
      LLM_BASE_URL: `${llm.url}/v1`,
      LLM_API_KEY: 'sk-test',
      LLM_MODEL: 'fake',
    },
    outreach: { work: false },
  });
  registered = [
    ...new Set(
      createApi(api.services)
        .routes.filter((r) => r.method !== 'ALL')
        .map((r) => `${r.method} ${r.path}`),
    ),
  ];
  // An agent with beans, so agent-only calls and unlocks get past the role and balance checks.
  token = (await quickAccount(api, 'fuzzer', { agent: true, beans: 50 })).token;
  changerToken = (await quickAccount(api, 'changer')).token;
  await installWriteAudit();
}, 120_000);

afterAll(async () => {
  const rows = Object.entries(tally).map(([route, s]) => ({
    route,
    requests: s.requests,
    accepted: s.accepted,
    refused: s.refused,
    codes: [...s.codes].sort((a, b) => a - b).join(' '),
  }));
  const total = rows.reduce((n, r) => n + r.requests, 0);
  console.log(`fuzz: ${total} requests over ${rows.length} routes, seed ${SEED}`);
  console.table(rows);
  await api?.close();
  await llm?.close();
});

describe(`generated bad inputs (seed ${SEED}, ${RUNS} per route)`, () => {
  it('every registered route has a fuzz shape', () => {
    expect(
      registered.filter((route) => !(route in FIELDS)),
      'routes without a shape',
    ).toEqual([]);
    expect(
      Object.keys(FIELDS).filter((route) => !registered.includes(route)),
      'stale shapes',
    ).toEqual([]);
  });

  for (const [route, shape] of Object.entries(FIELDS)) {
    it(`${route}: no 500, no stack trace, a refusal writes nothing`, async () => {
      if (!registered.includes(route)) throw new Error(`${route} is not registered`);
      const before = await databaseState(api.database.db);
      const arbitrary =
        shape.in === 'multipart' ? fc.oneof(multipartInput, inputFor(route, shape)) : inputFor(route, shape);
      await fc.assert(
        fc.asyncProperty(arbitrary, (input) => check(route, input)),
        { seed: SEED, numRuns: RUNS },
      );
      // When nothing was accepted, every table but the counters is byte for byte what it was.
      if (tally[route]!.accepted === 0) {
        const after = await databaseState(api.database.db);
        for (const table of MAY_CHANGE_ON_REFUSAL) {
          delete before[table];
          delete after[table];
        }
        expect(after, route).toEqual(before);
      }
    });
  }

  it('unknown paths and methods answer 40400, never 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
          path: fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => `/${s.join('/')}`),
        }),
        async ({ method, path }) => {
          const res = await send({ method, path, body: '{}', contentType: 'application/json' }, token);
          expect(res.status, `${method} ${path}`).not.toBe(500);
          const text = await res.text();
          for (const leak of LEAKS) expect(leak.test(text), `${method} ${path}: ${text}`).toBe(false);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
