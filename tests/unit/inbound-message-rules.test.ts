import { describe, expect, it } from 'vitest';
import {
  INBOUND_LIMITS,
  htmlText,
  mailbox,
  permanentFailure,
  plainLine,
  readInboundMessage,
  type InboundMessage,
  type InboundReading,
} from '../../server/outreach/inboundMessage.ts';

/*
 * The inbound mailbox's reader at its rules' edges (issue 29): the limits in INBOUND_LIMITS at
 * their exact sizes (a header block, a field, the fields, the lines, the text), header blocks of
 * every shape (CRLF, LF, none, no body, a stray first line), RFC 3834 markings, RFC 3464/6533
 * delivery reports as MTAs write them, the recipient headers a reply reaches us through, and
 * HTML as Outlook writes it. tests/unit/inbound-message.test.ts has the mail systems' samples.
 */

const REPLY_TO = 'reply+0b6c1a4e-1f0e-4c3b-9a51-7d2e8f4a9c10.abcdefghijklmnop@reply.honeyleads.example';
const OUTREACH_ID = '2f9c0c2e-6a8b-4c1d-8e3f-5a7b9c1d2e3f';
const MESSAGE_ID = `<outreach.${OUTREACH_ID}@honeyleads.example>`;
const BUYER = 'peter.schmidt@berg-trading.example';

const bytes = (text: string) => new TextEncoder().encode(text);
const crlf = (...lines: string[]) => lines.join('\r\n');

async function reading(raw: string): Promise<InboundReading> {
  return readInboundMessage(bytes(raw));
}

async function read(raw: string): Promise<InboundMessage> {
  const result = await reading(raw);
  if (!result.ok) throw new Error(`not read: ${result.reason} (${result.detail})`);
  return result.message;
}

/** A person's reply (Gmail's header order), with `extra` fields before Content-Type. */
const reply = (extra: string[], body = 'Please send the price list.', eol = '\r\n') =>
  [
    `From: Peter Schmidt <${BUYER}>`,
    `To: ${REPLY_TO}`,
    'Subject: Re: Cat food for you',
    `In-Reply-To: ${MESSAGE_ID}`,
    'MIME-Version: 1.0',
    ...extra,
    'Content-Type: text/plain; charset=UTF-8',
    '',
    body,
  ].join(eol);

/**
 * Received: fields (each at most 4 KB, under the 8 KB a field may have) before `fields` that bring
 * the header block up to exactly `size` bytes, line breaks included.
 */
function padTo(size: number, fields: string[], eol: string): string[] {
  const used = fields.reduce((n, f) => n + f.length + eol.length, 0);
  const padding: string[] = [];
  let left = size - used;
  while (left > 0) {
    // `Received: ` + text + eol, at most 4 KB a field.
    const take = Math.min(left, 4096);
    const text = 'from relay.example by mx.reply.honeyleads.example with ESMTPS id x'.padEnd(
      take - 'Received: '.length - eol.length,
      'x',
    );
    padding.push(`Received: ${text}`);
    left -= take;
  }
  return [...padding, ...fields];
}

describe('the header block limit (64 KB) at its exact size', () => {
  const fields = [`From: Peter Schmidt <${BUYER}>`, `To: ${REPLY_TO}`, 'Subject: Re: Cat food for you'];

  it.each([
    ['CRLF', '\r\n'],
    ['LF', '\n'],
  ])('%s: a block of exactly 64 KB is read, one byte more is not', async (_name, eol) => {
    const exact = padTo(INBOUND_LIMITS.headerBytes, fields, eol);
    const exactRaw = `${exact.join(eol)}${eol}${eol}Please send the price list.${eol}`;
    expect(exactRaw.indexOf(`${eol}${eol}`) + eol.length).toBe(INBOUND_LIMITS.headerBytes);
    const mail = await read(exactRaw);
    expect(mail.from).toBe(BUYER);
    expect(mail.subject).toBe('Re: Cat food for you');
    expect(mail.text).toBe('Please send the price list.');

    for (const over of [1, 2]) {
      const block = padTo(INBOUND_LIMITS.headerBytes + over, fields, eol);
      const raw = `${block.join(eol)}${eol}${eol}Please send the price list.${eol}`;
      expect(await reading(raw)).toMatchObject({ ok: false, reason: 'headers_too_large' });
    }
  });

  it('a message that is all header block (no body) is read up to 64 KB, not beyond', async () => {
    const exact = padTo(INBOUND_LIMITS.headerBytes, fields, '\r\n');
    const mail = await read(`${exact.join('\r\n')}\r\n`);
    expect(mail.subject).toBe('Re: Cat food for you');
    expect(mail.text).toBe('');
    const over = padTo(INBOUND_LIMITS.headerBytes + 1, fields, '\r\n');
    expect(await reading(`${over.join('\r\n')}\r\n`)).toMatchObject({
      ok: false,
      reason: 'headers_too_large',
    });
  });

  it('a stray first line (a bare CR, or one character) does not take a 70 KB header block past the limit', async () => {
    const block = padTo(70 * 1024, fields, '\r\n').join('\r\n');
    for (const stray of ['X\n', '\rX\r\n']) {
      expect(await reading(`${stray}${block}\r\n\r\nhello\r\n`)).toMatchObject({
        ok: false,
        reason: 'headers_too_large',
      });
    }
  });
});

describe('where the header block ends: at the first empty line, no sooner', () => {
  const fields = [`From: Peter Schmidt <${BUYER}>`, `To: ${REPLY_TO}`, 'Subject: Re: Cat food for you'];

  it.each([
    [
      'a fold line of only a tab, ended by a bare LF',
      'DKIM-Signature: v=1; a=rsa-sha256;\r\n\t\n b=dGVzdA==',
    ],
    ['a line starting with a stray CR', 'X-Mailer: Foxmail 7.2\r\n\rX-Priority: 3'],
  ])('%s does not end it: 70 KB of fields after it are over the limit', async (_name, odd) => {
    const block = [...fields, odd, ...padTo(70 * 1024, [], '\r\n')].join('\r\n');
    expect(await reading(`${block}\r\n\r\nhello\r\n`)).toMatchObject({
      ok: false,
      reason: 'headers_too_large',
    });
  });

  it('LF: an over-long last field is left out whole, its last line too', async () => {
    // A SpamAssassin report folded over lines (Postfix's pipe delivers LF line ends), 9 KB.
    const report = [
      'X-Spam-Report:',
      ...Array.from(
        { length: 200 },
        (_, i) => `\t*  0.1 RULE_${String(i).padStart(3, '0')} Something the filter checked`,
      ),
      '\t* total score 5',
    ];
    const raw = [...fields, ...report, '', 'hello', ''].join('\n');
    expect(report.join('\n').length).toBeGreaterThan(INBOUND_LIMITS.fieldBytes);
    const mail = await read(raw);
    expect(mail.subject).toBe('Re: Cat food for you');
    expect(mail.text).toBe('hello');
  });
});

describe('fields left out: over 8 KB, after the 500th', () => {
  const field = (size: number, eol: string) =>
    `Subject: ${'x'.repeat(size - 'Subject: '.length - eol.length)}`;

  it.each([
    ['CRLF', '\r\n'],
    ['LF', '\n'],
  ])('%s: a last field of exactly 8 KB is read, one byte more is left out', async (_name, eol) => {
    const head = [`From: Peter Schmidt <${BUYER}>`, `To: ${REPLY_TO}`];
    const kept = await read([...head, field(INBOUND_LIMITS.fieldBytes, eol), '', 'hello'].join(eol));
    expect(kept.subject).toBe('x'.repeat(INBOUND_LIMITS.subjectChars));
    const left = await read([...head, field(INBOUND_LIMITS.fieldBytes + 1, eol), '', 'hello'].join(eol));
    expect(left.subject).toBe('');
    expect(left.from).toBe(BUYER);
    expect(left.recipients).toEqual([REPLY_TO]);
    expect(left.text).toBe('hello');
  });

  it.each([
    ['a space', ' '],
    ['a tab', '\t'],
  ])(
    'a field folded over many short lines (each starting with %s) counts whole: over 8 KB it is left out',
    async (_name, fold) => {
      // A Subject: folded every 70 characters, as Outlook folds, 8,193 bytes in all.
      const words = Array.from({ length: 200 }, (_, i) => `word${String(i).padStart(3, '0')}`);
      const folded = (extra: number) => {
        const lines = ['Subject: Re: Cat food'];
        for (let i = 0; i < words.length; i += 6) lines.push(`${fold}${words.slice(i, i + 6).join(' ')}`);
        const size = lines.reduce((n, l) => n + l.length + 2, 0);
        lines.push(`${fold}${'z'.repeat(INBOUND_LIMITS.fieldBytes + extra - size - 3)}`);
        return lines.join('\r\n');
      };
      const at = await read(reply([folded(0)]).replace('Subject: Re: Cat food for you\r\n', ''));
      expect(at.subject.startsWith('Re: Cat food word000 word001')).toBe(true);
      const over = await read(reply([folded(1)]).replace('Subject: Re: Cat food for you\r\n', ''));
      expect(over.subject).toBe('');
      expect(over.text).toBe('Please send the price list.');
    },
  );

  it('the 500th field is read, the 501st is left out', async () => {
    const checks = (n: number) => Array.from({ length: n }, (_, i) => `X-Spam-Check-${i}: passed`);
    // From and To, then fillers, then Subject as field 500 or 501.
    const head = (fillers: number) =>
      crlf(
        `From: Peter Schmidt <${BUYER}>`,
        `To: ${REPLY_TO}`,
        ...checks(fillers),
        'Subject: Re: Cat food for you',
        '',
        'hello',
      );
    expect((await read(head(INBOUND_LIMITS.fields - 3))).subject).toBe('Re: Cat food for you');
    const over = await read(head(INBOUND_LIMITS.fields - 2));
    expect(over.subject).toBe('');
    expect(over.from).toBe(BUYER);
    expect(over.text).toBe('hello');
  });

  it('a header-only message without a final line break is read, its long field left out', async () => {
    const mail = await read(
      crlf(
        `From: Peter Schmidt <${BUYER}>`,
        `X-Long: ${'x'.repeat(INBOUND_LIMITS.fieldBytes)}`,
        'Subject: Out of office',
      ),
    );
    expect(mail.from).toBe(BUYER);
    expect(mail.subject).toBe('Out of office');
  });

  it('a header-only message over 8 KB in one field (LF) has it left out', async () => {
    const mail = await read(
      [
        `From: Peter Schmidt <${BUYER}>`,
        `Subject: ${'x'.repeat(INBOUND_LIMITS.fieldBytes)}`,
        `To: ${REPLY_TO}`,
        '',
      ].join('\n'),
    );
    expect(mail.subject).toBe('');
    expect(mail.recipients).toEqual([REPLY_TO]);
  });
});

describe('the body is not header fields, and lines after the 10,000th are left out', () => {
  const numbered = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => `line ${from + i}`);
  /** Lines 1 to `to`, short (the text passed on is 50,000 characters): `-` but the first and the last 120. */
  const marked = (to: number) =>
    Array.from({ length: to }, (_, i) => (i === 0 || i >= to - 120 ? String(i + 1) : '-'));

  it.each([
    ['CRLF', '\r\n'],
    ['LF', '\n'],
  ])('%s: a reply of 600 short lines is read whole', async (_name, eol) => {
    const mail = await read(reply([], numbered(1, 600).join(eol), eol));
    expect(mail.text.split('\n')).toEqual(numbered(1, 600));
  });

  it('a reply of 70 KB of text is read (the header block is only its own fields)', async () => {
    const body = numbered(1, 7000)
      .map((l) => l.padEnd(9, '.'))
      .join('\r\n');
    expect(body.length).toBeGreaterThan(INBOUND_LIMITS.headerBytes);
    const mail = await read(reply([], body));
    expect(mail.text.startsWith('line 1...\nline 2...\n')).toBe(true);
    expect(mail.text.length).toBeGreaterThan(INBOUND_LIMITS.textChars - 10);
  });

  it('LF: the 10,000th line is the last one read', async () => {
    // 6 header lines and a blank line: body line n is line n + 7.
    const mail = await read(reply([], marked(10_100).join('\n'), '\n'));
    const lines = mail.text.split('\n');
    expect(lines[0]).toBe('1');
    expect(lines.at(-1)).toBe(String(INBOUND_LIMITS.lines - 7));
  });

  it.each([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
  ])('%s: a message with no header fields (a blank first line) is bounded the same', async (_name, eol) => {
    // Line 1 is the blank line: body line n is line n + 1.
    const mail = await read(`${eol}${marked(10_100).join(eol)}`);
    const lines = mail.text.split('\n');
    expect(lines[0]).toBe('1');
    expect(lines.at(-1)).toBe(String(INBOUND_LIMITS.lines - 1));
  });
});

describe('automatic answers (RFC 3834) and a person’s', () => {
  it.each([
    ['Auto-Submitted: no, in capitals', 'Auto-Submitted: NO'],
    [
      'Auto-Submitted: no with a parameter',
      'Auto-Submitted: no ; owner-email="peter.schmidt@berg-trading.example"',
    ],
    ['Auto-Submitted: left empty', 'Auto-Submitted:'],
    ['X-Autoreply: no', 'X-Autoreply: no'],
    ['X-Autorespond: FALSE', 'X-Autorespond: FALSE'],
    ['a Return-Path that names a mailbox', `Return-Path: <${BUYER}>`],
    // RFC 3834 §5 allows comments (RFC 5322 CFWS) around the keyword.
    ['Auto-Submitted: no and a comment', 'Auto-Submitted: no (written by a person)'],
    ['Auto-Submitted: a comment before no', 'Auto-Submitted: (checked (twice)) no'],
    ['Auto-Submitted: comments three deep', 'Auto-Submitted: no (a (b (c)))'],
    ['X-Autoreply: no and a comment', 'X-Autoreply: no (off)'],
  ])('a person’s reply with %s is not automatic', async (_name, field) => {
    const mail = await read(reply([field]));
    expect(mail.automatic).toBeNull();
    expect(mail.text).toBe('Please send the price list.');
  });

  it.each([
    ['X-Autoreply: yes', 'x-autoreply: yes'],
    ['X-Autorespond: 1', 'x-autorespond: 1'],
    ['X-Mail-Autoreply: vacation', 'x-mail-autoreply: vacation'],
  ])('%s alone marks an autoreply', async (field, sign) => {
    const mail = await read(reply([field], 'I am away until 20 April.'));
    expect(mail.automatic).toBe(sign);
  });

  // Comments are left out three deep (a bound, so no field costs more than three passes).
  it.each([
    ['four deep: not "no"', 'Auto-Submitted: no (a (b (c (d))))', 'auto-submitted: no (a (b (c (d))))'],
    [
      'a comment never closed: not "no"',
      'Auto-Submitted: no (written by a person',
      'auto-submitted: no (written by a person',
    ],
  ])('Auto-Submitted with a comment %s marks an automatic answer', async (_name, field, sign) => {
    const mail = await read(reply([field]));
    expect(mail.automatic).toBe(sign);
  });

  it('what marks it is passed on short: the field and at most 60 characters of its value', async () => {
    const owner = `owner-email="${'peter.schmidt.purchasing.department'.repeat(4)}@berg-trading.example"`;
    const mail = await read(reply([`Auto-Submitted: auto-replied; ${owner}`], 'I am away.'));
    expect(mail.automatic).toBe(`auto-submitted: ${`auto-replied; ${owner}`.slice(0, 60)}`);
  });
});

describe('the sender', () => {
  it('a message without From is read: no address, no name, not automatic', async () => {
    const mail = await read(
      crlf(
        `To: ${REPLY_TO}`,
        'Subject: Re: Cat food for you',
        `In-Reply-To: ${MESSAGE_ID}`,
        '',
        'Price list please.',
      ),
    );
    expect(mail).toMatchObject({
      from: null,
      fromName: '',
      automatic: null,
      answers: [OUTREACH_ID],
      text: 'Price list please.',
    });
  });

  it('a From that is a group (RFC 5322 §3.4) is no sender: no address, no name', async () => {
    const mail = await read(
      reply([]).replace(
        `From: Peter Schmidt <${BUYER}>`,
        `From: Purchasing team: ${BUYER}, anna@berg-trading.example;`,
      ),
    );
    expect(mail.from).toBeNull();
    expect(mail.fromName).toBe('');
  });

  it('an address is a mailbox of at most 254 characters, read without the spaces around it', () => {
    const at254 = `${'a'.repeat(64)}@${'b'.repeat(185)}.com`;
    expect(at254).toHaveLength(254);
    expect(mailbox(at254)).toBe(at254);
    expect(mailbox(`${'a'.repeat(64)}@${'b'.repeat(186)}.com`)).toBeNull();
    expect(mailbox(`  ${BUYER}  `)).toBe(BUYER);
    expect(mailbox(undefined)).toBeNull();
  });
});

describe('recipients: To, Cc, Delivered-To, X-Original-To', () => {
  it('a reply Bcc’d to the reply address is found through Delivered-To and X-Original-To', async () => {
    const alias = 'sales@honeyleads.example';
    const mail = await read(
      reply([`Delivered-To: ${REPLY_TO}`, `X-Original-To: ${alias}`]).replace(
        `To: ${REPLY_TO}`,
        'To: undisclosed-recipients:;',
      ),
    );
    expect(mail.recipients).toEqual([REPLY_TO, alias]);
  });

  it('a To that is a group has its members read', async () => {
    const mail = await read(
      reply([]).replace(`To: ${REPLY_TO}`, `To: Suppliers: ${REPLY_TO}, offers@other-supplier.example;`),
    );
    expect(mail.recipients).toEqual([REPLY_TO, 'offers@other-supplier.example']);
  });

  it('an address that is not a plain mailbox is not a recipient', async () => {
    const mail = await read(reply([]).replace(`To: ${REPLY_TO}`, `To: Sales, ${REPLY_TO}`));
    expect(mail.recipients).toEqual([REPLY_TO]);
  });

  it('the 100 addresses looked at are the ones written, with no Cc (To only) or no To (Cc only)', async () => {
    const many = Array.from({ length: INBOUND_LIMITS.addresses - 1 }, (_, i) => `buyer${i}@x.example`);
    for (const header of ['To', 'Cc']) {
      const mail = await read(
        crlf(
          `From: Peter Schmidt <${BUYER}>`,
          `${header}: ${many.join(', ')}`,
          `Delivered-To: ${REPLY_TO}`,
          'Subject: Re: Cat food for you',
          '',
          'hello',
        ),
      );
      expect(mail.recipients).toHaveLength(INBOUND_LIMITS.addresses);
      expect(mail.recipients).toContain(REPLY_TO);
    }
  });
});

describe('threading: In-Reply-To and References', () => {
  it('at most 50 of our Message-IDs are looked up, the one replied to first', async () => {
    const ids = Array.from(
      { length: 60 },
      (_, i) => `${String(i).padStart(8, '0')}-6a8b-4c1d-8e3f-5a7b9c1d2e3f`,
    );
    const references = ids.map((id) => `<outreach.${id}@honeyleads.example>`).join('\r\n ');
    const mail = await read(reply([`References: ${references}`]));
    expect(mail.answers).toHaveLength(INBOUND_LIMITS.references);
    expect(mail.answers[0]).toBe(OUTREACH_ID);
  });
});

describe('the text passed on', () => {
  it('a plain text reply is cut to 50,000 characters', async () => {
    const line = 'We can take two containers a month from May. '.repeat(2);
    const body = Array.from({ length: 700 }, () => line).join('\r\n');
    const mail = await read(reply([], body));
    expect(mail.text.length).toBeLessThanOrEqual(INBOUND_LIMITS.textChars);
    expect(mail.text.length).toBeGreaterThan(INBOUND_LIMITS.textChars - 100);
  });

  it('of an HTML-only message, only the first 200,000 characters of HTML are read', async () => {
    const spans = Array.from({ length: 250 }, () => '<span style="font-size:11pt"></span>'.repeat(30));
    const html = ['<div>Please send the price list.</div>', ...spans, '<div>Sent from Outlook</div>'].join(
      '\r\n',
    );
    expect(html.length).toBeGreaterThan(INBOUND_LIMITS.htmlChars);
    const mail = await read(
      crlf(
        `From: Peter Schmidt <${BUYER}>`,
        `To: ${REPLY_TO}`,
        'Subject: Re: Cat food for you',
        'Content-Type: text/html; charset=UTF-8',
        '',
        html,
      ),
    );
    expect(mail.text).toBe('Please send the price list.');
  });

  it('Outlook’s HTML: a doctype, conditional comments, and text after the last tag', async () => {
    const html = [
      '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.0 Transitional//EN">',
      '<html xmlns:o="urn:schemas-microsoft-com:office:office"><head>',
      '<!--[if gte mso 9]><xml><o:OfficeDocumentSettings><o:AllowPNG/></o:OfficeDocumentSettings></xml><![endif]-->',
      '</head><body><div>Please send the price list.</div>',
      '<p>Best regards</p>Peter Schmidt',
    ].join('');
    expect(htmlText(html).trim()).toBe('Please send the price list.\n\nBest regards\nPeter Schmidt');
  });

  it('numeric character references up to U+10FFFF are read, beyond it left as written', () => {
    expect(htmlText('<p>&#x10FFFF;&#x110000;&#1114112;</p>')).toBe('\n\u{10FFFF}&#x110000;&#1114112;\n');
  });

  it('a one-line text is cut to its limit after the spaces around it are dropped, and ends on no space', () => {
    expect(plainLine(`   ${'a'.repeat(200)}`, 200)).toBe('a'.repeat(200));
    expect(plainLine('Re: Cat food for you', 12)).toBe('Re: Cat food');
    expect(plainLine('Re: Cat food for you', 13)).toBe('Re: Cat food');
  });

  it('a forwarded message (message/rfc822) is not the answer’s text', async () => {
    const mail = await read(
      crlf(
        `From: Peter Schmidt <${BUYER}>`,
        `To: ${REPLY_TO}`,
        'Subject: Fwd: Cat food for you',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="F"',
        '',
        '--F',
        'Content-Type: text/plain; charset=UTF-8',
        '',
        'See the offer below; our buyer will call you.',
        '--F',
        'Content-Type: message/rfc822',
        '',
        'From: Li Wei <no-reply@honeyleads.example>',
        'Subject: Cat food for you',
        '',
        'We make cat food.',
        '--F--',
        '',
      ),
    );
    expect(mail.text).toBe('See the offer below; our buyer will call you.');
  });

  it('a message nested deeper than 20 MIME parts is not read', async () => {
    const depth = INBOUND_LIMITS.depth + 2;
    const open = Array.from(
      { length: depth },
      (_, i) => `Content-Type: multipart/mixed; boundary="b${i}"\r\n\r\n--b${i}\r\n`,
    ).join('');
    const raw = `From: Peter Schmidt <${BUYER}>\r\nTo: ${REPLY_TO}\r\n${open}Content-Type: text/plain\r\n\r\nhello\r\n`;
    expect(await reading(raw)).toMatchObject({ ok: false, reason: 'unreadable' });
  });
});

describe('delivery reports (RFC 3464, RFC 6533)', () => {
  it('Postfix’s fields in Postfix’s order: the status of the failed recipient', () => {
    expect(
      permanentFailure(
        [
          'Reporting-MTA: dns; mx1.honeyleads.example',
          'X-Postfix-Queue-ID: 4Zx1Lq2Vn3z9sWk',
          'X-Postfix-Sender: rfc822; bounce@reply.honeyleads.example',
          'Arrival-Date: Tue, 14 Apr 2026 09:12:01 +0000 (UTC)',
          '',
          'Final-Recipient: rfc822; nobody@berg-trading.example',
          'Original-Recipient: rfc822;nobody@berg-trading.example',
          'Action: failed',
          'Status: 5.1.1',
          'Remote-MTA: dns; mx.berg-trading.example',
          'Diagnostic-Code: smtp; 550 5.1.1 <nobody@berg-trading.example>: Recipient address rejected:',
          '    User unknown in virtual mailbox table',
          '',
        ].join('\n'),
      ),
    ).toBe('5.1.1');
  });

  it('the last recipient’s fields count without a blank line after them', () => {
    expect(
      permanentFailure(
        'Reporting-MTA: dns; mx.example\r\n\r\nFinal-Recipient: rfc822; a@x.example\r\nStatus: 5.2.2',
      ),
    ).toBe('5.2.2');
  });

  it('a failed recipient before a delivered one: the failure is found, blank line of spaces or not', () => {
    for (const blank of ['', '   ', '\t'])
      expect(
        permanentFailure(
          [
            'Reporting-MTA: dns; mx.example',
            '',
            'Final-Recipient: rfc822; gone@berg-trading.example',
            'Action: failed',
            'Status: 5.1.1',
            blank,
            'Final-Recipient: rfc822; anna@berg-trading.example',
            'Action: delivered',
            'Status: 2.0.0',
            '',
          ].join('\n'),
        ),
        JSON.stringify(blank),
      ).toBe('5.1.1');
  });

  it('a folded Diagnostic-Code line is no field of its own, whatever it says', () => {
    expect(
      permanentFailure(
        [
          'Reporting-MTA: dns; mx.example',
          '',
          'Final-Recipient: rfc822; gone@berg-trading.example',
          'Action: failed',
          'Status: 5.7.1',
          'Diagnostic-Code: smtp; 554 5.7.1 Message rejected by the content filter;',
          '    action: discard (policy 12)',
          '',
        ].join('\n'),
      ),
    ).toBe('5.7.1');
  });

  it('field names may have spaces before their colon (RFC 5322 obsolete syntax)', () => {
    expect(
      permanentFailure(
        'Reporting-MTA: dns; mx.example\n\nFinal-Recipient : rfc822; a@x.example\nAction : failed\nStatus : 5.1.1\n',
      ),
    ).toBe('5.1.1');
  });

  const bounce = (contentType: string, statusType: string, status = 'Action: failed\r\nStatus: 5.1.1') =>
    crlf(
      'Return-Path: <>',
      'From: Mail Delivery System <MAILER-DAEMON@mx.berg-trading.example>',
      'To: bounce@reply.honeyleads.example',
      'Subject: Undelivered Mail Returned to Sender',
      'Auto-Submitted: auto-replied',
      'MIME-Version: 1.0',
      `Content-Type: ${contentType}`,
      '',
      '--R',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Your message could not be delivered.',
      '--R',
      `Content-Type: ${statusType}`,
      '',
      'Reporting-MTA: dns; mx.berg-trading.example',
      '',
      'Final-Recipient: rfc822; gone@berg-trading.example',
      status,
      '--R',
      'Content-Type: message/rfc822',
      '',
      'From: Li Wei <no-reply@honeyleads.example>',
      'Subject: Cat food for you',
      '',
      'We make cat food.',
      '--R--',
      '',
    );

  it('an internationalized delivery report (RFC 6533) is a delivery report, its returned message not its text', async () => {
    const mail = await read(
      bounce(
        'multipart/report; report-type=global-delivery-status; boundary="R"',
        'message/global-delivery-status',
      ),
    );
    expect(mail.report).toEqual({ type: 'delivery-status', failed: '5.1.1' });
    expect(mail.text).toBe('Your message could not be delivered.');
  });

  it('spaces around the semicolons of its Content-Type (RFC 2045) do not hide a report', async () => {
    const mail = await read(
      bounce('multipart/report ; report-type=delivery-status ; boundary="R"', 'message/delivery-status'),
    );
    expect(mail.report).toEqual({ type: 'delivery-status', failed: '5.1.1' });
  });

  it('a returned message that quotes a failure is not the report: a delivered recipient is no bounce', async () => {
    const quoted = bounce(
      'multipart/report; report-type=delivery-status; boundary="R"',
      'message/delivery-status',
      'Action: delivered\r\nStatus: 2.0.0',
    ).replace(
      'We make cat food.',
      'Final-Recipient: rfc822; gone@berg-trading.example\r\nAction: failed\r\nStatus: 5.1.1',
    );
    const mail = await read(quoted);
    expect(mail.report).toEqual({ type: 'delivery-status', failed: null });
  });

  it('of several delivery-status parts, a failure in any is the failure, first or last', async () => {
    const parts = (first: string, second: string) =>
      bounce(
        'multipart/report; report-type=delivery-status; boundary="R"',
        'message/delivery-status',
        first,
      ).replace(
        '--R\r\nContent-Type: message/rfc822',
        [
          '--R',
          'Content-Type: message/delivery-status',
          '',
          'Reporting-MTA: dns; mx2.berg-trading.example',
          '',
          'Final-Recipient: rfc822; sales@berg-trading.example',
          second,
          '--R',
          'Content-Type: message/rfc822',
        ].join('\r\n'),
      );
    const delivered = 'Action: delivered\r\nStatus: 2.0.0';
    const failed = 'Action: failed\r\nStatus: 5.1.1';
    expect((await read(parts(delivered, failed))).report).toEqual({
      type: 'delivery-status',
      failed: '5.1.1',
    });
    expect((await read(parts(failed, delivered))).report).toEqual({
      type: 'delivery-status',
      failed: '5.1.1',
    });
  });

  it('a multipart/report without report-type is a report of no type', async () => {
    const mail = await read(bounce('multipart/report; boundary="R"', 'message/delivery-status'));
    expect(mail.report).toEqual({ type: '', failed: null });
  });

  it('a read receipt (RFC 8098) is a disposition-notification report, not a delivery report', async () => {
    const mail = await read(
      crlf(
        `From: Peter Schmidt <${BUYER}>`,
        `To: ${REPLY_TO}`,
        'Subject: Read: Cat food for you',
        'Content-Type: multipart/report; report-type=disposition-notification; boundary="MDN"',
        '',
        '--MDN',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Your message was displayed.',
        '--MDN',
        'Content-Type: message/disposition-notification',
        '',
        'Reporting-UA: mail.example; Outlook',
        `Final-Recipient: rfc822;${BUYER}`,
        'Disposition: manual-action/MDN-sent-manually; displayed',
        '--MDN--',
        '',
      ),
    );
    expect(mail.report).toEqual({ type: 'disposition-notification', failed: null });
  });
});
