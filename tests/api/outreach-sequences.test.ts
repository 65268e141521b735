import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OUTREACH_DAILY_CAP } from '../../contract/limits.ts';
import { generateLeads, type GeneratedLead } from '../../server/leads/generate.ts';
import {
  emailSuppressions,
  outreachEmails,
  outreachSequences,
  users,
} from '../../server/platform/db/schema.ts';
import { unsubscribeToken } from '../../server/outreach/unsubscribe.ts';
import { startApi, type Answer, type Api } from './harness.ts';
import { aliceAndBob } from './shown.ts';
import { startSmtp } from './smtp.ts';
import { sleep, waitFor } from './waiting.ts';

/*
 * Follow-ups (issue 15): a first email and up to two follow-ups per recipient, each on its day,
 * stopped by a reply (marked, or read from the inbound mailbox), an unsubscribe or a permanent
 * bounce; the daily cap counts them on the day they go.
 */

const SECRET = 'test-unsubscribe-secret-0123456789abcdef';
const INBOUND_SECRET = 'inbound-secret-0123456789abcdef0123456789';
const INBOUND_DOMAIN = 'reply.honeyleads.example';
const DAY = 24 * 60 * 60 * 1000;

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let api: Api;
let alice: string;
let bob: string;
const lead: GeneratedLead = generateLeads({ perMajor: 1, perOther: 0 }).find((l) => l.role === 'buyer')!;
const ADDRESSES = Array.from({ length: 18 }, (_, i) => `buyer${i}@seq-buyer.example`);
lead.contacts = ADDRESSES.map((value, position) => ({ kind: 'email', value, label: 'valid', position }));
lead.people = [];

beforeAll(async () => {
  smtp = await startSmtp();
  api = await startApi({
    leads: [lead],
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      UNSUBSCRIBE_SECRET: SECRET,
      INBOUND_DOMAIN,
      INBOUND_SECRET,
    },
    // Releasing follow-ups is driven by the tests (release()), against the test clock.
    outreach: { pollingIntervalSeconds: 0.5, retryLimit: 0, releaseIntervalSeconds: 3600 },
  });
  ({ alice, bob } = await aliceAndBob(api, lead.id, ADDRESSES.length));
}, 120_000);

// The test clock runs weeks ahead (follow-ups wait days); a session ends 30 days after login or 7
// days unused (docs/api.md "Sessions"), so the users log in again, as real ones would.
let logins = 0;
async function logInAgain() {
  const login = async (email: string) =>
    (
      await api.call('POST', '/user/login', {
        body: { email, password: 'Secret123' },
        ip: `198.51.100.${++logins % 250}`,
      })
    ).body.data as string;
  alice = await login('alice@example.com');
  bob = await login('bob@example.com');
}
beforeEach(logInAgain);

afterAll(async () => {
  await api?.close();
  await smtp?.close();
});

/** Sends a first email to `to` with follow-ups on `days`. */
async function send(to: string, days: number[], token = alice, extra: Record<string, unknown> = {}) {
  return api.call('POST', '/outreach/send', {
    token,
    lang: 'en',
    body: {
      lead_id: lead.id,
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
    },
  });
}

const thread = async (sequenceId: string, token = alice) =>
  (await api.call('GET', `/outreach/thread?sequence_id=${sequenceId}`, { token, lang: 'en' })).body;
const steps = async (sequenceId: string) =>
  (await thread(sequenceId)).data.emails.map((e: Answer['data']) => [e.step, e.status]);
/** The message of a row once the SMTP server has it and the row says `sent`. */
async function delivered(id: string) {
  const message = await waitFor(`email ${id} received`, () => smtp.forRow(id)[0]);
  await waitFor(`email ${id} sent`, async () => {
    const [row] = await api.database.db.select().from(outreachEmails).where(eq(outreachEmails.id, id));
    return row?.status === 'sent';
  });
  return message;
}
const released = () => api.services.outreach!.release();

describe('a sequence goes step by step, on its days, in one thread', () => {
  it('the first email now, follow-ups scheduled for days 4 and 10, each in the thread of the first; then finished', async () => {
    const res = await send(ADDRESSES[0]!, [4, 10]);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      step: 1,
      status: 'queued',
      sequence: { steps: 3, state: 'active' },
    });
    const sequenceId = res.body.data.sequence.id;
    const first = await delivered(res.body.data.id);
    const listed = (await thread(sequenceId)).data.emails;
    expect(listed.map((e: Answer['data']) => [e.step, e.status])).toEqual([
      [1, 'sent'],
      [2, 'scheduled'],
      [3, 'scheduled'],
    ]);
    const created = Date.parse(listed[0].created_at);
    expect(Date.parse(listed[1].due_at) - created).toBe(4 * DAY);
    expect(Date.parse(listed[2].due_at) - created).toBe(10 * DAY);

    // Replies and bounces come back to the inbound mailbox, signed for this sequence.
    expect(first.headers.get('reply-to')).toMatch(
      new RegExp(`^reply\\+${sequenceId}\\.[a-z0-9]{16}@${INBOUND_DOMAIN}$`),
    );
    expect(first.mailFrom).toMatch(new RegExp(`^bounce\\+${sequenceId}\\.[a-z0-9]{16}@${INBOUND_DOMAIN}$`));
    // The first email starts the thread: it answers nothing.
    expect(first.headers.get('in-reply-to')).toBeUndefined();
    expect(first.headers.get('references')).toBeUndefined();

    expect(await released()).toBe(0);
    api.clock.advance(4 * DAY);
    expect(await released()).toBe(1);
    const second = await delivered(listed[1].id);
    expect(second.subject).toBe(`Re: Cat food for you (${ADDRESSES[0]})`);
    expect(second.headers.get('in-reply-to')).toBe(first.messageId);
    expect(second.headers.get('references')).toBe(first.messageId);
    expect(second.text).toContain('Follow-up 1 about cat food.');

    api.clock.advance(6 * DAY);
    expect(await released()).toBe(1);
    await delivered(listed[2].id);
    await logInAgain();
    await waitFor('finished', async () => (await thread(sequenceId)).data.sequence.state === 'finished');
    expect(await steps(sequenceId)).toEqual([
      [1, 'sent'],
      [2, 'sent'],
      [3, 'sent'],
    ]);
  });
});

describe('a sequence stops for its recipient', () => {
  it('when the user marks “replied”: the follow-ups are cancelled and never sent', async () => {
    const res = await send(ADDRESSES[1]!, [4, 10]);
    const sequenceId = res.body.data.sequence.id;
    await delivered(res.body.data.id);
    const marked = await api.call('POST', '/outreach/replied', {
      token: alice,
      lang: 'en',
      body: { sequence_id: sequenceId },
    });
    expect(marked.body.code).toBe(0);
    expect(marked.body.data.sequence).toMatchObject({
      state: 'stopped',
      stop_reason: 'replied',
      replied: true,
    });
    expect(marked.body.data.emails.map((e: Answer['data']) => [e.step, e.status, e.error])).toEqual([
      [1, 'sent', null],
      [2, 'cancelled', 'The recipient replied, so this follow-up will not be sent.'],
      [3, 'cancelled', 'The recipient replied, so this follow-up will not be sent.'],
    ]);
    // Idempotent; another user's sequence is not found; a malformed id is refused.
    expect(
      (await api.call('POST', '/outreach/replied', { token: alice, body: { sequence_id: sequenceId } })).body
        .code,
    ).toBe(0);
    expect(
      (await api.call('POST', '/outreach/replied', { token: bob, body: { sequence_id: sequenceId } })).body
        .code,
    ).toBe(40400);
    expect(
      (await api.call('GET', `/outreach/thread?sequence_id=${sequenceId}`, { token: bob })).body.code,
    ).toBe(40400);
    expect(
      (await api.call('POST', '/outreach/replied', { token: alice, body: { sequence_id: 'x' } })).body,
    ).toMatchObject({
      code: 40001,
      data: { field: 'sequence_id' },
    });
    api.clock.advance(11 * DAY);
    await logInAgain();
    await released();
    await sleep(1_000);
    const [, second, third] = (await thread(sequenceId)).data.emails;
    expect(smtp.forRow(second.id)).toHaveLength(0);
    expect(smtp.forRow(third.id)).toHaveLength(0);
  });

  it('when the recipient unsubscribes: every sequence to the address stops, whoever sent it', async () => {
    const to = ADDRESSES[2]!;
    const mine = await send(to, [4]);
    const theirs = await send(to, [4], bob);
    await delivered(mine.body.data.id);
    const optOut = await api.raw('POST', `/outreach/unsubscribe?t=${unsubscribeToken(SECRET, to)}`, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(optOut.status).toBe(200);
    for (const [res, token] of [
      [mine, alice],
      [theirs, bob],
    ] as const) {
      const { data } = await thread(res.body.data.sequence.id, token);
      expect(data.sequence).toMatchObject({
        state: 'stopped',
        stop_reason: 'unsubscribed',
        unsubscribed: true,
      });
      expect(data.emails[1]).toMatchObject({
        status: 'cancelled',
        error: 'The recipient unsubscribed, so this follow-up will not be sent.',
      });
    }
    api.clock.advance(5 * DAY);
    await released();
    await sleep(800);
    expect(smtp.forRow((await thread(mine.body.data.sequence.id)).data.emails[1].id)).toHaveLength(0);
  });

  it('on a permanent bounce (the server answers 550): the address is suppressed and the follow-ups cancelled', async () => {
    const to = ADDRESSES[3]!;
    smtp.refuseNext(550, '5.1.1 <buyer3@seq-buyer.example>: Recipient address rejected: User unknown');
    const res = await send(to, [4, 10]);
    const sequenceId = res.body.data.sequence.id;
    const { data } = await waitFor('bounced', async () => {
      const t = await thread(sequenceId);
      return t.data.sequence.state === 'stopped' ? t : undefined;
    });
    expect(data.sequence).toMatchObject({ stop_reason: 'bounced', bounced: true, unsubscribed: false });
    expect(data.emails[0].status).toBe('failed');
    expect(data.emails[0].error).toMatch(
      /^The email bounced \(no such address, or refused\); the address is on the do-not-mail list now: 550/,
    );
    expect(data.emails.slice(1).map((e: Answer['data']) => e.status)).toEqual(['cancelled', 'cancelled']);
    const [suppressed] = await api.database.db
      .select()
      .from(emailSuppressions)
      .where(eq(emailSuppressions.email, to));
    expect(suppressed).toMatchObject({ reason: 'bounce' });
    // Nobody mails it again, and drafts leave it out.
    const again = await send(to, [], bob);
    expect(again.body).toMatchObject({ code: 42200, data: { reason: 'suppressed' } });
    const draft = await api.call('POST', '/outreach/generate', {
      token: bob,
      body: { lead_id: lead.id, language: 'en' },
    });
    expect(draft.body.data.to).not.toContain(to);
  });

  it('a refusal that is not about the address (554) fails the step and stops the sequence, without suppressing it', async () => {
    const to = ADDRESSES[4]!;
    smtp.refuseNext(554, '5.7.1 Message rejected as spam');
    const res = await send(to, [4]);
    const sequenceId = res.body.data.sequence.id;
    await waitFor('stopped', async () => (await thread(sequenceId)).data.sequence.state === 'stopped');
    const { data } = await thread(sequenceId);
    expect(data.sequence).toMatchObject({ stop_reason: 'failed', bounced: false });
    expect(data.emails[1].error).toBe(
      'An earlier email was not delivered, so this follow-up will not be sent.',
    );
    expect(
      await api.database.db.select().from(emailSuppressions).where(eq(emailSuppressions.email, to)),
    ).toEqual([]);
  });
});

describe('the inbound mailbox (INBOUND_DOMAIN)', () => {
  const post = (raw: string, secret = INBOUND_SECRET, headers: Record<string, string> = {}) =>
    api.call('POST', '/outreach/inbound', {
      rawBody: raw,
      headers: { 'content-type': 'message/rfc822', 'x-inbound-secret': secret, ...headers },
    });

  it('a reply stops the sequence and is passed on to the user; an out-of-office does not stop it', async () => {
    const to = ADDRESSES[5]!;
    const res = await send(to, [4]);
    const first = await delivered(res.body.data.id);
    const replyTo = first.headers.get('reply-to')!;
    const reply = (extra: string) =>
      [
        `From: Peter Schmidt <${to}>`,
        `To: ${replyTo}`,
        `Subject: Re: ${first.subject}`,
        `In-Reply-To: ${first.messageId}`,
        ...(extra ? [extra] : []),
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Thanks, please send the price list.',
      ].join('\r\n');

    const away = await post(reply('Auto-Submitted: auto-replied'));
    expect(away.body).toMatchObject({ code: 0, data: { kind: 'auto_reply' } });
    expect((await thread(res.body.data.sequence.id)).data.sequence.state).toBe('active');

    const answered = await post(reply(''));
    expect(answered.body).toMatchObject({ code: 0, data: { kind: 'reply' } });
    const { data } = await thread(res.body.data.sequence.id);
    expect(data.sequence).toMatchObject({ state: 'stopped', stop_reason: 'replied', replied: true });
    const forwarded = await waitFor('the forwarded reply', () =>
      smtp.messages.find((m) => m.to.includes('alice@example.com') && m.subject.startsWith(`${to} replied`)),
    );
    expect(forwarded.text).toContain('Thanks, please send the price list.');
    expect(forwarded.headers.get('reply-to')).toBe(to);
  });

  it('a delivery report of a permanent failure to the signed bounce address suppresses the address and stops the sequence', async () => {
    const to = ADDRESSES[6]!;
    const res = await send(to, [4]);
    const first = await delivered(res.body.data.id);
    const dsn = [
      'From: Mail Delivery System <MAILER-DAEMON@mx.seq-buyer.example>',
      `To: ${first.mailFrom}`,
      'Subject: Undelivered Mail Returned to Sender',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="B"',
      '',
      '--B',
      'Content-Type: text/plain',
      '',
      'Your message could not be delivered.',
      '--B',
      'Content-Type: message/delivery-status',
      '',
      `Final-Recipient: rfc822; ${to}`,
      'Action: failed',
      'Status: 5.1.1',
      '--B--',
      '',
    ].join('\r\n');
    // Believed only from the envelope our mail server passes on, not from the To: header.
    expect((await post(dsn)).body).toMatchObject({ code: 0, data: { kind: 'ignored' } });
    expect((await thread(res.body.data.sequence.id)).data.sequence.state).toBe('active');
    expect((await post(dsn, INBOUND_SECRET, { 'x-envelope-to': first.mailFrom! })).body).toMatchObject({
      code: 0,
      data: { kind: 'bounce' },
    });
    const { data } = await thread(res.body.data.sequence.id);
    expect(data.sequence).toMatchObject({ state: 'stopped', stop_reason: 'bounced', bounced: true });
    expect(data.emails[0]).toMatchObject({ status: 'failed' });
    const [row] = await api.database.db
      .select()
      .from(emailSuppressions)
      .where(eq(emailSuppressions.email, to));
    expect(row?.reason).toBe('bounce');
  });

  it('refuses a wrong secret and ignores mail that names no sequence of ours (a forged address changes nothing)', async () => {
    const to = ADDRESSES[7]!;
    const res = await send(to, [4]);
    const sequenceId = res.body.data.sequence.id;
    const message = `From: x@evil.example\r\nTo: reply+${sequenceId}.aaaaaaaaaaaaaaaa@${INBOUND_DOMAIN}\r\nSubject: hi\r\n\r\nstop it`;
    expect((await post(message, 'wrong-secret-0123456789abcdef0123456789')).body.code).toBe(40300);
    expect((await post(message, '')).body.code).toBe(40300);
    expect((await post(message)).body).toMatchObject({ code: 0, data: { kind: 'ignored' } });
    expect((await thread(sequenceId)).data.sequence.state).toBe('active');
  });
});

describe('the daily cap counts follow-ups on the day they go', () => {
  /** Puts `n` emails already sent today on Bob's account. */
  async function sentToday(n: number) {
    const [bobRow] = await api.database.db.select().from(users).where(eq(users.email, 'bob@example.com'));
    const now = api.clock.now();
    await api.database.db.insert(outreachEmails).values(
      Array.from({ length: n }, (_, i) => ({
        id: randomUUID(),
        userId: bobRow!.id,
        leadId: lead.id,
        requestId: `filler-${now.getTime()}-${i}`,
        toAddress: `filler${i}@filler.example`,
        subject: 'x',
        body: 'x',
        status: 'sent' as const,
        createdAt: now,
      })),
    );
  }

  it('a follow-up due today uses a place: the quota shows it, and a new email beyond the cap is refused', async () => {
    api.clock.advance(DAY);
    const res = await send(ADDRESSES[8]!, [1], bob);
    expect(res.body.code).toBe(0);
    await delivered(res.body.data.id);
    api.clock.advance(DAY);
    expect((await api.call('GET', '/outreach/quota', { token: bob })).body.data).toEqual({
      cap: OUTREACH_DAILY_CAP,
      used: 1,
      left: OUTREACH_DAILY_CAP - 1,
    });
    await sentToday(OUTREACH_DAILY_CAP - 1);
    expect((await api.call('GET', '/outreach/quota', { token: bob })).body.data.left).toBe(0);
    expect((await send(ADDRESSES[9]!, [], bob)).body.code).toBe(42901);
    // The follow-up itself still goes: the 49 before it leave it its place.
    await released();
    const [, follow] = (await thread(res.body.data.sequence.id, bob)).data.emails;
    expect(follow.status).not.toBe('scheduled');
    await delivered(follow.id);
  });

  it('a follow-up whose day is full waits for the next UTC day', async () => {
    api.clock.advance(DAY);
    const res = await send(ADDRESSES[10]!, [1], bob);
    await delivered(res.body.data.id);
    api.clock.advance(DAY);
    await sentToday(OUTREACH_DAILY_CAP);
    await released();
    const [, follow] = (await thread(res.body.data.sequence.id, bob)).data.emails;
    expect(follow.status).toBe('scheduled');
    expect(new Date(follow.due_at).getUTCHours()).toBe(0);
    expect(Date.parse(follow.due_at)).toBeGreaterThan(api.clock.now().getTime());
    api.clock.advance(DAY);
    await released();
    await delivered(follow.id);
  });
});

describe('the per-recipient daily cap holds for follow-ups too (issue 29)', () => {
  it('four sequences whose follow-ups fall due on one day: 2 go that UTC day, the other 2 the next, none is lost', async () => {
    const to = ADDRESSES[12]!;
    api.clock.advance(DAY);
    // One first email a day, each with a follow-up on the same later day: each send was within the cap.
    const sequences: string[] = [];
    for (const days of [4, 3, 2, 1]) {
      const res = await send(to, [days]);
      expect(res.body.code).toBe(0);
      await delivered(res.body.data.id);
      sequences.push(res.body.data.sequence.id);
      api.clock.advance(DAY);
    }
    const followUps = async () =>
      Promise.all(sequences.map(async (id) => (await thread(id)).data.emails[1] as Answer['data']));
    expect((await followUps()).every((f) => Date.parse(f.due_at) <= api.clock.now().getTime())).toBe(true);

    expect(await released()).toBe(2);
    const first = await followUps();
    const waiting = first.filter((f) => f.status === 'scheduled');
    expect(waiting).toHaveLength(2);
    const nextDay = Date.UTC(
      api.clock.now().getUTCFullYear(),
      api.clock.now().getUTCMonth(),
      api.clock.now().getUTCDate() + 1,
    );
    for (const f of waiting) expect(Date.parse(f.due_at)).toBe(nextDay);
    for (const f of first.filter((f) => f.status !== 'scheduled')) await delivered(f.id);
    // A new email to the same address today is refused too: the day's 2 are used.
    expect((await send(to, [])).body.code).toBe(42902);
    expect(await released()).toBe(0);

    api.clock.advance(DAY);
    expect(await released()).toBe(2);
    for (const f of waiting) await delivered(f.id);
    // Every email to the address, by UTC day: never more than 2.
    const rows = await api.database.db.select().from(outreachEmails).where(eq(outreachEmails.toAddress, to));
    const perDay = new Map<string, number>();
    for (const row of rows.filter((r) => r.status === 'sent')) {
      const day = (row.dueAt ?? row.createdAt).toISOString().slice(0, 10);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(8);
    expect(Math.max(...perDay.values())).toBe(2);
  });
});

describe('checks on follow-ups', () => {
  it.each([
    ['later days first', [10, 4]],
    ['day 0', [0]],
    ['beyond 60 days', [61]],
    ['three follow-ups', [2, 4, 6]],
    ['a part day', [1.5]],
  ])('%s → 40001 follow_ups in plain words, nothing stored', async (_what, days) => {
    const before = (await api.database.db.select().from(outreachSequences)).length;
    const res = await send(ADDRESSES[11]!, days as number[]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 40001, data: { field: 'follow_ups' } });
    expect(res.body.msg).toMatch(/^At most 2 follow-ups, 1 to 60 days after the first email/);
    expect((await api.database.db.select().from(outreachSequences)).length).toBe(before);
  });

  it('a follow-up subject with a line break is refused like the first email’s', async () => {
    const res = await send(ADDRESSES[11]!, [], alice, {
      follow_ups: [{ days: 3, subject: 'Re: hi\r\nBcc: victim@example.com', body: 'Hello again.' }],
    });
    expect(res.body).toMatchObject({ code: 40001, data: { field: 'follow_ups' } });
  });

  it('the same request_id with the same follow-ups is the same sequence; with other follow-ups, 40900', async () => {
    api.clock.advance(DAY);
    const body = {
      lead_id: lead.id,
      to: ADDRESSES[11],
      subject: 'Once',
      body: 'Hello once.',
      language: 'en',
      request_id: `seq-once-${Date.now()}`,
      follow_ups: [{ days: 3, subject: 'Re: Once', body: 'Hello again.' }],
    };
    const first = await api.call('POST', '/outreach/send', { token: alice, body });
    const again = await api.call('POST', '/outreach/send', { token: alice, body });
    expect(again.body.data.id).toBe(first.body.data.id);
    const rows = await api.database.db
      .select()
      .from(outreachEmails)
      .where(and(eq(outreachEmails.sequenceId, first.body.data.sequence.id)));
    expect(rows).toHaveLength(2);
    const changed = await api.call('POST', '/outreach/send', {
      token: alice,
      body: { ...body, follow_ups: [{ days: 3, subject: 'Re: Once', body: 'Something else.' }] },
    });
    expect(changed.body).toMatchObject({ code: 40900, data: { field: 'request_id' } });
  });
});

describe('a follow-up is checked again when its day comes (what changed since it was scheduled)', () => {
  /** A sequence to `to` whose first email went, its follow-up on day 4; then `change` happens behind its back. */
  async function dueAfter(to: string, change: (sequenceId: string, firstId: string) => Promise<unknown>) {
    api.clock.advance(DAY);
    await logInAgain();
    const res = await send(to, [4]);
    expect(res.body.code).toBe(0);
    const sequenceId = res.body.data.sequence.id as string;
    await delivered(res.body.data.id);
    await change(sequenceId, res.body.data.id);
    api.clock.advance(4 * DAY);
    await logInAgain();
    await released();
    await sleep(800);
    const { data } = await thread(sequenceId);
    return { sequence: data.sequence, followUp: data.emails[1] as Answer['data'] };
  }
  const setSequence = (id: string, values: Partial<typeof outreachSequences.$inferInsert>) =>
    api.database.db.update(outreachSequences).set(values).where(eq(outreachSequences.id, id));

  it('a sequence stopped meanwhile (by another instance): the follow-up is cancelled, saying why', async () => {
    const unsubscribed = await dueAfter(ADDRESSES[13]!, (id) =>
      setSequence(id, { state: 'stopped', stopReason: 'unsubscribed' }),
    );
    expect(unsubscribed.followUp).toMatchObject({
      status: 'cancelled',
      error: 'The recipient unsubscribed, so this follow-up will not be sent.',
    });
    expect(smtp.forRow(unsubscribed.followUp.id)).toHaveLength(0);
    const finished = await dueAfter(ADDRESSES[13]!, (id) => setSequence(id, { state: 'finished' }));
    expect(finished.followUp).toMatchObject({
      status: 'cancelled',
      error: 'An earlier email was not delivered, so this follow-up will not be sent.',
    });
  });

  it('an address suppressed meanwhile: the sequence stops as unsubscribed, or as bounced for a bounce', async () => {
    for (const [to, reason, stop] of [
      [ADDRESSES[14]!, 'unsubscribe', 'unsubscribed'],
      [ADDRESSES[15]!, 'bounce', 'bounced'],
    ] as const) {
      const { sequence, followUp } = await dueAfter(to, () =>
        api.database.db.insert(emailSuppressions).values({ email: to, reason, createdAt: api.clock.now() }),
      );
      expect(sequence).toMatchObject({ state: 'stopped', stop_reason: stop });
      expect(followUp.status).toBe('cancelled');
      expect(smtp.forRow(followUp.id)).toHaveLength(0);
    }
  });

  it('the step before still on its way: the follow-up waits an hour; the step before failed: the sequence stops', async () => {
    const waiting = await dueAfter(ADDRESSES[16]!, (_, firstId) =>
      api.database.db.update(outreachEmails).set({ status: 'sending' }).where(eq(outreachEmails.id, firstId)),
    );
    expect(waiting.followUp.status).toBe('scheduled');
    expect(Date.parse(waiting.followUp.due_at)).toBe(api.clock.now().getTime() + 60 * 60 * 1000);
    expect(waiting.sequence.state).toBe('active');

    const failed = await dueAfter(ADDRESSES[17]!, (_, firstId) =>
      api.database.db
        .update(outreachEmails)
        .set({ status: 'failed', error: 'gave_up: 451 later' })
        .where(eq(outreachEmails.id, firstId)),
    );
    expect(failed.sequence).toMatchObject({ state: 'stopped', stop_reason: 'failed' });
    expect(failed.followUp.status).toBe('cancelled');
    expect(smtp.forRow(failed.followUp.id)).toHaveLength(0);
  });
});
