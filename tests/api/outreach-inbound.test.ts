import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateLeads, type GeneratedLead } from '../../server/leads/generate.ts';
import { emailSuppressions, outreachSequences, users } from '../../server/platform/db/schema.ts';
import { inboundAddress } from '../../server/outreach/inbound.ts';
import { INBOUND_SAMPLES } from '../corpus/inbound-mail.ts';
import { startApi, type Api } from './harness.ts';
import { aliceAndBob } from './shown.ts';
import { startSmtp } from './smtp.ts';
import { waitFor } from './waiting.ts';

/*
 * The inbound mailbox (issue 29, round 3 of the security test): bounces believed only from the
 * signed envelope address and only about the sequence's own recipient; received mail read by a
 * real MIME parser, within limits, off the event loop; automatic answers told as mail systems
 * write them; subjects decoded and cleaned before they are passed on.
 */

const INBOUND_SECRET = 'inbound-secret-0123456789abcdef0123456789';
const INBOUND_DOMAIN = 'reply.honeyleads.example';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let api: Api;
let alice: string;
let bob: string;
const lead: GeneratedLead = generateLeads({ perMajor: 1, perOther: 0 }).find((l) => l.role === 'buyer')!;
const ADDRESSES = Array.from({ length: 20 }, (_, i) => `buyer${i}@inbound-buyer.example`);
lead.contacts = ADDRESSES.map((value, position) => ({ kind: 'email', value, label: 'valid', position }));
lead.people = [];

beforeAll(async () => {
  smtp = await startSmtp();
  api = await startApi({
    leads: [lead],
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      UNSUBSCRIBE_SECRET: 'test-unsubscribe-secret-0123456789abcdef',
      INBOUND_DOMAIN,
      INBOUND_SECRET,
    },
    outreach: { pollingIntervalSeconds: 0.5, retryLimit: 0, releaseIntervalSeconds: 3600 },
  });
  ({ alice, bob } = await aliceAndBob(api, lead.id, ADDRESSES.length));
}, 120_000);

afterAll(async () => {
  await api?.close();
  await smtp?.close();
});

/** Sends a first email to `to` with a follow-up on day 4; answers the sequence and the message as received. */
async function sequenceTo(to: string, token = alice) {
  const res = await api.call('POST', '/outreach/send', {
    token,
    lang: 'en',
    body: {
      lead_id: lead.id,
      to,
      subject: 'Cat food for you',
      body: 'Dear Peter,\n\nWe make cat food.\n\nBest regards,\nLi Wei',
      language: 'en',
      request_id: randomUUID(),
      follow_ups: [{ days: 4, subject: 'Re: Cat food for you', body: 'Dear Peter,\n\nFollow-up.' }],
    },
  });
  expect(res.body.code).toBe(0);
  const message = await waitFor('the email received', () => smtp.forRow(res.body.data.id)[0]);
  return {
    id: res.body.data.sequence.id as string,
    messageId: message.messageId,
    replyTo: message.headers.get('reply-to')!,
    bounce: message.mailFrom!,
  };
}

const post = (raw: string, headers: Record<string, string> = {}) =>
  api.call('POST', '/outreach/inbound', {
    rawBody: raw,
    headers: { 'content-type': 'message/rfc822', 'x-inbound-secret': INBOUND_SECRET, ...headers },
  });
const stateOf = async (id: string) =>
  (await api.database.db.select().from(outreachSequences).where(eq(outreachSequences.id, id)))[0]!;
const suppressed = async (email: string) =>
  api.database.db.select().from(emailSuppressions).where(eq(emailSuppressions.email, email));

/** A delivery report (RFC 3464) as an MTA writes it; `headers` go on top. */
function deliveryReport(finalRecipient: string, headers: string[], status = '5.1.1') {
  return [
    'From: Mail Delivery System <MAILER-DAEMON@mx.inbound-buyer.example>',
    ...headers,
    'Subject: Undelivered Mail Returned to Sender',
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="DSN"',
    '',
    '--DSN',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host mx.inbound-buyer.example.',
    "I'm sorry to have to inform you that your message could not be delivered.",
    '--DSN',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.inbound-buyer.example',
    '',
    `Final-Recipient: rfc822; ${finalRecipient}`,
    `Original-Recipient: rfc822; ${finalRecipient}`,
    'Action: failed',
    `Status: ${status}`,
    'Diagnostic-Code: smtp; 550 5.1.1 User unknown',
    '--DSN--',
    '',
  ].join('\r\n');
}

describe('bounces are believed only from the signed envelope address (issue 29)', () => {
  it('a forged delivery report naming a known Message-ID and another user’s recipient changes nothing: no suppression, their sequence keeps running', async () => {
    const victim = ADDRESSES[0]!;
    const bobs = await sequenceTo(victim, bob);
    // The attacker received one of Alice's emails: they know its Message-ID, reply and bounce addresses.
    const attacker = ADDRESSES[1]!;
    const alices = await sequenceTo(attacker);
    const forgeries = [
      // Sent to the reply address they were given.
      [deliveryReport(victim, [`To: ${alices.replyTo}`, `In-Reply-To: ${alices.messageId}`]), alices.replyTo],
      // The bounce address written in the headers only (our mail server delivered it elsewhere).
      [
        deliveryReport(victim, [`To: ${alices.bounce}`, `References: ${alices.messageId}`]),
        `postmaster@${INBOUND_DOMAIN}`,
      ],
      // No envelope at all, the Message-ID alone.
      [deliveryReport(victim, [`To: anyone@${INBOUND_DOMAIN}`, `References: ${alices.messageId}`]), ''],
    ] as const;
    for (const [raw, envelope] of forgeries) {
      const res = await post(raw, envelope ? { 'x-envelope-to': envelope } : {});
      expect(res.body.code).toBe(0);
      expect(res.body.data.kind).not.toBe('bounce');
    }
    expect(await suppressed(victim)).toEqual([]);
    expect(await suppressed(attacker)).toEqual([]);
    expect(await stateOf(bobs.id)).toMatchObject({ state: 'active', stopReason: null });
    // Nor is a report a reply: Alice's own follow-up still goes.
    expect(await stateOf(alices.id)).toMatchObject({ state: 'active', repliedAt: null });
  });

  it('a genuine bounce to the signed envelope address suppresses that sequence’s recipient only, whatever Final-Recipient names', async () => {
    const victim = ADDRESSES[2]!;
    const bobs = await sequenceTo(victim, bob);
    const to = ADDRESSES[3]!;
    const alices = await sequenceTo(to);
    const res = await post(deliveryReport(victim, [`To: ${alices.bounce}`]), {
      'x-envelope-to': alices.bounce,
    });
    expect(res.body).toMatchObject({ code: 0, data: { kind: 'bounce' } });
    expect(await suppressed(to)).toMatchObject([{ email: to, reason: 'bounce' }]);
    expect(await stateOf(alices.id)).toMatchObject({ state: 'stopped', stopReason: 'bounced' });
    expect(await suppressed(victim)).toEqual([]);
    expect(await stateOf(bobs.id)).toMatchObject({ state: 'active', stopReason: null });
  });

  it('a bounce to a forged or unsigned envelope address is ignored, even with the real one in its headers', async () => {
    const to = ADDRESSES[4]!;
    const alices = await sequenceTo(to);
    for (const envelope of [
      `bounce+${alices.id}.aaaaaaaaaaaaaaaa@${INBOUND_DOMAIN}`,
      `bounce+${alices.id}@${INBOUND_DOMAIN}`,
      `reply+${alices.id}.bbbbbbbbbbbbbbbb@${INBOUND_DOMAIN}`,
    ]) {
      const res = await post(
        deliveryReport(to, [`To: ${alices.bounce}`, `References: ${alices.messageId}`]),
        { 'x-envelope-to': envelope },
      );
      expect(res.body).toMatchObject({ code: 0, data: { kind: 'ignored', reason: 'forged' } });
    }
    expect(await suppressed(to)).toEqual([]);
    expect(await stateOf(alices.id)).toMatchObject({ state: 'active' });
  });

  it('a bounce to a genuinely signed address of a sequence no longer there (its user deleted) is not ours and suppresses nothing', async () => {
    const to = ADDRESSES[19]!;
    const gone = randomUUID();
    const { bounce } = inboundAddress(INBOUND_DOMAIN, 'test-unsubscribe-secret-0123456789abcdef', gone);
    const res = await post(deliveryReport(to, [`To: ${bounce}`]), { 'x-envelope-to': bounce });
    expect(res.body).toMatchObject({ code: 0, data: { kind: 'ignored', reason: 'not_ours' } });
    expect(await suppressed(to)).toEqual([]);
  });
});

describe('received mail is read off the event loop and within limits (issue 29)', () => {
  /** Posts `raw` and, until it is answered, asks for the user's info again and again. */
  /**
   * The slowest of 20 user_info calls with nothing else running: what the machine itself costs a
   * call now (a loaded CI machine), allowed on top of the 200 ms a hostile message may add.
   */
  async function quietSlowest() {
    let slowest = 0;
    for (let i = 0; i < 20; i++) {
      const asked = performance.now();
      await api.call('GET', '/user/user_info', { token: alice });
      slowest = Math.max(slowest, performance.now() - asked);
    }
    return slowest;
  }

  async function meanwhile(raw: string, headers: Record<string, string> = {}) {
    const quiet = await quietSlowest();
    const started = performance.now();
    let answeredIn = 0;
    const answer = post(raw, headers).then((res) => {
      answeredIn = performance.now() - started;
      return res;
    });
    const waits: number[] = [];
    do {
      const asked = performance.now();
      expect((await api.call('GET', '/user/user_info', { token: alice })).body.code).toBe(0);
      waits.push(performance.now() - asked);
    } while (!answeredIn && waits.length < 100);
    // What the message added to the slowest call, beyond what the machine costs one now.
    return { res: await answer, answeredIn, slowest: Math.max(...waits) - quiet };
  }

  it('a 60 KB To: header is answered within 1.5 s, and another request within 200 ms meanwhile', async () => {
    const { res, answeredIn, slowest } = await meanwhile(
      `From: x@evil.example\r\nTo: ${'a'.repeat(60_000)}\r\nSubject: hi\r\n\r\nhello`,
    );
    expect(res.body).toMatchObject({ code: 0, data: { kind: 'ignored' } });
    expect(slowest).toBeLessThan(200);
    expect(answeredIn).toBeLessThan(1_500);
  });

  it('a 1 MB header block is not read: answered quickly, other requests too, and the reply address in it changes nothing', async () => {
    const alices = await sequenceTo(ADDRESSES[5]!);
    const runs = Array.from({ length: 4 }, () => 'a'.repeat(250)).join(' ');
    const raw = [
      `From: ${ADDRESSES[5]}`,
      ...Array.from({ length: 1000 }, () => `Cc: ${runs}`),
      `To: ${alices.replyTo}`,
      `In-Reply-To: ${alices.messageId}`,
      'Subject: Re: Cat food for you',
      '',
      'Yes please.',
    ].join('\r\n');
    expect(raw.length).toBeGreaterThan(1_000_000);
    const { res, answeredIn, slowest } = await meanwhile(raw, { 'x-envelope-to': alices.replyTo });
    expect(res.body).toMatchObject({ code: 0, data: { kind: 'ignored', reason: 'headers_too_large' } });
    expect(slowest).toBeLessThan(200);
    expect(answeredIn).toBeLessThan(1_500);
    expect(await stateOf(alices.id)).toMatchObject({ state: 'active', repliedAt: null });
  });

  it('20,000 addresses in To:, the reply address last: not read, and the sequence keeps running', async () => {
    const alices = await sequenceTo(ADDRESSES[6]!);
    const raw = [
      `From: ${ADDRESSES[6]}`,
      `To: ${Array.from({ length: 20_000 }, (_, i) => `someone${i}@inbound-buyer.example`).join(', ')}, ${alices.replyTo}`,
      'Subject: Re: Cat food for you',
      '',
      'Yes please.',
    ].join('\r\n');
    const { res, answeredIn, slowest } = await meanwhile(raw);
    expect(res.body).toMatchObject({ code: 0, data: { kind: 'ignored' } });
    expect(slowest).toBeLessThan(200);
    expect(answeredIn).toBeLessThan(1_500);
    expect(await stateOf(alices.id)).toMatchObject({ state: 'active', repliedAt: null });
  });
  it('a burst of messages beyond the 16 the reader holds is answered 42900 at once, so the mail server tries later; the rest are read', async () => {
    const alices = await sequenceTo(ADDRESSES[9]!);
    const body = Array.from({ length: 20_000 }, (_, i) => `Line ${i} of a long quoted thread.`).join('\r\n');
    const raw = replyFrom(ADDRESSES[9]!, ['To: someone@inbound-buyer.example'], body);
    const answers = await Promise.all(Array.from({ length: 40 }, () => post(raw)));
    const codes = answers.map((res) => res.body.code);
    expect(codes.filter((code) => code === 42900).length).toBeGreaterThan(0);
    expect(codes.every((code) => code === 0 || code === 42900)).toBe(true);
    for (const res of answers.filter((r) => r.body.code === 0))
      expect(res.body.data).toEqual({ kind: 'ignored', reason: 'not_ours' });
    // The reader is free again: the next message is read.
    const after = await post(replyFrom(ADDRESSES[9]!, [`To: ${alices.replyTo}`]));
    expect(after.body).toMatchObject({ code: 0, data: { kind: 'reply' } });
  });
});

describe('replies and automatic answers as real mail systems write them (issue 29)', () => {
  it('each sample is a reply or an automatic answer as its mail system meant, and is passed on decoded, its subject on one clean line', async () => {
    const to = ADDRESSES[7]!;
    const alices = await sequenceTo(to);
    const answered = {
      buyer: to,
      replyTo: alices.replyTo,
      messageId: alices.messageId,
      subject: 'Cat food for you',
    };
    const wrong: string[] = [];
    for (const sample of INBOUND_SAMPLES) {
      await api.database.db
        .update(outreachSequences)
        .set({ state: 'active', stopReason: null, repliedAt: null })
        .where(and(eq(outreachSequences.id, alices.id)));
      const before = smtp.messages.filter((m) => m.to.includes('alice@example.com')).length;
      const res = await post(sample.raw(answered), { 'x-envelope-to': alices.replyTo });
      const state = (await stateOf(alices.id)).state;
      const expected = sample.kind === 'reply' ? 'stopped' : 'active';
      if (res.body.data?.kind !== sample.kind || state !== expected)
        wrong.push(`${sample.name}: ${res.body.data?.kind}, sequence ${state}`);
      const forwarded = await waitFor(
        `${sample.name} passed on`,
        () => smtp.messages.filter((m) => m.to.includes('alice@example.com'))[before],
      ).catch(() => undefined);
      if (!forwarded) wrong.push(`${sample.name}: not passed on`);
      else {
        if (!forwarded.subject.endsWith(` replied to your outreach email: ${sample.subject}`))
          wrong.push(`${sample.name}: subject ${JSON.stringify(forwarded.subject)}`);
        if (!forwarded.text.includes(sample.says))
          wrong.push(`${sample.name}: text ${JSON.stringify(forwarded.text.slice(0, 300))}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});

describe('a reply passed on to a Chinese account', () => {
  it("is written in the account's language and names who replied, by name and address", async () => {
    await api.database.db.update(users).set({ language: 'zh' }).where(eq(users.email, 'bob@example.com'));
    const to = ADDRESSES[8]!;
    const bobs = await sequenceTo(to, bob);
    const before = smtp.messages.filter((m) => m.to.includes('bob@example.com')).length;
    const raw = [
      `From: Peter Schmidt <${to}>`,
      `To: ${bobs.replyTo}`,
      'Subject: Re: Cat food for you',
      `In-Reply-To: ${bobs.messageId}`,
      '',
      'Please send your price list.',
    ].join('\r\n');
    const res = await post(raw, { 'x-envelope-to': bobs.replyTo });
    expect(res.body.data.kind).toBe('reply');
    const forwarded = await waitFor(
      'the reply passed on',
      () => smtp.messages.filter((m) => m.to.includes('bob@example.com'))[before],
    );
    expect(forwarded.subject).toBe(`${to} 回复了你的开发信：Re: Cat food for you`);
    expect(forwarded.text).toMatch(
      new RegExp(`^Peter Schmidt <${to.replace(/\./g, '\\.')}> 回复了你通过蜜探发送的开发信`),
    );
    expect(forwarded.text).toContain('Please send your price list.');
  });
});

/** A person's reply to `to`'s email: `headers` go on top. */
const replyFrom = (from: string, headers: string[], text = 'Please send your price list.') =>
  [`From: ${from}`, ...headers, 'Subject: Re: Cat food for you', '', text].join('\r\n');

describe('which sequence a message answers (issue 15: envelope, reply address, Message-ID)', () => {
  it('a reply our mail server delivered to the reply address stops the sequence, even when its headers name another address (Bcc, a forward)', async () => {
    const to = ADDRESSES[10]!;
    const alices = await sequenceTo(to);
    const raw = replyFrom(to, ['To: purchasing@inbound-buyer.example']);
    const res = await post(raw, { 'x-envelope-to': alices.replyTo });
    expect(res.body).toMatchObject({ code: 0, data: { kind: 'reply' } });
    expect(await stateOf(alices.id)).toMatchObject({ state: 'stopped', stopReason: 'replied' });
  });

  it('the reply address is found among several envelope recipients, and in the headers alone when the envelope names none', async () => {
    const first = await sequenceTo(ADDRESSES[11]!);
    const res = await post(replyFrom(ADDRESSES[11]!, ['To: sales@inbound-buyer.example']), {
      'x-envelope-to': `postmaster@${INBOUND_DOMAIN}, ${first.replyTo}`,
    });
    expect(res.body).toMatchObject({ code: 0, data: { kind: 'reply' } });
    expect(await stateOf(first.id)).toMatchObject({ state: 'stopped', stopReason: 'replied' });

    const second = await sequenceTo(ADDRESSES[12]!);
    const headersOnly = await post(replyFrom(ADDRESSES[12]!, [`To: Li Wei <${second.replyTo}>`]));
    expect(headersOnly.body).toMatchObject({ code: 0, data: { kind: 'reply' } });
    expect(await stateOf(second.id)).toMatchObject({ state: 'stopped', stopReason: 'replied' });
  });

  it('an envelope address written in capitals or with spaces is still ours; a mis-signed one is forged however it is written', async () => {
    const alices = await sequenceTo(ADDRESSES[13]!);
    const res = await post(replyFrom(ADDRESSES[13]!, ['To: someone@inbound-buyer.example']), {
      'x-envelope-to': ` ${alices.replyTo.toUpperCase()} `,
    });
    expect(res.body).toMatchObject({ code: 0, data: { kind: 'reply' } });
    expect(await stateOf(alices.id)).toMatchObject({ state: 'stopped', stopReason: 'replied' });
    const forged = await post(replyFrom(ADDRESSES[13]!, []), {
      'x-envelope-to': ` reply+${alices.id}.cccccccccccccccc@${INBOUND_DOMAIN}`,
    });
    expect(forged.body).toMatchObject({ code: 0, data: { kind: 'ignored', reason: 'forged' } });
  });

  it('a reply to one sequence’s address that quotes another sequence’s Message-ID stops the one it was sent to, only', async () => {
    const mine = await sequenceTo(ADDRESSES[14]!);
    const quoted = await sequenceTo(ADDRESSES[15]!);
    const raw = replyFrom(ADDRESSES[14]!, [`To: ${mine.replyTo}`, `References: ${quoted.messageId}`]);
    const res = await post(raw, { 'x-envelope-to': mine.replyTo });
    expect(res.body).toMatchObject({ code: 0, data: { kind: 'reply' } });
    expect(await stateOf(mine.id)).toMatchObject({ state: 'stopped', stopReason: 'replied' });
    expect(await stateOf(quoted.id)).toMatchObject({ state: 'active', repliedAt: null });
  });

  it('a message answering a Message-ID of ours that no email has is not ours, and changes nothing', async () => {
    const alices = await sequenceTo(ADDRESSES[16]!);
    const unknown = alices.messageId.replace(/outreach\.[0-9a-f-]{36}@/u, `outreach.${randomUUID()}@`);
    expect(unknown).not.toBe(alices.messageId);
    const res = await post(replyFrom(ADDRESSES[16]!, [`In-Reply-To: ${unknown}`, `References: ${unknown}`]));
    expect(res.body).toMatchObject({ code: 0, data: { kind: 'ignored', reason: 'not_ours' } });
    expect(await stateOf(alices.id)).toMatchObject({ state: 'active', repliedAt: null });
  });

  it('only the first ten envelope recipients are read: a reply address in eleventh place is not', async () => {
    const alices = await sequenceTo(ADDRESSES[17]!);
    const envelope = [
      ...Array.from({ length: 10 }, (_, i) => `team${i}@${INBOUND_DOMAIN}`),
      alices.replyTo,
    ].join(', ');
    const res = await post(replyFrom(ADDRESSES[17]!, ['To: someone@inbound-buyer.example']), {
      'x-envelope-to': envelope,
    });
    expect(res.body).toMatchObject({ code: 0, data: { kind: 'ignored', reason: 'not_ours' } });
    expect(await stateOf(alices.id)).toMatchObject({ state: 'active', repliedAt: null });
  });

  it('a colleague answering from another address is who the passed-on reply goes back to; a message without From goes back to the recipient', async () => {
    const to = ADDRESSES[18]!;
    const alices = await sequenceTo(to);
    const colleague = 'anna.meier@inbound-buyer.example';
    const before = smtp.messages.filter((m) => m.to.includes('alice@example.com')).length;
    await post(replyFrom(`Anna Meier <${colleague}>`, [`To: ${alices.replyTo}`]), {
      'x-envelope-to': alices.replyTo,
    });
    const forwarded = await waitFor(
      'the reply passed on',
      () => smtp.messages.filter((m) => m.to.includes('alice@example.com'))[before],
    );
    expect(forwarded.headers.get('reply-to')).toContain(colleague);
    expect(forwarded.subject).toBe(`${colleague} replied to your outreach email: Re: Cat food for you`);

    const raw = [`To: ${alices.replyTo}`, 'Subject: Re: Cat food for you', '', 'Yes.'].join('\r\n');
    await post(raw, { 'x-envelope-to': alices.replyTo });
    const anonymous = await waitFor(
      'the second reply passed on',
      () => smtp.messages.filter((m) => m.to.includes('alice@example.com'))[before + 1],
    );
    expect(anonymous.headers.get('reply-to')).toContain(to);
    expect(anonymous.subject).toBe(`${to} replied to your outreach email: Re: Cat food for you`);
  });

  it('a bounce reported twice for the same email is a bounce both times and files it once', async () => {
    const to = ADDRESSES[19]!;
    const alices = await sequenceTo(to);
    for (let i = 0; i < 2; i++) {
      const res = await post(deliveryReport(to, [`To: ${alices.bounce}`]), {
        'x-envelope-to': alices.bounce,
      });
      expect(res.body).toMatchObject({ code: 0, data: { kind: 'bounce' } });
    }
    expect(await suppressed(to)).toHaveLength(1);
    expect(await stateOf(alices.id)).toMatchObject({ state: 'stopped', stopReason: 'bounced' });
  });
});

describe('the signed reply and bounce addresses', () => {
  it('carry a tag that is not guessable: lower-case letters and digits, different for each sequence and each kind', () => {
    const tags = Array.from({ length: 50 }, () => {
      const id = randomUUID();
      const { reply, bounce } = inboundAddress(INBOUND_DOMAIN, INBOUND_SECRET, id);
      const tagOf = (address: string) => /^[a-z]+\+[0-9a-f-]{36}\.([a-z0-9]{16})@/u.exec(address)?.[1];
      expect(tagOf(reply)).toBeDefined();
      expect(tagOf(reply)).not.toBe(tagOf(bounce));
      return tagOf(reply)!;
    });
    expect(new Set(tags).size).toBe(50);
    // All 36 letters and digits turn up across 800 characters of tags: none is lost in the making.
    expect(new Set(tags.join('')).size).toBeGreaterThan(30);
  });
});
