import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { inboundAddress } from '../../server/outreach/inbound.ts';
import type { Llm } from '../../server/platform/llm/types.ts';
import { emailSuppressions, outreachEmails, outreachSequences } from '../../server/platform/db/schema.ts';
import { startApi, type Answer, type Api } from './harness.ts';
import { CHINESE_PROFILE } from './profiles.ts';
import { showLeads, unlockAllAddresses } from './shown.ts';
import { emailAt, testLead } from './fixtures.ts';
import { sleep } from './waiting.ts';

/*
 * Real-world inputs (issue 30): delivery reports as Gmail, Exchange Online and Postfix write them
 * (RFC 3464, RFC 6533), an autoresponder answering the envelope sender (RFC 3834 §4), a reply found
 * by its References alone, control characters in the subjects users type, and LLM drafts with
 * several numbers. Replies and out-of-office answers as mail clients write them are in the corpus
 * (tests/corpus/inbound-mail.ts), read by tests/api/outreach-inbound.test.ts and the unit tests.
 */

const INBOUND_SECRET = 'inbound-secret-0123456789abcdef0123456789';
const INBOUND_DOMAIN = 'reply.honeyleads.example';
const ADDRESSES = Array.from({ length: 12 }, (_, i) => `buyer${i}@real-mail.example`);
const LEAD = testLead('L980001', {
  country: 'GB',
  contacts: ADDRESSES.map((address, i) => emailAt(address, i)),
});

let api: Api;
let app: ReturnType<typeof createApp>;
let token: string;
let next = 0;

beforeAll(async () => {
  api = await startApi({
    leads: [LEAD],
    env: { INBOUND_DOMAIN, INBOUND_SECRET, UNSUBSCRIBE_SECRET: 'test-unsubscribe-secret-0123456789abcdef' },
    outreach: { pollingIntervalSeconds: 0.5, retryLimit: 0, releaseIntervalSeconds: 3600 },
  });
  app = createApp({ distDir: '/nonexistent', services: api.services, trustProxy: true, log: () => {} });
  token = await api.signUp('sender@example.com', 'Secret123', { language: 'en' });
  await unlockAllAddresses(api, 'sender@example.com', token, LEAD.id, ADDRESSES.length);
}, 60_000);
afterAll(() => api?.close());

/** A first email with a follow-up to the next address, sent (local outbox): its row, sequence and addresses. */
async function sent() {
  const to = ADDRESSES[next++]!;
  const res = await api.call('POST', '/outreach/send', {
    token,
    lang: 'en',
    body: {
      lead_id: LEAD.id,
      to,
      subject: 'LED panels for you',
      body: 'Dear buyer,\n\nWe make LED panels.',
      language: 'en',
      request_id: randomUUID(),
      follow_ups: [{ days: 4, subject: 'Re: LED panels for you', body: 'A follow-up.' }],
    },
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  const id = res.body.data.id as string;
  for (let i = 0; ; i++) {
    const [row] = await api.database.db.select().from(outreachEmails).where(eq(outreachEmails.id, id));
    if (row?.status === 'sent') break;
    if (i > 150) throw new Error(`email ${id} not sent: ${row?.status}`);
    await sleep(100);
  }
  const sequence = res.body.data.sequence.id as string;
  return { to, id, sequence, ...inboundAddress(INBOUND_DOMAIN, api.services.outreach!.secret(), sequence) };
}

const post = (raw: string, envelope?: string) =>
  api.call('POST', '/outreach/inbound', {
    rawBody: raw,
    headers: {
      'content-type': 'message/rfc822',
      'x-inbound-secret': INBOUND_SECRET,
      ...(envelope ? { 'x-envelope-to': envelope } : {}),
    },
  });
const sequenceOf = async (id: string) =>
  (await api.database.db.select().from(outreachSequences).where(eq(outreachSequences.id, id)))[0]!;
const isSuppressed = async (email: string) =>
  (await api.database.db.select().from(emailSuppressions).where(eq(emailSuppressions.email, email))).length >
  0;

const crlf = (...lines: string[]) => lines.join('\r\n');

/** Delivery reports as the big mail systems write them, to the sequence's bounce address. */
const REPORTS: {
  name: string;
  /** What the mailbox must make of it: a bounce (the address suppressed) or nothing. */
  bounce: boolean;
  raw: (to: string, bounce: string) => string;
}[] = [
  {
    name: 'Gmail: "Delivery Status Notification (Failure)", 5.1.1, X-Failed-Recipients',
    bounce: true,
    raw: (to, bounce) =>
      crlf(
        'From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>',
        `To: ${bounce}`,
        `X-Failed-Recipients: ${to}`,
        'Auto-Submitted: auto-replied',
        'Subject: Delivery Status Notification (Failure)',
        'MIME-Version: 1.0',
        'Content-Type: multipart/report; boundary="000000000000a1b2c3"; report-type=delivery-status',
        '',
        '--000000000000a1b2c3',
        'Content-Type: multipart/related; boundary="000000000000d4e5f6"',
        '',
        '--000000000000d4e5f6',
        'Content-Type: text/plain; charset="UTF-8"',
        '',
        "** Address not found **\r\n\r\nYour message wasn't delivered because the address couldn't be found.",
        '--000000000000d4e5f6--',
        '--000000000000a1b2c3',
        'Content-Type: message/delivery-status',
        '',
        'Reporting-MTA: dns; googlemail.com',
        'Received-From-MTA: dns; mail.honeyleads.example (203.0.113.5)',
        'Arrival-Date: Tue, 14 Apr 2026 02:11:58 -0700 (PDT)',
        '',
        `Final-Recipient: rfc822; ${to}`,
        'Action: failed',
        'Status: 5.1.1',
        'Remote-MTA: dns; mx.real-mail.example. (198.51.100.7, the server for the domain real-mail.example.)',
        'Diagnostic-Code: smtp; 550-5.1.1 The email account that you tried to reach does not exist.',
        'Last-Attempt-Date: Tue, 14 Apr 2026 02:11:59 -0700 (PDT)',
        '',
        '--000000000000a1b2c3--',
        '',
      ),
  },
  {
    name: 'Exchange Online NDR: quoted report-type in another case, 5.1.10',
    bounce: true,
    raw: (to, bounce) =>
      crlf(
        'From: postmaster@outlook.com',
        `To: ${bounce}`,
        'Subject: Undeliverable: LED panels for you',
        'Auto-Submitted: auto-replied',
        'MIME-Version: 1.0',
        'Content-Type: multipart/report; report-type="Delivery-Status";',
        '\tboundary="b1_ndr"',
        '',
        '--b1_ndr',
        'Content-Type: text/plain; charset="us-ascii"',
        '',
        "Your message to the recipient couldn't be delivered.",
        '--b1_ndr',
        'Content-Type: message/delivery-status',
        '',
        'Reporting-MTA: dns;AM0PR01MB1234.eurprd01.prod.exchangelabs.com',
        '',
        `Final-recipient: RFC822; ${to}`,
        'Action: Failed',
        'Status: 5.1.10',
        'Diagnostic-code: smtp;550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup',
        '',
        '--b1_ndr--',
        '',
      ),
  },
  {
    name: 'A report of two recipients: the first delivered (2.0.0), the second failed (5.2.1)',
    bounce: true,
    raw: (to, bounce) =>
      crlf(
        'From: MAILER-DAEMON@mx.real-mail.example',
        `To: ${bounce}`,
        'Subject: Delivery status',
        'Content-Type: multipart/report; report-type=delivery-status; boundary="TWO"',
        '',
        '--TWO',
        'Content-Type: message/delivery-status',
        '',
        'Reporting-MTA: dns; mx.real-mail.example',
        '',
        'Final-Recipient: rfc822; colleague@real-mail.example',
        'Action: delivered',
        'Status: 2.0.0',
        '',
        `Final-Recipient: rfc822; ${to}`,
        'Action: failed',
        'Status: 5.2.1',
        '--TWO--',
        '',
      ),
  },
  {
    name: 'An internationalized report (RFC 6533, message/global-delivery-status)',
    bounce: true,
    raw: (to, bounce) =>
      crlf(
        'From: MAILER-DAEMON@mx.real-mail.example',
        `To: ${bounce}`,
        'Subject: Undelivered Mail Returned to Sender',
        'Content-Type: multipart/report; report-type=global-delivery-status; boundary="GL"',
        '',
        '--GL',
        'Content-Type: message/global-delivery-status',
        '',
        `Final-Recipient: utf-8; ${to}`,
        'Action: failed',
        'Status: 5.1.1',
        '--GL--',
        '',
      ),
  },
  {
    name: 'Postfix "Delayed Mail (still being retried)": Action: delayed, 4.4.1',
    bounce: false,
    raw: (to, bounce) =>
      crlf(
        'From: MAILER-DAEMON@mail.honeyleads.example (Mail Delivery System)',
        `To: ${bounce}`,
        'Subject: Delayed Mail (still being retried)',
        'Auto-Submitted: auto-replied',
        'Content-Type: multipart/report; report-type=delivery-status; boundary="DLY"',
        '',
        '--DLY',
        'Content-Type: message/delivery-status',
        '',
        'Reporting-MTA: dns; mail.honeyleads.example',
        '',
        `Final-Recipient: rfc822; ${to}`,
        'Action: delayed',
        'Status: 4.4.1',
        'Will-Retry-Until: Sat, 18 Apr 2026 09:12:01 +0000 (UTC)',
        '--DLY--',
        '',
      ),
  },
  {
    name: 'A report that gave up on a temporary failure (Action: failed, Status: 4.4.7): the address may work',
    bounce: false,
    raw: (to, bounce) =>
      crlf(
        'From: MAILER-DAEMON@mail.honeyleads.example',
        `To: ${bounce}`,
        'Subject: Undelivered Mail Returned to Sender',
        'Content-Type: multipart/report; report-type=delivery-status; boundary="EXP"',
        '',
        '--EXP',
        'Content-Type: message/delivery-status',
        '',
        `Final-Recipient: rfc822; ${to}`,
        'Action: failed',
        'Status: 4.4.7',
        '--EXP--',
        '',
      ),
  },
  {
    name: 'A report of successful delivery (Action: delivered, 2.0.0)',
    bounce: false,
    raw: (to, bounce) =>
      crlf(
        'From: MAILER-DAEMON@mx.real-mail.example',
        `To: ${bounce}`,
        'Subject: Successful Mail Delivery Report',
        'Content-Type: multipart/report; report-type=delivery-status; boundary="OK"',
        '',
        '--OK',
        'Content-Type: message/delivery-status',
        '',
        `Final-Recipient: rfc822; ${to}`,
        'Action: delivered',
        'Status: 2.0.0',
        '--OK--',
        '',
      ),
  },
];

describe('delivery reports as mail systems write them, at the signed bounce address', () => {
  it.each(REPORTS.map((r) => [r.name, r] as const))('%s', async (_name, report) => {
    const email = await sent();
    const res = await post(report.raw(email.to, email.bounce), email.bounce);
    const sequence = await sequenceOf(email.sequence);
    const [first] = await api.database.db
      .select()
      .from(outreachEmails)
      .where(eq(outreachEmails.id, email.id));
    if (report.bounce) {
      expect(res.body).toMatchObject({ code: 0, data: { kind: 'bounce' } });
      expect(await isSuppressed(email.to)).toBe(true);
      expect(sequence).toMatchObject({ state: 'stopped', stopReason: 'bounced' });
      expect(first).toMatchObject({ status: 'failed' });
      expect(first!.error).toMatch(/^bounced: 5\.\d+\.\d+$/);
    } else {
      expect(res.body).toMatchObject({ code: 0, data: { kind: 'ignored', reason: 'not_failed' } });
      expect(await isSuppressed(email.to)).toBe(false);
      expect(sequence).toMatchObject({ state: 'active', stopReason: null });
      expect(first).toMatchObject({ status: 'sent' });
    }
  });

  it('an out-of-office answering the envelope sender (RFC 3834 §4) is passed on; nothing is suppressed or stopped', async () => {
    const email = await sent();
    const res = await post(
      crlf(
        `From: Buyer <${email.to}>`,
        `To: ${email.bounce}`,
        'Subject: Out of Office: LED panels for you',
        'Auto-Submitted: auto-replied',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'I am out of the office until Monday.',
      ),
      email.bounce,
    );
    expect(res.body).toMatchObject({ code: 0, data: { kind: 'auto_reply' } });
    expect(await isSuppressed(email.to)).toBe(false);
    expect(await sequenceOf(email.sequence)).toMatchObject({ state: 'active' });
    const forwarded = await api.lastEmail('sender@example.com');
    expect(forwarded?.text).toContain('I am out of the office until Monday.');
  });

  it('a read receipt at the bounce address is another kind of report: ignored', async () => {
    const email = await sent();
    const res = await post(
      crlf(
        `From: Buyer <${email.to}>`,
        `To: ${email.bounce}`,
        'Subject: Read: LED panels for you',
        'Content-Type: multipart/report; report-type=disposition-notification; boundary="MDN"',
        '',
        '--MDN',
        'Content-Type: message/disposition-notification',
        '',
        'Disposition: manual-action/MDN-sent-manually; displayed',
        '--MDN--',
        '',
      ),
      email.bounce,
    );
    expect(res.body).toMatchObject({ code: 0, data: { kind: 'ignored', reason: 'report' } });
    expect(await sequenceOf(email.sequence)).toMatchObject({ state: 'active' });
  });
});

describe('replies found without the reply address', () => {
  it('a reply sent to the user’s own address (Reply-To dropped) is found by its References: our Message-ID among others', async () => {
    const email = await sent();
    const res = await post(
      crlf(
        `From: Buyer <${email.to}>`,
        'To: sender@example.com',
        'Subject: Re: LED panels for you',
        'References: <CAF1=first@mail.gmail.com>',
        `\t<outreach.${email.id}@honeyleads.example> <later.3@mail.example>`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Please call me.',
      ),
    );
    expect(res.body).toMatchObject({ code: 0, data: { kind: 'reply' } });
    expect(await sequenceOf(email.sequence)).toMatchObject({ state: 'stopped', stopReason: 'replied' });
  });

  it('an automatic answer found by its In-Reply-To does not stop the sequence', async () => {
    const email = await sent();
    const res = await post(
      crlf(
        `From: Buyer <${email.to}>`,
        'To: sender@example.com',
        'Subject: Automatic reply: LED panels for you',
        `In-Reply-To: <outreach.${email.id.toUpperCase()}@honeyleads.example>`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Away.',
      ),
    );
    expect(res.body).toMatchObject({ code: 0, data: { kind: 'auto_reply' } });
    expect(await sequenceOf(email.sequence)).toMatchObject({ state: 'active' });
  });
});

describe('control characters in the subjects users type (one line, docs/api.md)', () => {
  const send = (subject: string, followUpSubject = 'Re: fine', lang: 'zh' | 'en' = 'en') =>
    api.call('POST', '/outreach/send', {
      token,
      lang,
      body: {
        lead_id: LEAD.id,
        to: ADDRESSES.at(-1),
        subject,
        body: 'Dear buyer,\n\nWe make LED panels.',
        language: 'en',
        request_id: randomUUID(),
        follow_ups: [{ days: 4, subject: followUpSubject, body: 'A follow-up.' }],
      },
    });

  it.each([
    ['a tab', 'LED\tpanels'],
    ['a bell (U+0007)', 'LED panels\u0007'],
    ['DEL (U+007F)', 'LED panels\u007f'],
    ['a next-line control (U+0085)', 'LED panels\u0085Bcc: x@example.com'],
    ['another C1 control (U+009B)', 'LED \u009b31m panels'],
    ['a line separator (U+2028)', 'LED panels\u2028Bcc: x@example.com'],
    ['a paragraph separator (U+2029)', 'LED panels\u2029'],
    ['a CR LF', 'LED panels\r\nBcc: x@example.com'],
  ])('a subject with %s is refused in plain words, and nothing is queued', async (_what, subject) => {
    const before = (await api.database.db.select().from(outreachEmails)).length;
    const en = await send(subject);
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({
      code: 40001,
      msg: 'The subject must be 1 to 200 characters on a single line, without control characters.',
      data: { field: 'subject' },
    });
    const zh = await send('LED panels', subject, 'zh');
    expect(zh.body).toMatchObject({ code: 40001, data: { field: 'follow_ups' } });
    expect((await api.database.db.select().from(outreachEmails)).length).toBe(before);
  });

  it('letters of every script, emoji and spaces inside are one line: accepted', async () => {
    const res = await send('LED-Panels für Sie · 面板灯 · 💡  offer');
    expect(res.body.code).toBe(0);
    expect(res.body.data.subject).toBe('LED-Panels für Sie · 面板灯 · 💡  offer');
  });
});

describe('LLM drafts with several numbers: each must be one the profile holds', () => {
  let seller: string;
  beforeAll(async () => {
    seller = await api.signUp('numbers@example.com', 'Secret123', { language: 'en' });
    await showLeads(api, 'numbers@example.com', [LEAD.id]);
    expect(
      (await api.call('POST', '/leads/unlock', { token: seller, body: { lead_id: LEAD.id } })).body.code,
    ).toBe(0);
    const form = new FormData();
    form.append('file', new File([CHINESE_PROFILE], '公司简介.txt', { type: 'text/plain' }));
    form.append('clientId', 'browser-numbers-1');
    const res = await app.request('/api/upload_file', {
      method: 'POST',
      headers: { token: seller },
      body: form,
    });
    expect(((await res.json()) as Answer).code).toBe(0);
    await api.settled();
    // The profile's minimum order is 500 kg (tests/api/profiles.ts).
    expect((await api.call('GET', '/profile', { token: seller })).body.data.moq).toEqual({
      quantity: 500,
      unit: 'kg',
    });
  });

  const draftWith = async (body: string) => {
    const saved = api.services.llm;
    const llm: Llm = {
      model: 'fake',
      log: () => {},
      complete: async () => JSON.stringify({ subject: 'Pet food for your shops', body }),
    };
    api.services.llm = llm;
    try {
      const res = await api.call('POST', '/outreach/generate', {
        token: seller,
        lang: 'en',
        body: { lead_id: LEAD.id },
      });
      expect(res.body.code).toBe(0);
      return res.body.data;
    } finally {
      api.services.llm = saved;
    }
  };

  it.each([
    [
      'a number inside one the profile holds (50 of 500)',
      'Our minimum order is only 50 kg, and we ship cat food and dog food worldwide.',
    ],
    [
      'one number held and one not (500, then 15)',
      'Our minimum order is 500 kg and we deliver in 15 days to any port you choose.',
    ],
    [
      'a digit of the profile’s phone alone (7)',
      'We make cat food and dog food; our 7 production lines run every day of the week.',
    ],
  ])('%s: the built-in writer answers instead', async (_what, body) => {
    expect((await draftWith(body)).source).toBe('template');
  });

  it('several numbers, every one in the profile (the MOQ and the phone): the LLM’s draft is used', async () => {
    const draft = await draftWith(
      'Our minimum order is 500 kg of cat food or dog food. Call us on +86 574 8765 4321 to discuss samples.',
    );
    expect(draft.source).toBe('llm');
    expect(draft.body).toContain('500 kg');
  });
});
