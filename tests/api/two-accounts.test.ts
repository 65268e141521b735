import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { mintCodes } from '../../server/billing/redeem.ts';
import { inboundAddress } from '../../server/outreach/inbound.ts';
import { rowsOf } from '../../server/platform/db/client.ts';
import {
  collects,
  outreachEmails,
  outreachSequences,
  unlocks,
  users,
} from '../../server/platform/db/schema.ts';
import { startApi, type Answer, type Api } from './harness.ts';
import { CHINESE_PROFILE } from './profiles.ts';
import { ownedState } from './snapshot.ts';
import { showLeads } from './shown.ts';
import { editableProfile, emailAt, personOf, searchAs, testLead, userIdOf } from './fixtures.ts';

/*
 * Two users, one lead (issue 30): both saved, unlocked, tagged, noted and wrote to the same buyer.
 * Each thing one of them does changes their own copy and leaves every row of the other's, in every
 * per-user table, as it was. (tests/api/access-control.test.ts proves the other half: nobody can act
 * on someone else's rows.)
 */

const INBOUND_SECRET = 'inbound-secret-0123456789abcdef0123456789';
const INBOUND_DOMAIN = 'reply.honeyleads.example';

/** A buyer with eight addresses (five revealed at unlock, three more on request) and a named buyer. */
const SHARED = testLead('L920001', {
  people: [personOf('L920001', 1, 'Maria Huber')],
  contacts: [
    emailAt('maria.huber@huber-licht.example', 0, 'valid', 'L920001.1'),
    ...Array.from({ length: 7 }, (_, i) => emailAt(`box${i + 1}@huber-licht.example`, i + 1)),
  ],
});
/** Saved by both, unlocked by neither. */
const SAVED_ONLY = testLead('L920002', { contacts: [emailAt('info@second.example', 0)] });
/** Unlocked by both, saved by neither. */
const UNLOCKED_ONLY = testLead('L920003', { contacts: [emailAt('info@third.example', 0)] });
const LEADS = [SHARED, SAVED_ONLY, UNLOCKED_ONLY];
const BUYER = 'maria.huber@huber-licht.example';
const OTHER_BUYER = 'box1@huber-licht.example';

let api: Api;
let app: ReturnType<typeof createApp>;
interface Person {
  email: string;
  id: number;
  token: string;
  sequences: Record<string, string>;
}
let anna: Person;
let ben: Person;

async function person(email: string): Promise<Person> {
  const token = await api.signUp(email);
  return { email, id: await userIdOf(api, email), token, sequences: {} };
}

const call = (p: Person, method: string, path: string, body?: unknown) =>
  api.call(method, path, { token: p.token, lang: 'en', ...(body === undefined ? {} : { body }) });
const ok = async (p: Person, method: string, path: string, body?: unknown) => {
  const res = await call(p, method, path, body);
  expect(res.body.code, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(0);
  return res.body.data;
};

async function upload(p: Person, name: string, text: string): Promise<Answer> {
  const form = new FormData();
  form.append('file', new File([text], name, { type: 'text/plain' }));
  form.append('clientId', 'browser-two-accounts');
  const res = await app.request('/api/upload_file', {
    method: 'POST',
    headers: { token: p.token, 'x-forwarded-for': '203.0.113.30' },
    body: form,
  });
  return (await res.json()) as Answer;
}

async function sendTo(p: Person, to: string) {
  const data = await ok(p, 'POST', '/outreach/send', {
    lead_id: SHARED.id,
    to,
    subject: 'LED panels for Huber',
    body: 'Dear Maria,\n\nWe make LED panels.\n\nBest regards',
    language: 'en',
    request_id: randomUUID(),
    follow_ups: [{ days: 4, subject: 'Re: LED panels for Huber', body: 'Dear Maria,\n\nA follow-up.' }],
  });
  p.sequences[to] = data.sequence.id;
}

/** What the other user sees of their own leads, through the API. */
async function views(p: Person) {
  const saved = await ok(p, 'GET', '/leads/collects?page=1&page_size=50');
  const unlocked = await ok(p, 'GET', '/leads/unlocked?page=1&page_size=50');
  const sent = await ok(p, 'GET', '/outreach/sent?page=1&page_size=50');
  const info = await ok(p, 'GET', '/user/user_info');
  return { saved, unlocked, sent, info };
}

beforeAll(async () => {
  api = await startApi({
    leads: LEADS,
    env: { INBOUND_DOMAIN, INBOUND_SECRET },
    // Follow-ups are not released here: the sequences stay as the users left them.
    outreach: { pollingIntervalSeconds: 0.5, releaseIntervalSeconds: 3600 },
  });
  app = createApp({ distDir: '/nonexistent', services: api.services, trustProxy: true, log: () => {} });
  anna = await person('anna@example.com');
  ben = await person('ben@example.com');
  const [code] = await mintCodes(api.database.db, 20, 1);
  await api.database.db.update(users).set({ isAgent: 1 });
  for (const p of [anna, ben]) {
    await ok(p, 'POST', '/user/generate_invitation_code', { prefix: 'TWOA', quantity: 2 });
    await showLeads(
      api,
      p.email,
      LEADS.map((l) => l.id),
    );
    // Both run the same search, save two leads, unlock two, tag and note the first, write to its buyer.
    await searchAs(api, p.token, { query: 'LED panel buyers in Liechtenstein' });
    for (const lead of [SHARED, SAVED_ONLY]) await ok(p, 'POST', '/leads/collect', { lead_id: lead.id });
    for (const lead of [SHARED, UNLOCKED_ONLY]) await ok(p, 'POST', '/leads/unlock', { lead_id: lead.id });
    await ok(p, 'POST', '/leads/stage', { lead_ids: [SHARED.id], stage: 'contacted' });
    await ok(p, 'POST', '/leads/tags', { lead_ids: [SHARED.id], add: ['vip'] });
    await ok(p, 'POST', '/user/set_memo', { lead_id: SHARED.id, memo: `${p.email}'s note` });
    await sendTo(p, BUYER);
    await sendTo(p, OTHER_BUYER);
    expect((await upload(p, 'profile.txt', CHINESE_PROFILE)).code).toBe(0);
  }
  // Ben is on the monthly plan and has redeemed a code.
  await ok(ben, 'POST', '/user/redeem_point', { code });
  const pay = await ok(
    ben,
    'GET',
    `/pay/stripe/pay_url?goods_id=13&success_url=${encodeURIComponent('http://localhost:4321/pages/chat/chat')}`,
  );
  await api.raw('POST', `${new URL(pay.url).pathname.replace(/^\/api/, '')}/confirm`);
  await api.settled();
}, 120_000);
afterAll(() => api.close());

/**
 * Account work and mail settled, and the outreach worker done with every email due now (queued or
 * being sent): a send of a test before is delivered in the background, and would otherwise change
 * Ben's rows while Anna acts.
 */
async function quiet() {
  await api.settled();
  for (let wait = 0; wait < 300; wait++) {
    const [due] = await api.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outreachEmails)
      .where(inArray(outreachEmails.status, ['queued', 'sending']));
    if (!due?.n) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the outreach worker did not send the emails due within 30 s');
}

/** Runs Anna's action; Ben's rows in every per-user table, and what Ben sees, are as they were. */
async function leavesBenAlone(action: () => Promise<void>) {
  await quiet();
  const rows = await ownedState(api.database.db, ben.id);
  const seen = await views(ben);
  await action();
  await quiet();
  expect(await ownedState(api.database.db, ben.id)).toEqual(rows);
  expect(await views(ben)).toEqual(seen);
}

const annaRow = async () =>
  (
    await api.database.db
      .select()
      .from(collects)
      .where(sql`${collects.userId} = ${anna.id} AND ${collects.leadId} = ${SHARED.id}`)
  )[0];

describe("one user's action leaves the other's copy of the same lead alone", () => {
  it('an unlock: Anna pays and sees the addresses; Ben’s saved card stays locked and his balance is his', async () => {
    await leavesBenAlone(async () => {
      const before = await ok(anna, 'GET', '/user/user_info');
      const lead = await ok(anna, 'POST', '/leads/unlock', { lead_id: SAVED_ONLY.id });
      expect(lead.contacts.emails).toEqual([{ email: 'info@second.example', status: 'valid' }]);
      const after = await ok(anna, 'GET', '/user/user_info');
      expect(after.bp_used - before.bp_used).toBe(1);
    });
    const card = (await ok(ben, 'GET', '/leads/collects?page=1&page_size=50')).items.find(
      (i: { id: string }) => i.id === SAVED_ONLY.id,
    );
    expect(card).toMatchObject({ unlocked: false, contacts: null, people: null });
    // Ben's own unlock of it costs Ben his bean: Anna's does not count for him.
    const before = await ok(ben, 'GET', '/user/user_info');
    await ok(ben, 'POST', '/leads/unlock', { lead_id: SAVED_ONLY.id });
    expect((await ok(ben, 'GET', '/user/user_info')).bp_used - before.bp_used).toBe(1);
  });

  it('"find more emails": Anna sees eight addresses, Ben still five', async () => {
    await leavesBenAlone(async () => {
      const more = await ok(anna, 'GET', `/user/get_delve_email?lead_id=${SHARED.id}`);
      expect(more.emails).toHaveLength(3);
    });
    const [benUnlock] = await api.database.db
      .select()
      .from(unlocks)
      .where(sql`${unlocks.userId} = ${ben.id} AND ${unlocks.leadId} = ${SHARED.id}`);
    expect(benUnlock!.emailsShown).toBe(5);
  });

  it('a stage: Anna’s lead is won, Ben’s is still contacted', async () => {
    await leavesBenAlone(async () => {
      await ok(anna, 'POST', '/leads/stage', { lead_ids: [SHARED.id], stage: 'won' });
      expect((await annaRow())!.stage).toBe('won');
    });
  });

  it('a stage on an unlocked lead neither saved: Anna’s is saved at that stage, Ben’s is not saved', async () => {
    await leavesBenAlone(async () => {
      await ok(anna, 'POST', '/leads/stage', { lead_ids: [UNLOCKED_ONLY.id], stage: 'quoting' });
      const unlocked = await ok(anna, 'GET', '/leads/unlocked?page=1&page_size=50');
      expect(unlocked.items.find((i: { id: string }) => i.id === UNLOCKED_ONLY.id).stage).toBe('quoting');
    });
  });

  it('tags: Anna adds one and removes one; Ben’s tags are his', async () => {
    await leavesBenAlone(async () => {
      await ok(anna, 'POST', '/leads/tags', { lead_ids: [SHARED.id], add: ['Hot lead'], remove: ['VIP'] });
      expect((await annaRow())!.tags).toEqual(['Hot lead']);
    });
  });

  it('a memo: Anna rewrites hers; Ben’s note stays', async () => {
    await leavesBenAlone(async () => {
      await ok(anna, 'POST', '/user/set_memo', { lead_id: SHARED.id, memo: 'Call on Monday' });
      expect((await annaRow())!.memo).toBe('Call on Monday');
    });
  });

  it('“replied”: Anna’s sequence to the buyer stops; Ben’s to the same buyer goes on', async () => {
    await leavesBenAlone(async () => {
      const thread = await ok(anna, 'POST', '/outreach/replied', { sequence_id: anna.sequences[BUYER] });
      expect(thread.sequence).toMatchObject({ state: 'stopped', stop_reason: 'replied' });
    });
  });

  it('a reply arriving at Anna’s reply address stops her sequence only', async () => {
    // Signed with the outreach secret, as the queue writes it into each email's Reply-To.
    const to = inboundAddress(
      INBOUND_DOMAIN,
      api.services.outreach!.secret(),
      anna.sequences[OTHER_BUYER]!,
    ).reply;
    await leavesBenAlone(async () => {
      const res = await api.call('POST', '/outreach/inbound', {
        rawBody: [
          `From: Box One <${OTHER_BUYER}>`,
          `To: ${to}`,
          'Subject: Re: LED panels for Huber',
          'Content-Type: text/plain; charset=utf-8',
          '',
          'Please send prices.',
        ].join('\r\n'),
        headers: {
          'content-type': 'message/rfc822',
          'x-inbound-secret': INBOUND_SECRET,
          'x-envelope-to': to,
        },
      });
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 0, data: { kind: 'reply' } });
    });
    const [annas] = await api.database.db
      .select()
      .from(outreachSequences)
      .where(eq(outreachSequences.id, anna.sequences[OTHER_BUYER]!));
    expect(annas!.state).toBe('stopped');
  });

  it('the per-recipient cap is per sender: Anna’s emails to the buyer leave Ben his two', async () => {
    // Each has sent one to BUYER today; Anna sends her second.
    await leavesBenAlone(async () => {
      await sendTo(anna, BUYER);
      expect((await call(anna, 'POST', '/outreach/send', { ...sendBody(BUYER) })).body.code).toBe(42902);
    });
    expect((await call(ben, 'POST', '/outreach/send', sendBody(BUYER))).body.code).toBe(0);
  });

  it('a search and a deleted conversation: Anna’s allowance and history are hers', async () => {
    await leavesBenAlone(async () => {
      const before = (await ok(anna, 'GET', '/chat/quota')).searches_left;
      const found = await searchAs(api, anna.token, { query: 'LED panel buyers in Liechtenstein' });
      expect(found.ids.length).toBeGreaterThan(0);
      expect((await ok(anna, 'GET', '/chat/quota')).searches_left).toBe(before - 1);
      for (const chat of await ok(anna, 'GET', '/chat/get_chat_history'))
        await ok(anna, 'POST', '/chat/delete_chat_history', { chat_id: chat.chat_id });
      expect(await ok(anna, 'GET', '/chat/get_chat_history')).toEqual([]);
    });
    expect((await ok(ben, 'GET', '/chat/get_chat_history')).length).toBe(1);
  });

  it('company files and the seller profile: Anna edits, uploads and deletes; Ben’s are his', async () => {
    await leavesBenAlone(async () => {
      const profile = await ok(anna, 'GET', '/profile');
      await ok(anna, 'PUT', '/profile', { ...editableProfile(profile), company_en: 'Anna Lighting' });
      expect((await upload(anna, 'more.txt', 'Anna Lighting makes LED panels.')).code).toBe(0);
      const files = await ok(anna, 'GET', '/get_file?clientId=browser-two-accounts');
      for (const file of files.files) await ok(anna, 'POST', '/delete_file', { file_id: file.file_id });
    });
  });

  it('money: Anna redeems a code, buys the monthly plan and cancels it; Ben’s balance and plan are his', async () => {
    const [code] = await mintCodes(api.database.db, 7, 1);
    await leavesBenAlone(async () => {
      expect(await ok(anna, 'POST', '/user/redeem_point', { code })).toBe(7);
      const pay = await ok(
        anna,
        'GET',
        `/pay/stripe/pay_url?goods_id=13&success_url=${encodeURIComponent('http://localhost:4321/pages/chat/chat')}`,
      );
      await api.raw('POST', `${new URL(pay.url).pathname.replace(/^\/api/, '')}/confirm`);
      expect((await ok(anna, 'GET', '/user/user_info')).subscription_status).toBe(1);
      await ok(anna, 'PUT', '/pay/stripe/cancel_subscription', {});
      expect((await ok(anna, 'GET', '/user/user_info')).subscription_status).toBe(2);
    });
    expect((await ok(ben, 'GET', '/user/user_info')).subscription_status).toBe(1);
  });

  it('invitation codes: Anna makes more; Ben’s list is his', async () => {
    await leavesBenAlone(async () => {
      await ok(anna, 'POST', '/user/generate_invitation_code', { prefix: 'ANNA', quantity: 3 });
      expect(await ok(anna, 'GET', '/user/invitation_code_list')).toHaveLength(5);
    });
    expect(await ok(ben, 'GET', '/user/invitation_code_list')).toHaveLength(2);
  });

  it('the language: Anna’s answers turn Chinese, Ben’s stay English', async () => {
    await ok(ben, 'POST', '/user/modify_language', { language: 'en' });
    await leavesBenAlone(async () => {
      await ok(anna, 'POST', '/user/modify_language', { language: 'zh' });
    });
    const [row] = await api.database.db.select().from(users).where(eq(users.id, ben.id));
    expect(row!.language).toBe('en');
  });

  it('unsaving: Anna’s list loses the lead, Ben’s keeps it', async () => {
    await leavesBenAlone(async () => {
      await ok(anna, 'DELETE', '/leads/collect', { lead_ids: [SHARED.id, SAVED_ONLY.id] });
      expect(await annaRow()).toBeUndefined();
    });
  });

  it('sign-outs: Anna’s logout and password reset end her sessions only', async () => {
    const second = (
      await api.call('POST', '/user/login', {
        body: { email: anna.email, password: 'Secret123' },
        ip: '198.51.100.9',
      })
    ).body.data as string;
    await leavesBenAlone(async () => {
      await ok(anna, 'POST', '/user/logout');
      expect((await call(anna, 'GET', '/user/user_info')).body.code).toBe(40100);
      expect((await api.call('GET', '/user/user_info', { token: second })).body.code).toBe(0);
      await api.call('POST', '/user/reset_token', { body: { email: anna.email } });
      const code = await api.lastCode(anna.email);
      const reset = await api.call('POST', '/user/reset_password', {
        body: { email: anna.email, code, password: 'NewSecret456' },
      });
      expect(reset.body.code).toBe(0);
      expect((await api.call('GET', '/user/user_info', { token: second })).body.code).toBe(40100);
    });
  });
});

describe('the fixtures reach every per-user table', () => {
  it('each table holding user rows has rows of both users, so the checks above compare something', async () => {
    const tables = rowsOf<{ table_name: string; column_name: string }>(
      await api.database.db.execute(sql`
        SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name IN ('user_id', 'agent_id', 'redeemed_by')
        ORDER BY table_name`),
    );
    const empty: string[] = [];
    for (const { table_name, column_name } of tables) {
      const [row] = rowsOf<{ n: number }>(
        await api.database.db.execute(
          sql`SELECT count(*)::int AS n FROM ${sql.identifier(table_name)} WHERE ${sql.identifier(column_name)} = ${ben.id}`,
        ),
      );
      if (!row || Number(row.n) === 0) empty.push(`${table_name}.${column_name}`);
    }
    expect(empty).toEqual([]);
  });
});

function sendBody(to: string) {
  return {
    lead_id: SHARED.id,
    to,
    subject: 'LED panels again',
    body: 'Dear Maria,\n\nStill making LED panels.',
    language: 'en',
    request_id: randomUUID(),
  };
}
