/**
 * Security guide: "Every non-public endpoint checks the token and the role (agents for invitation
 * codes) and only ever returns the caller's own rows." One table holds every /api route; the
 * routes are read from the Hono app itself, so a new route without a row here fails this file.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../server/api/index.ts';
import { sessions, users } from '../../server/platform/db/schema.ts';
import { rowsOf } from '../../server/platform/db/client.ts';
import { generateLeads } from '../../server/leads/generate.ts';
import { mintCodes } from '../../server/billing/redeem.ts';
import { sha256 } from '../../server/platform/crypto.ts';
import { answer, startFakeLlm, type FakeLlm } from './fakeLlm.ts';
import { readEvents, startApi, type Answer, type Api, type CallOptions } from './harness.ts';
import { databaseState, ownedState, quickAccount } from './snapshot.ts';
import { showLeads } from './shown.ts';

/** What the owner (user A) holds, and the strings that must never reach anyone else. */
interface Owner {
  id: number;
  token: string;
  chatId: string;
  savedLead: string;
  unlockedLead: string;
  redeemedCode: string;
  fileId: string;
  clientId: string;
  paymentId: string;
  invitationCodes: string[];
  /** The owner's sent outreach email's idempotency key. */
  outreachRequest: string;
  /** The owner's outreach sequence (one recipient's first email and follow-ups). */
  sequenceId: string;
  /** Text only the owner may ever see in an answer. */
  secrets: string[];
}

interface Request {
  path: string;
  body?: unknown;
  /** A raw body with its content type (multipart uploads). */
  raw?: { body: string; contentType: string };
}

interface ProtectedRoute {
  access: 'user' | 'agent';
  /** A well-formed request; calls that take an id name one of the owner's rows. */
  request: (owner: Owner) => Request;
  /** The code another user gets for that request (docs/api.md); 0 when it acts on their own account only. */
  otherUser: number;
}

interface PublicRoute {
  access: 'public';
  /** Why it needs no token. */
  why: string;
  request: (owner: Owner) => Request;
}

const memo = `owner memo ${randomBytes(4).toString('hex')}`;
const fileName = `owner-plan-${randomBytes(4).toString('hex')}.txt`;
const fileText = `Owner pricing sheet ${randomBytes(4).toString('hex')}`;
const query = 'Find LED panel buyers in Germany';
const outreachSubject = `Owner offer ${randomBytes(4).toString('hex')}`;
const outreachRequest = `owner-request-${randomBytes(4).toString('hex')}`;

/** A whole seller profile, as someone else saves theirs. */
const OTHER_PROFILE = {
  company_zh: '别人的公司有限公司',
  company_en: 'Someone Else Co., Ltd.',
  products: ['cat-food'],
  strengths: ['samples'],
  certifications: ['CE'],
  moq: { quantity: 10, unit: 'piece' },
  website: 'www.someone-else.example',
  name_zh: '',
  name_en: 'Someone Else',
  title_zh: '',
  title_en: '',
  phone: '',
  wechat: '',
  whatsapp: '',
};

/** A multipart body with one text file and the client id, as the browser sends it. */
function multipart(clientId: string, name: string, text: string) {
  const boundary = `----hl${randomBytes(8).toString('hex')}`;
  const body = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="clientId"',
    '',
    clientId,
    `--${boundary}`,
    `Content-Disposition: form-data; name="file"; filename="${name}"`,
    'Content-Type: text/plain',
    '',
    text,
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Every /api route: `METHOD /path` as Hono registers it. */
const ROUTES: Record<string, ProtectedRoute | PublicRoute> = {
  // Accounts: anonymous by nature (rate limited, no enumeration: tests/api/accounts.test.ts).
  'POST /user/login': {
    access: 'public',
    why: 'signs in',
    request: () => ({ path: '/user/login', body: { email: 'nobody@example.com', password: 'Secret123' } }),
  },
  'POST /user/register': {
    access: 'public',
    why: 'signs up',
    request: () => ({
      path: '/user/register',
      body: { email: `new-${randomBytes(3).toString('hex')}@example.com`, password: 'Secret123' },
    }),
  },
  'POST /user/reverify_email': {
    access: 'public',
    why: 'resends the sign-up code',
    request: () => ({ path: '/user/reverify_email', body: { email: 'nobody@example.com' } }),
  },
  'POST /user/register_verification': {
    access: 'public',
    why: 'the emailed code is the permission',
    request: () => ({
      path: '/user/register_verification',
      body: { email: 'nobody@example.com', code: '123456' },
    }),
  },
  'POST /user/reset_token': {
    access: 'public',
    why: 'asks for a reset code',
    request: () => ({ path: '/user/reset_token', body: { email: 'nobody@example.com' } }),
  },
  'POST /user/reset_password': {
    access: 'public',
    why: 'the emailed code is the permission',
    request: () => ({
      path: '/user/reset_password',
      body: { email: 'nobody@example.com', code: '123456', password: 'Secret123' },
    }),
  },
  'GET /get_default_query': {
    access: 'public',
    why: 'example queries on the public home page',
    request: () => ({ path: '/get_default_query?language=en' }),
  },
  'POST /pay/stripe/webhook': {
    access: 'public',
    why: 'Stripe calls it; the signature is the permission (tests/api/payments.test.ts)',
    request: () => ({
      path: '/pay/stripe/webhook',
      body: { id: 'evt_1', type: 'checkout.session.completed' },
    }),
  },
  'GET /pay/test/checkout/:id': {
    access: 'public',
    why: 'the built-in test checkout page; the unguessable payment id is the permission, no money moves',
    request: (o) => ({ path: `/pay/test/checkout/${o.paymentId}` }),
  },
  'POST /pay/test/checkout/:id/confirm': {
    access: 'public',
    why: 'the test checkout’s pay button (only without Stripe); the payment id is the permission',
    request: () => ({ path: '/pay/test/checkout/pay_unknown/confirm' }),
  },
  'GET /files/:id': {
    access: 'public',
    why: 'a signed, expiring download link; the signature is the permission',
    request: (o) => ({ path: `/files/${o.fileId}?exp=9999999999&sig=${'A'.repeat(43)}` }),
  },

  // Accounts and beans.
  'POST /user/logout': { access: 'user', request: () => ({ path: '/user/logout', body: {} }), otherUser: 0 },
  // Another user changing their own password ends their other sessions, never the owner's.
  'POST /user/change_password': {
    access: 'user',
    request: () => ({
      path: '/user/change_password',
      body: { old_password: 'Secret123', password: 'N3w-Passw0rd!' },
    }),
    otherUser: 0,
  },
  'POST /user/modify_language': {
    access: 'user',
    request: () => ({ path: '/user/modify_language', body: { language: 'en' } }),
    otherUser: 0,
  },
  'GET /user/user_info': { access: 'user', request: () => ({ path: '/user/user_info' }), otherUser: 0 },
  'POST /user/redeem_point': {
    access: 'user',
    request: (o) => ({ path: '/user/redeem_point', body: { code: o.redeemedCode } }),
    otherUser: 40901,
  },
  'GET /user/bean_history': {
    access: 'user',
    request: () => ({ path: '/user/bean_history?page=1&page_size=100' }),
    otherUser: 0,
  },

  // Invitation codes: agents only.
  'POST /user/generate_invitation_code': {
    access: 'agent',
    request: () => ({ path: '/user/generate_invitation_code', body: { prefix: 'ZZ99', quantity: 1 } }),
    otherUser: 0,
  },
  'GET /user/invitation_code_list': {
    access: 'agent',
    request: () => ({ path: '/user/invitation_code_list' }),
    otherUser: 0,
  },

  // Search and chat history.
  'POST /chat/search': {
    access: 'user',
    request: (o) => ({ path: '/chat/search', body: { query, chat_id: o.chatId } }),
    otherUser: 40400,
  },
  'GET /chat/get_chat_history': {
    access: 'user',
    request: () => ({ path: '/chat/get_chat_history' }),
    otherUser: 0,
  },
  'GET /chat/messages': {
    access: 'user',
    request: (o) => ({ path: `/chat/messages?chat_id=${o.chatId}` }),
    otherUser: 40400,
  },
  'POST /chat/delete_chat_history': {
    access: 'user',
    request: (o) => ({ path: '/chat/delete_chat_history', body: { chat_id: o.chatId } }),
    otherUser: 40400,
  },
  'GET /chat/quota': { access: 'user', request: () => ({ path: '/chat/quota' }), otherUser: 0 },
  'GET /complete_query': { access: 'user', request: () => ({ path: '/complete_query?q=LED' }), otherUser: 0 },

  // Leads: unlocks, saved leads and memos.
  'POST /leads/unlock': {
    access: 'user',
    request: (o) => ({ path: '/leads/unlock', body: { lead_id: o.unlockedLead } }),
    // A lead no search showed the other user: refused as an unknown id (the owner's unlock is not reused).
    otherUser: 40400,
  },
  'GET /leads/unlocked': {
    access: 'user',
    request: () => ({ path: '/leads/unlocked?page=1' }),
    otherUser: 0,
  },
  'GET /leads/collects': {
    access: 'user',
    request: () => ({ path: '/leads/collects?page=1' }),
    otherUser: 0,
  },
  'POST /leads/collect': {
    access: 'user',
    request: (o) => ({ path: '/leads/collect', body: { lead_id: o.savedLead } }),
    // A lead no search showed the other user: refused as an unknown id.
    otherUser: 40400,
  },
  'DELETE /leads/collect': {
    access: 'user',
    request: (o) => ({ path: '/leads/collect', body: { lead_ids: [o.savedLead] } }),
    // Answers 0 but deletes only the caller's rows: the owner's saved lead stays.
    otherUser: 0,
  },
  'GET /leads/collects/export': {
    access: 'user',
    request: () => ({ path: '/leads/collects/export' }),
    otherUser: 0,
  },
  'GET /leads/unlocked/export': {
    access: 'user',
    request: () => ({ path: '/leads/unlocked/export' }),
    otherUser: 0,
  },
  'GET /leads/collects/facets': {
    access: 'user',
    request: () => ({ path: '/leads/collects/facets' }),
    otherUser: 0,
  },
  'GET /leads/unlocked/facets': {
    access: 'user',
    request: () => ({ path: '/leads/unlocked/facets' }),
    otherUser: 0,
  },
  'POST /leads/stage': {
    access: 'user',
    request: (o) => ({ path: '/leads/stage', body: { lead_ids: [o.savedLead], stage: 'lost' } }),
    // Not the caller's saved or unlocked lead: refused, the owner's stage stays.
    otherUser: 40400,
  },
  'POST /leads/tags': {
    access: 'user',
    request: (o) => ({ path: '/leads/tags', body: { lead_ids: [o.savedLead], add: ['x'] } }),
    otherUser: 40400,
  },
  'POST /user/set_memo': {
    access: 'user',
    request: (o) => ({ path: '/user/set_memo', body: { lead_id: o.savedLead, memo: 'overwritten' } }),
    otherUser: 40400,
  },
  'GET /user/get_delve_email': {
    access: 'user',
    request: (o) => ({ path: `/user/get_delve_email?lead_id=${o.unlockedLead}` }),
    otherUser: 40300,
  },
  'POST /spider/verify_media': {
    access: 'user',
    request: () => ({ path: '/spider/verify_media', body: { url: 'https://www.linkedin.com/company/acme' } }),
    otherUser: 0,
  },

  // Plans and payments.
  'GET /pay/stripe/pay_url': {
    access: 'user',
    request: () => ({
      path: `/pay/stripe/pay_url?goods_id=13&success_url=${encodeURIComponent('/pages/chat/chat')}`,
    }),
    otherUser: 0,
  },
  'PUT /pay/stripe/cancel_subscription': {
    access: 'user',
    request: () => ({ path: '/pay/stripe/cancel_subscription', body: {} }),
    // The owner has a plan; the other user has none to cancel.
    otherUser: 40900,
  },

  // Company files.
  'POST /upload_file': {
    access: 'user',
    // Same client id and file name as the owner's: a separate namespace, so no conflict leaks it.
    request: (o) => ({ path: '/upload_file', raw: multipart(o.clientId, fileName, 'someone else') }),
    otherUser: 0,
  },
  'GET /get_file': {
    access: 'user',
    request: (o) => ({ path: `/get_file?clientId=${o.clientId}` }),
    otherUser: 0,
  },
  'GET /get_s3_url': {
    access: 'user',
    request: (o) => ({ path: `/get_s3_url?file_id=${o.fileId}` }),
    otherUser: 40400,
  },
  'POST /delete_file': {
    access: 'user',
    request: (o) => ({ path: '/delete_file', body: { file_id: o.fileId } }),
    otherUser: 40400,
  },

  // Seller profile: every call acts on the caller's own profile only.
  'GET /profile': { access: 'user', request: () => ({ path: '/profile' }), otherUser: 0 },
  'PUT /profile': {
    access: 'user',
    request: () => ({ path: '/profile', body: OTHER_PROFILE }),
    otherUser: 0,
  },
  'POST /profile/refresh': {
    access: 'user',
    request: () => ({ path: '/profile/refresh', body: {} }),
    otherUser: 0,
  },
  'GET /profile/products': {
    access: 'user',
    request: () => ({ path: '/profile/products?q=cat' }),
    otherUser: 0,
  },

  // Outreach email.
  'POST /outreach/generate': {
    access: 'user',
    request: (o) => ({
      path: '/outreach/generate',
      body: { lead_id: o.unlockedLead, language: 'en', client_id: o.clientId },
    }),
    // A draft needs the caller's own unlock; the owner's unlock and files are not used.
    otherUser: 40300,
  },
  'POST /outreach/send': {
    access: 'user',
    request: (o) => ({
      path: '/outreach/send',
      body: {
        lead_id: o.unlockedLead,
        to: 'someone@example.com',
        subject: 'Hello',
        body: 'Hello',
        language: 'en',
        request_id: o.outreachRequest,
      },
    }),
    // The owner's request_id names nothing of the caller's; the owner's unlock does not count.
    otherUser: 40300,
  },
  'GET /outreach/sent': { access: 'user', request: () => ({ path: '/outreach/sent?page=1' }), otherUser: 0 },
  'GET /outreach/thread': {
    access: 'user',
    request: (o) => ({ path: `/outreach/thread?sequence_id=${o.sequenceId}` }),
    otherUser: 40400,
  },
  'POST /outreach/replied': {
    access: 'user',
    request: (o) => ({ path: '/outreach/replied', body: { sequence_id: o.sequenceId } }),
    otherUser: 40400,
  },
  'GET /outreach/quota': { access: 'user', request: () => ({ path: '/outreach/quota' }), otherUser: 0 },
  'POST /outreach/inbound': {
    access: 'public',
    why: 'the inbound mailbox posts received mail; the shared INBOUND_SECRET is the permission (40400 while none is set)',
    request: () => ({
      path: '/outreach/inbound',
      raw: { body: 'From: x@example.com\r\n\r\nhi', contentType: 'message/rfc822' },
    }),
  },
  'GET /outreach/unsubscribe': {
    access: 'public',
    why: 'the link in an outreach email; its signed token is the permission, a GET changes nothing',
    request: () => ({ path: '/outreach/unsubscribe?t=forged' }),
  },
  'POST /outreach/unsubscribe': {
    access: 'public',
    why: 'the unsubscribe confirm button and RFC 8058 one-click; the signed token is the permission',
    request: () => ({ path: '/outreach/unsubscribe?t=forged' }),
  },

  // LLM.
  'POST /translate': {
    access: 'user',
    request: () => ({ path: '/translate', body: { text: 'Hello', target: 'zh' } }),
    otherUser: 0,
  },
};

let api: Api;
let llm: FakeLlm;
let owner: Owner;
let registered: string[];

/** Calls one route as it is registered (`METHOD /path`) with the table's request. */
async function send(
  route: string,
  token: string | undefined,
  o: Owner = owner,
): Promise<{ status: number; body: Answer; text: string }> {
  const [method] = route.split(' ') as [string];
  const req = ROUTES[route]!.request(o);
  const options: CallOptions = { token, ip: `192.0.2.${Math.floor(Math.random() * 250)}` };
  if (req.raw) {
    options.rawBody = req.raw.body;
    options.headers = { 'content-type': req.raw.contentType };
  } else if (req.body !== undefined) options.body = req.body;
  const res = await api.raw(method, req.path, options);
  const text = await res.text();
  let body: Answer;
  try {
    body = JSON.parse(text) as Answer;
  } catch {
    // Streams and HTML pages: not an envelope.
    body = { code: res.ok ? 0 : -1, msg: '', data: null };
  }
  return { status: res.status, body, text };
}

beforeAll(async () => {
  llm = await startFakeLlm();
  llm.reply = (request) => answer(`译文：${llm.lastUserMessage(request)}`);
  const env = {
    DATA_DIR: mkdtempSync(join(tmpdir(), 'honeyleads-access-')),
    LLM_BASE_URL: `${llm.url}/v1`,
    LLM_API_KEY: 'sk-test',
    LLM_MODEL: 'fake',
    UNSUBSCRIBE_SECRET: randomBytes(32).toString('hex'),
  };
  // The outreach queue without its worker: sends are accepted and recorded, nothing is mailed.
  api = await startApi({
    leads: generateLeads({ perMajor: 1, perOther: 0 }),
    env,
    outreach: { work: false },
  });
  registered = [
    ...new Set(
      createApi(api.services)
        .routes.filter((r) => r.method !== 'ALL')
        .map((r) => `${r.method} ${r.path}`),
    ),
  ];

  // The owner: an agent with a plan, a conversation, a saved lead with a memo, an unlocked lead,
  // a redeemed code, a company file and invitation codes.
  const a = await quickAccount(api, 'owner', { agent: true, beans: 5 });
  const search = await api.raw('POST', '/chat/search', { token: a.token, body: { query } });
  const events = await readEvents(search);
  const chatId = events[0]!.data.chat_id as string;
  // Two leads with a first email that may be mailed (position 0, not invalid).
  const [withContacts, saved] = rowsOf<{ id: string }>(
    await api.database.db.execute(sql`
      SELECT lead_id AS id FROM lead_contacts
      WHERE kind = 'email' AND position = 0 AND label <> 'invalid'
      GROUP BY lead_id ORDER BY lead_id LIMIT 2`),
  );
  const savedLead = saved!.id;
  // Picked from the table rather than the search: recorded as shown to the owner, as a search would.
  await showLeads(api, a.email, [withContacts!.id, savedLead]);
  const ok = async (method: string, path: string, options: CallOptions) => {
    const res = await api.call(method, path, { token: a.token, ...options });
    expect(res.body.code, `${method} ${path}`).toBe(0);
    return res.body.data;
  };
  await ok('POST', '/leads/collect', { body: { lead_id: savedLead } });
  await ok('POST', '/user/set_memo', { body: { lead_id: savedLead, memo } });
  const unlocked = await ok('POST', '/leads/unlock', { body: { lead_id: withContacts!.id } });
  const recipient = unlocked.contacts.emails.find((e: { status: string }) => e.status !== 'invalid').email;
  const sent = await ok('POST', '/outreach/send', {
    body: {
      lead_id: withContacts!.id,
      to: recipient,
      subject: outreachSubject,
      body: 'Hello from the owner',
      language: 'en',
      request_id: outreachRequest,
    },
  });
  const [code] = await mintCodes(api.database.db, 10, 1);
  await ok('POST', '/user/redeem_point', { body: { code } });
  const clientId = `client-${randomBytes(6).toString('hex')}`;
  const upload = multipart(clientId, fileName, fileText);
  const file = await ok('POST', '/upload_file', {
    rawBody: upload.body,
    headers: { 'content-type': upload.contentType },
  });
  const codes = (
    await ok('POST', '/user/generate_invitation_code', { body: { prefix: 'OWNR', quantity: 3 } })
  ).map((c: { code: string }) => c.code);
  const pay = await ok(
    'GET',
    `/pay/stripe/pay_url?goods_id=13&success_url=${encodeURIComponent('/pages/chat/chat')}`,
    {},
  );
  const paymentPath = new URL(pay.url).pathname.replace(/^\/api/, '');
  expect((await api.raw('POST', `${paymentPath}/confirm`)).status).toBe(303);
  const paymentId = paymentPath.split('/').pop()!;
  const chat = await ok('GET', '/chat/get_chat_history', {});
  owner = {
    id: a.id,
    token: a.token,
    chatId,
    savedLead,
    unlockedLead: withContacts!.id,
    redeemedCode: code!,
    fileId: file.file_id,
    clientId,
    paymentId,
    invitationCodes: codes,
    outreachRequest,
    sequenceId: sent.sequence.id,
    secrets: [
      a.email,
      memo,
      chatId,
      chat[0].title,
      file.file_id,
      fileText,
      code!,
      paymentId,
      ...codes,
      sent.id,
      outreachSubject,
    ],
  };
}, 120_000);
afterAll(async () => {
  await api?.close();
  await llm?.close();
});

const protectedRoutes = () =>
  Object.entries(ROUTES).filter((entry): entry is [string, ProtectedRoute] => entry[1].access !== 'public');

describe('the access-control table covers the whole API', () => {
  it('lists every route the app registers, and only those', () => {
    expect(registered.length).toBeGreaterThan(30);
    expect(
      registered.filter((route) => !(route in ROUTES)),
      'routes missing from the table',
    ).toEqual([]);
    expect(
      Object.keys(ROUTES).filter((route) => !registered.includes(route)),
      'stale rows',
    ).toEqual([]);
  });

  it('public routes answer without a token (and say why they may)', async () => {
    for (const [route, entry] of Object.entries(ROUTES)) {
      if (entry.access !== 'public') continue;
      expect(entry.why.length, route).toBeGreaterThan(5);
      const res = await send(route, undefined);
      // 50300 (the webhook without STRIPE_WEBHOOK_SECRET) is a refusal, not a fault.
      expect([500, 50000], route).not.toContain(res.body.code);
      expect(res.status, route).not.toBe(500);
      expect(res.body.code, route).not.toBe(40100);
    }
  });
});

describe('every non-public route checks the token', () => {
  /**
   * Tokens that must all be refused: none, garbage, too long, revoked, expired, unused for 7 days,
   * and a replaced one past its grace.
   */
  async function deadTokens(): Promise<Record<string, string | undefined>> {
    const victim = await quickAccount(api, 'dead-token');
    const revoked = `revoked-${randomBytes(32).toString('hex')}`;
    const expired = `expired-${randomBytes(32).toString('hex')}`;
    const idle = `idle-${randomBytes(32).toString('hex')}`;
    const replaced = `replaced-${randomBytes(32).toString('hex')}`;
    const now = api.clock.now();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    await api.database.db.insert(sessions).values([
      {
        userId: victim.id,
        tokenHash: sha256(revoked),
        expiresAt: new Date(now.getTime() + 86_400_000),
        revokedAt: now,
      },
      { userId: victim.id, tokenHash: sha256(expired), expiresAt: new Date(now.getTime() - 1000) },
      {
        userId: victim.id,
        tokenHash: sha256(idle),
        createdAt: ago(8 * 86_400_000),
        expiresAt: new Date(now.getTime() + 22 * 86_400_000),
        lastUsedAt: ago(7 * 86_400_000 + 1000),
        tokenCreatedAt: ago(8 * 86_400_000),
      },
      {
        userId: victim.id,
        tokenHash: sha256(`its-replacement-${replaced}`),
        previousTokenHash: sha256(replaced),
        createdAt: ago(2 * 86_400_000),
        expiresAt: new Date(now.getTime() + 28 * 86_400_000),
        lastUsedAt: ago(180_000),
        tokenCreatedAt: ago(180_000),
      },
    ]);
    return {
      none: undefined,
      unknown: randomBytes(32).toString('hex'),
      'too long': 'x'.repeat(10_000),
      "another user's hash": sha256(owner.token),
      revoked,
      expired,
      'unused for 7 days': idle,
      'replaced, past its grace': replaced,
    };
  }

  it('answers 40100 without a valid token and changes nothing', async () => {
    const tokens = await deadTokens();
    let calls = 0;
    for (const [route] of protectedRoutes()) {
      const before = await databaseState(api.database.db);
      for (const [kind, token] of Object.entries(tokens)) {
        const res = await send(route, token);
        expect({ route, kind, status: res.status, code: res.body.code }).toEqual({
          route,
          kind,
          status: 401,
          code: 40100,
        });
        calls++;
      }
      expect(await databaseState(api.database.db), `${route} wrote without a valid token`).toEqual(before);
    }
    expect(calls).toBe(protectedRoutes().length * Object.keys(tokens).length);
  });
});

describe("another user never sees nor changes the owner's rows", () => {
  it('each call aimed at the owner’s rows answers as documented, shows none of them and changes none', async () => {
    for (const [route, entry] of protectedRoutes()) {
      // A fresh agent per call, so each expectation holds on its own.
      const other = await quickAccount(api, 'other', { agent: true });
      const before = await ownedState(api.database.db, owner.id);
      const res = await send(route, other.token);
      expect({ route, code: res.body.code }).toEqual({ route, code: entry.otherUser });
      expect(res.status, route).toBeLessThan(500);
      for (const secret of owner.secrets) expect(res.text, `${route} leaked ${secret}`).not.toContain(secret);
      expect(await ownedState(api.database.db, owner.id), `${route} changed the owner's rows`).toEqual(
        before,
      );
    }
  });

  it('the owner still sees all of their rows afterwards (the checks above aimed at real rows)', async () => {
    const get = async (path: string) => (await api.call('GET', path, { token: owner.token })).body;
    expect((await get(`/chat/messages?chat_id=${owner.chatId}`)).code).toBe(0);
    expect((await get('/leads/collects')).data.items).toEqual([
      expect.objectContaining({ id: owner.savedLead, memo }),
    ]);
    expect((await get('/leads/unlocked')).data.items.map((l: { id: string }) => l.id)).toEqual([
      owner.unlockedLead,
    ]);
    expect((await get(`/user/get_delve_email?lead_id=${owner.unlockedLead}`)).code).toBe(0);
    expect((await get(`/get_file?clientId=${owner.clientId}`)).data.files).toEqual([
      expect.objectContaining({ file_id: owner.fileId, file_name: fileName }),
    ]);
    expect((await get(`/get_s3_url?file_id=${owner.fileId}`)).code).toBe(0);
    const codes = (await get('/user/invitation_code_list')).data.map((c: { code: string }) => c.code);
    expect(codes.sort()).toEqual([...owner.invitationCodes].sort());
    expect((await get('/user/user_info')).data).toMatchObject({ subscription_status: 1, is_agent: 1 });
    expect((await get('/outreach/sent')).data.items).toEqual([
      expect.objectContaining({ subject: outreachSubject, lead_id: owner.unlockedLead }),
    ]);
  });
});

describe('agent-only calls', () => {
  it('answer 40301 to a signed-in non-agent and change nothing', async () => {
    const agentRoutes = protectedRoutes().filter(([, entry]) => entry.access === 'agent');
    expect(agentRoutes.map(([route]) => route).sort()).toEqual([
      'GET /user/invitation_code_list',
      'POST /user/generate_invitation_code',
    ]);
    for (const [route] of agentRoutes) {
      const member = await quickAccount(api, 'member');
      const before = await databaseState(api.database.db);
      const res = await send(route, member.token);
      expect({ route, status: res.status, code: res.body.code }).toEqual({ route, status: 403, code: 40301 });
      expect(await databaseState(api.database.db), route).toEqual(before);
    }
  });

  it('every other signed-in call is open to non-agents (the role check is where the table says)', async () => {
    for (const [route, entry] of protectedRoutes()) {
      if (entry.access !== 'user') continue;
      const member = await quickAccount(api, 'member');
      const res = await send(route, member.token);
      expect(res.body.code, route).not.toBe(40301);
    }
  });

  it('an agent flag set on another account does not make the owner’s codes visible to it', async () => {
    const [row] = rowsOf<{ n: number }>(
      await api.database.db.execute(
        sql`SELECT count(*)::int AS n FROM invitation_codes WHERE agent_id = ${owner.id}`,
      ),
    );
    expect(Number(row!.n)).toBe(owner.invitationCodes.length);
    const other = await quickAccount(api, 'agent-two', { agent: true });
    await api.database.db.update(users).set({ isAgent: 1 }).where(eq(users.id, other.id));
    const list = await api.call('GET', '/user/invitation_code_list', { token: other.token });
    expect(list.body).toMatchObject({ code: 0, data: [] });
  });
});
