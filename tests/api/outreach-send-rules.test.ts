import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailSuppressions, outreachEmails, outreachSequences } from '../../server/platform/db/schema.ts';
import { unsubscribeToken } from '../../server/outreach/unsubscribe.ts';
import { emailAt, outreachEmailRow, testLead, userIdOf } from './fixtures.ts';
import { startApi, type Answer, type Api } from './harness.ts';
import { showLeads, aliceAndBob } from './shown.ts';
import { startSmtp } from './smtp.ts';
import { waitFor } from './waiting.ts';

/*
 * The rules of POST /outreach/send users and API clients rely on (docs/api.md "Outreach email"):
 * a repeated request_id is the same email only when everything in it is the same; the per-recipient
 * daily cap and what it counts; the sent list and the thread carrying each email's sequence; and
 * the answers when outreach or the inbound mailbox is not configured.
 */

const SECRET = 'test-unsubscribe-secret-0123456789abcdef';
const INBOUND_SECRET = 'inbound-secret-0123456789abcdef0123456789';
const DAY = 24 * 60 * 60 * 1000;

const ADDRESSES = Array.from({ length: 12 }, (_, i) => `buyer${i}@send-rules.example`);
const LEAD = testLead('L993001', { contacts: ADDRESSES.map((address, i) => emailAt(address, i)) });
/** A second lead, only for a request that names another lead. */
const OTHER_LEAD = testLead('L993002', { contacts: [emailAt('someone@other-rules.example', 0)] });

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let api: Api;
let alice: string;
let bob: string;

beforeAll(async () => {
  smtp = await startSmtp();
  // No INBOUND_DOMAIN: replies go to the users' own addresses (and the inbound hook is not there).
  api = await startApi({
    leads: [LEAD, OTHER_LEAD],
    env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, UNSUBSCRIBE_SECRET: SECRET },
    // Follow-ups are released by the tests (release()), against the test clock.
    outreach: { pollingIntervalSeconds: 0.5, retryLimit: 0, releaseIntervalSeconds: 3600 },
  });
  ({ alice, bob } = await aliceAndBob(api, LEAD.id, ADDRESSES.length));
}, 120_000);

afterAll(async () => {
  await api?.close();
  await smtp?.close();
});

// The test clock runs days ahead; a session ends 7 days unused (docs/api.md "Sessions").
let logins = 0;
beforeEach(async () => {
  const login = async (email: string) =>
    (
      await api.call('POST', '/user/login', {
        body: { email, password: 'Secret123' },
        ip: `198.51.100.${++logins % 250}`,
      })
    ).body.data as string;
  alice = await login('alice@example.com');
  bob = await login('bob@example.com');
});

/** A send request of Alice's to `to` (on LEAD) with follow-ups on `days`; `extra` overrides fields. */
function request(to: string, days: number[] = [], extra: Record<string, unknown> = {}) {
  return {
    lead_id: LEAD.id,
    to,
    subject: `Cat food for you (${to})`,
    body: 'Dear Peter,\n\nWe make cat food.\n\nBest regards,\nLi Wei',
    language: 'en',
    request_id: randomUUID(),
    follow_ups: days.map((d, i) => ({
      days: d,
      subject: `Re: Cat food for you (${to})`,
      body: `Dear Peter,\n\nFollow-up ${i + 1} about cat food.\n\nBest regards,\nLi Wei`,
    })),
    ...extra,
  };
}
const send = (body: Record<string, unknown>, token = alice) =>
  api.call('POST', '/outreach/send', { token, lang: 'en', body });
const thread = async (sequenceId: string, token = alice) =>
  (await api.call('GET', `/outreach/thread?sequence_id=${sequenceId}`, { token, lang: 'en' })).body;
const sentList = async (token = alice) =>
  (await api.call('GET', '/outreach/sent?page_size=50', { token, lang: 'en' })).body.data
    .items as Answer['data'][];
const markReplied = (sequenceId: string) =>
  api.call('POST', '/outreach/replied', { token: alice, body: { sequence_id: sequenceId } });
const released = () => api.services.outreach!.release();
/** Waits until the SMTP server has the row's email and the row says `sent`. */
async function delivered(id: string) {
  await waitFor(`email ${id} sent`, async () => {
    const [row] = await api.database.db.select().from(outreachEmails).where(eq(outreachEmails.id, id));
    return smtp.forRow(id).length > 0 && row?.status === 'sent';
  });
}
/** Waits until no email is queued or on its way (so a refusal the SMTP server is told of hits the next one). */
const idle = () =>
  waitFor('no email on its way', async () => {
    const busy = await api.database.db
      .select()
      .from(outreachEmails)
      .where(inArray(outreachEmails.status, ['queued', 'sending']));
    return busy.length === 0;
  });
/** Seconds from the test clock's now to the next 00:00 UTC. */
function secondsToMidnight(): number {
  const now = api.clock.now();
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.ceil((midnight - now.getTime()) / 1000);
}

describe('a repeated request_id is the same email only when everything in it is the same', () => {
  const to = ADDRESSES[0]!;
  const base = request(to, [3, 7], {
    request_id: 'same-request-0001',
    follow_ups: [
      { days: 3, subject: 'Re: Cat food', body: 'First follow-up.' },
      { days: 7, subject: 'Re: Re: Cat food', body: 'Second follow-up.' },
    ],
  });
  let firstId: string;

  beforeAll(async () => {
    api.clock.advance(DAY);
    const first = await send(base);
    expect(first.body.code).toBe(0);
    firstId = first.body.data.id;
  });

  it('every field the same: the same email, nothing new queued', async () => {
    const again = await send(base);
    expect(again.body.code).toBe(0);
    expect(again.body.data.id).toBe(firstId);
    const rows = await api.database.db
      .select()
      .from(outreachEmails)
      .where(eq(outreachEmails.sequenceId, again.body.data.sequence.id));
    expect(rows).toHaveLength(3);
  });

  const [first, second] = base.follow_ups;
  it.each([
    ['another lead', { lead_id: OTHER_LEAD.id }],
    ['another recipient', { to: ADDRESSES[1] }],
    ['another subject', { subject: 'Dog food for you' }],
    ['another body', { body: 'Dear Peter,\n\nWe make dog food.' }],
    ['another language', { language: 'de' }],
    ['one follow-up fewer', { follow_ups: [first] }],
    ['another follow-up subject', { follow_ups: [first, { ...second, subject: 'Re: Dog food' }] }],
    ['another follow-up body', { follow_ups: [first, { ...second, body: 'Another second follow-up.' }] }],
    ['another follow-up day', { follow_ups: [first, { ...second, days: 8 }] }],
  ])('%s → 40900 request_id, and the first email stays as it was', async (_what, change) => {
    const res = await send({ ...base, ...change });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 40900,
      msg: 'This request_id was already used for a different email.',
      data: { field: 'request_id' },
    });
    const [row] = await api.database.db.select().from(outreachEmails).where(eq(outreachEmails.id, firstId));
    expect(row).toMatchObject({ leadId: LEAD.id, toAddress: to, subject: base.subject, language: 'en' });
  });

  it('a new request whose id looks like a follow-up of an earlier one is a new email, not 40900', async () => {
    // The client never used 'same-request-0001:step2'; the follow-ups of 'same-request-0001' are ours.
    const res = await send(request(ADDRESSES[2]!, [], { request_id: `${base.request_id}:step2` }));
    expect(res.body.code).toBe(0);
    expect(res.body.data.id).not.toBe(firstId);
  });

  it('a follow-up more than the first request had → 40900', async () => {
    const once = request(ADDRESSES[1]!, [3], { request_id: 'same-request-0002' });
    expect((await send(once)).body.code).toBe(0);
    const more = await send({
      ...once,
      follow_ups: [...once.follow_ups, { days: 9, subject: 'Re: more', body: 'One more.' }],
    });
    expect(more.body).toMatchObject({ code: 40900, data: { field: 'request_id' } });
    // And a first request without follow-ups, repeated with one.
    const plain = request(ADDRESSES[1]!, [], { request_id: 'same-request-0003' });
    expect((await send(plain)).body.code).toBe(0);
    const withOne = await send({ ...plain, follow_ups: [{ days: 2, subject: 'Re: hi', body: 'Hi again.' }] });
    expect(withOne.body).toMatchObject({ code: 40900, data: { field: 'request_id' } });
  });

  it('an email from before sequences (no sequence): the same request again answers it', async () => {
    const id = randomUUID();
    const legacy = request(ADDRESSES[2]!, [], { request_id: 'before-sequences-01' });
    await api.database.db.insert(outreachEmails).values({
      id,
      userId: await userIdOf(api, 'alice@example.com'),
      leadId: LEAD.id,
      requestId: legacy.request_id,
      toAddress: legacy.to,
      subject: legacy.subject,
      body: legacy.body,
      language: 'en',
      status: 'sent',
      createdAt: api.clock.now(),
      sentAt: api.clock.now(),
    });
    const again = await send(legacy);
    expect(again.body.code).toBe(0);
    expect(again.body.data).toMatchObject({ id, status: 'sent', sequence: null });
    const changed = await send({ ...legacy, subject: 'Something else' });
    expect(changed.body).toMatchObject({ code: 40900, data: { field: 'request_id' } });
  });
});

describe('the per-recipient daily cap (RECIPIENT_DAILY_CAP, 2 a UTC day)', () => {
  it('counts a follow-up due today but not a cancelled one; 42902 says the cap and the seconds to 00:00 UTC', async () => {
    const to = ADDRESSES[3]!;
    api.clock.advance(DAY);
    const started = await send(request(to, [1]));
    expect(started.body.code).toBe(0);
    await delivered(started.body.data.id);

    // The next day its follow-up waits (scheduled) for today: it takes one of the day's 2.
    api.clock.advance(DAY);
    expect((await send(request(to))).body.code).toBe(0);
    const refused = await send(request(to));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 42902,
      data: { cap: 2, retry_after: secondsToMidnight() },
    });
    // Other addresses are not affected.
    expect((await send(request(ADDRESSES[4]!))).body.code).toBe(0);

    // The recipient replied: the follow-up is cancelled, never sent, and frees its place.
    expect((await markReplied(started.body.data.sequence.id)).body.code).toBe(0);
    const again = await send(request(to));
    expect(again.body.code).toBe(0);
    expect((await send(request(to))).body.code).toBe(42902);
  });

  it('a follow-up due today is released while fewer than 2 to its address are on their way; waiting and cancelled ones hold no place', async () => {
    const to = ADDRESSES[5]!;
    api.clock.advance(DAY);
    // Day 1: a sequence whose follow-up falls on day 3; the recipient will have replied to it.
    const replied = await send(request(to, [2]));
    await delivered(replied.body.data.id);
    // Day 2: two sequences whose follow-ups fall on day 3 too.
    api.clock.advance(DAY);
    const sequences: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await send(request(to, [1]));
      expect(res.body.code).toBe(0);
      await delivered(res.body.data.id);
      sequences.push(res.body.data.sequence.id);
    }
    expect((await markReplied(replied.body.data.sequence.id)).body.code).toBe(0);

    // Day 3: the two follow-ups waiting for today leave no place for a new email to the address…
    api.clock.advance(DAY);
    expect((await send(request(to))).body.code).toBe(42902);
    // …but when they are released, neither waits for the other, nor for the cancelled one: both go.
    await released();
    for (const id of sequences) {
      const followUp = (await thread(id)).data.emails[1];
      expect(followUp.status).not.toBe('scheduled');
      await delivered(followUp.id);
    }
    expect((await thread(replied.body.data.sequence.id)).data.emails[1].status).toBe('cancelled');
  });
});

describe('a follow-up waiting for the step before it holds no place of the day', () => {
  it('another follow-up to the same address due today still goes, next to one already sent today', async () => {
    api.clock.advance(DAY);
    const to = ADDRESSES[1]!;
    const now = api.clock.now();
    const userId = await userIdOf(api, 'alice@example.com');
    const yesterday = new Date(now.getTime() - DAY);
    const db = api.database.db;
    const row = (fields: Partial<typeof outreachEmails.$inferInsert>) =>
      outreachEmailRow(userId, LEAD.id, to, fields);
    const sequence = async () =>
      (
        await db
          .insert(outreachSequences)
          .values({ id: randomUUID(), userId, leadId: LEAD.id, toAddress: to, createdAt: yesterday })
          .returning()
      )[0]!.id;
    // One sequence's first email went today (1 of the address's 2); its follow-up is due now.
    const sent = await sequence();
    const followUp = row({
      sequenceId: sent,
      step: 2,
      status: 'scheduled',
      dueAt: now,
      createdAt: yesterday,
    });
    // Another's first email, made yesterday, is still on its way: its follow-up, due earlier
    // today, waits an hour for it and must not take the address's second place meanwhile.
    const stuck = await sequence();
    const waiting = row({
      sequenceId: stuck,
      step: 2,
      status: 'scheduled',
      dueAt: new Date(now.getTime() - 60_000),
      createdAt: yesterday,
    });
    await db
      .insert(outreachEmails)
      .values([
        row({ sequenceId: sent, step: 1, status: 'sent', createdAt: now, sentAt: now }),
        followUp,
        row({ sequenceId: stuck, step: 1, status: 'queued', createdAt: yesterday }),
        waiting,
      ]);

    await released();
    const [afterWaiting] = await db.select().from(outreachEmails).where(eq(outreachEmails.id, waiting.id));
    expect(afterWaiting).toMatchObject({
      status: 'scheduled',
      dueAt: new Date(now.getTime() + 60 * 60 * 1000),
    });
    const [afterFollowUp] = await db.select().from(outreachEmails).where(eq(outreachEmails.id, followUp.id));
    expect(afterFollowUp!.status).not.toBe('scheduled');
    await delivered(followUp.id);
    // The stuck one never had a job: settled here, so later tests find nothing on its way.
    await db.update(outreachEmails).set({ status: 'cancelled' }).where(eq(outreachEmails.sequenceId, stuck));
  });
});

describe('the sent list and the thread carry each email’s sequence', () => {
  it('every step of a sequence shows it: active, 3 steps, nothing happened; the thread lists steps 1, 2, 3', async () => {
    api.clock.advance(DAY);
    const res = await send(request(ADDRESSES[6]!, [4, 10]));
    expect(res.body.code).toBe(0);
    const sequenceId = res.body.data.sequence.id;
    const expected = {
      id: sequenceId,
      state: 'active',
      stop_reason: null,
      steps: 3,
      replied: false,
      bounced: false,
      unsubscribed: false,
    };
    expect(res.body.data.sequence).toEqual(expected);

    await delivered(res.body.data.id);
    const listed = (await sentList()).filter((item) => item.sequence?.id === sequenceId);
    expect(listed.map((item) => [item.step, item.status])).toEqual([
      [1, 'sent'],
      [2, 'scheduled'],
      [3, 'scheduled'],
    ]);
    for (const item of listed) expect(item.sequence).toEqual(expected);

    const { data } = await thread(sequenceId);
    expect(data.sequence).toEqual(expected);
    expect(data.emails.map((e: Answer['data']) => e.step)).toEqual([1, 2, 3]);
    expect(data.emails.map((e: Answer['data']) => e.id)).toEqual(listed.map((item) => item.id));
    for (const email of data.emails) expect(email.sequence).toEqual(expected);
  });

  it('a recipient who unsubscribed: stopped as unsubscribed, not as replied', async () => {
    api.clock.advance(DAY);
    const to = ADDRESSES[7]!;
    const res = await send(request(to, [4]));
    const sequenceId = res.body.data.sequence.id;
    await delivered(res.body.data.id);
    const optOut = await api.raw('POST', `/outreach/unsubscribe?t=${unsubscribeToken(SECRET, to)}`, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(optOut.status).toBe(200);
    const stopped = {
      id: sequenceId,
      state: 'stopped',
      stop_reason: 'unsubscribed',
      steps: 2,
      replied: false,
      bounced: false,
      unsubscribed: true,
    };
    const listed = (await sentList()).filter((item) => item.sequence?.id === sequenceId);
    expect(listed.map((item) => [item.step, item.status])).toEqual([
      [1, 'sent'],
      [2, 'cancelled'],
    ]);
    for (const item of listed) expect(item.sequence).toEqual(stopped);
    expect((await thread(sequenceId)).data.sequence).toEqual(stopped);
  });

  it('an address that bounced later, for another user: a finished sequence to it shows bounced', async () => {
    api.clock.advance(DAY);
    const to = ADDRESSES[8]!;
    const mine = await send(request(to));
    await delivered(mine.body.data.id);
    const sequenceId = mine.body.data.sequence.id;
    await waitFor('finished', async () => (await thread(sequenceId)).data.sequence.state === 'finished');

    await idle();
    smtp.refuseNext(550, `5.1.1 <${to}>: Recipient address rejected: User unknown`);
    const theirs = await send(request(to), bob);
    expect(theirs.body.code).toBe(0);
    await waitFor(
      'bounced',
      async () => (await thread(theirs.body.data.sequence.id, bob)).data.sequence.bounced,
    );

    const item = (await sentList()).find((i) => i.id === mine.body.data.id)!;
    expect(item.status).toBe('sent');
    // Finished before the bounce (nothing of it was stopped), yet the address is known to bounce.
    expect(item.sequence).toMatchObject({
      state: 'finished',
      stop_reason: null,
      replied: false,
      bounced: true,
      unsubscribed: false,
    });
  });
});

describe('a follow-up already queued when its sequence stops goes no further (queue.ts deliver)', () => {
  /**
   * A sequence to `to` whose first email went and whose follow-up, due today, was released to the
   * queue; `meanwhile` then runs before the worker takes it (as a reply or a bounce arriving between
   * the release and the send). Answers the follow-up's row once the worker settled it.
   */
  async function queuedFollowUp(to: string, meanwhile: (sequenceId: string) => Promise<void>) {
    api.clock.advance(DAY);
    const started = await send(request(to, [1]));
    expect(started.body.code).toBe(0);
    await delivered(started.body.data.id);
    const sequenceId = started.body.data.sequence.id as string;
    const followUpId = (await thread(sequenceId)).data.emails[1].id as string;
    api.clock.advance(DAY);
    await meanwhile(sequenceId);
    // Released before what happened meanwhile: queued, its job waiting for the worker.
    await api.database.db
      .update(outreachEmails)
      .set({ status: 'queued', error: null })
      .where(eq(outreachEmails.id, followUpId));
    await api.services.outreach!.enqueue(api.database.db, followUpId);
    const settled = await waitFor('the follow-up settled', async () => {
      const [row] = await api.database.db
        .select()
        .from(outreachEmails)
        .where(eq(outreachEmails.id, followUpId));
      return row && row.status !== 'queued' && row.status !== 'sending' ? row : undefined;
    });
    return { sequenceId, settled, sent: smtp.forRow(followUpId) };
  }

  it('the recipient replied: cancelled as stopped by the reply, never sent', async () => {
    const { settled, sent } = await queuedFollowUp(ADDRESSES[9]!, async (sequenceId) => {
      expect((await markReplied(sequenceId)).body.code).toBe(0);
    });
    expect(settled).toMatchObject({ status: 'cancelled', error: 'stopped: replied' });
    expect(sent).toEqual([]);
  });

  it.each([
    ['bounce', 'bounced'],
    ['unsubscribe', 'unsubscribed'],
  ] as const)(
    'the address went on the suppression list (%s): suppressed, and the sequence stopped as %s',
    async (reason, stopReason) => {
      const to = reason === 'bounce' ? ADDRESSES[10]! : ADDRESSES[11]!;
      const { sequenceId, settled, sent } = await queuedFollowUp(to, async () => {
        await api.database.db
          .insert(emailSuppressions)
          .values({ email: to, reason, createdAt: api.clock.now() });
      });
      expect(settled).toMatchObject({ status: 'suppressed' });
      expect(sent).toEqual([]);
      expect((await thread(sequenceId)).data.sequence).toMatchObject({
        state: 'stopped',
        stop_reason: stopReason,
      });
    },
  );
});

describe('without outreach or an inbound mailbox', () => {
  const message = 'From: x@buyer.example\r\nTo: reply@reply.example\r\nSubject: hi\r\n\r\nhello';
  const postInbound = (on: Api) =>
    on.call('POST', '/outreach/inbound', {
      rawBody: message,
      headers: { 'content-type': 'message/rfc822', 'x-inbound-secret': INBOUND_SECRET },
    });

  it('POST /outreach/inbound answers 40400 while no inbound mailbox is configured, even with outreach on', async () => {
    const res = await postInbound(api);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(40400);
  });

  it('with outreach off: sending answers 50300 and stores nothing; the inbound hook answers 40400', async () => {
    const off = await startApi({
      leads: [LEAD],
      env: { INBOUND_DOMAIN: 'reply.send-rules.example', INBOUND_SECRET },
      outreach: false,
    });
    try {
      const carol = await off.signUp('carol@example.com', 'Secret123', { language: 'en' });
      await showLeads(off, 'carol@example.com', [LEAD.id]);
      expect(
        (await off.call('POST', '/leads/unlock', { token: carol, body: { lead_id: LEAD.id } })).body.code,
      ).toBe(0);
      const res = await off.call('POST', '/outreach/send', {
        token: carol,
        lang: 'en',
        body: request(ADDRESSES[0]!, [4]),
      });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: 50300, msg: 'This feature is not available.' });
      expect(await off.database.db.select().from(outreachEmails)).toEqual([]);

      const inbound = await postInbound(off);
      expect(inbound.status).toBe(404);
      expect(inbound.body.code).toBe(40400);
    } finally {
      await off.close();
    }
  });
});
