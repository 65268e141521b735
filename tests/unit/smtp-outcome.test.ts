import { describe, expect, it } from 'vitest';
import {
  classify,
  outreachMessageId,
  senderIdentity,
  unsubscribeFooter,
} from '../../server/outreach/queue.ts';

/*
 * What an SMTP answer means for an outreach email (RFC 5321 §4.2.1 reply codes, RFC 3463 enhanced
 * status codes), as nodemailer reports it: a 5yz answer is permanent and never retried; a permanent
 * answer about the mailbox (550, 551, 553 or an enhanced 5.1.x) is a bounce and suppresses the
 * address; anything else (4yz, a dropped connection) may pass on a later attempt.
 */

/** A rejection as nodemailer throws it. */
const rejected = (responseCode: number, response: string, code = 'EENVELOPE') =>
  Object.assign(new Error(`Can't send mail - all recipients were rejected: ${response}`), {
    responseCode,
    response,
    code,
  });

describe('an SMTP answer, classified', () => {
  it.each([
    [550, '550 5.1.1 <peter@example.de>: Recipient address rejected: User unknown'],
    [551, '551 5.1.6 User not local; please try <peter@example.com>'],
    [553, '553 5.1.3 Mailbox name not allowed'],
    [550, '550 Requested action not taken: mailbox unavailable'],
  ])('%i is permanent and a bounce: %s', (code, response) => {
    expect(classify(rejected(code, response))).toEqual({ permanent: true, bounce: true, detail: response });
  });

  it.each([
    [554, '554 5.1.1 Delivery error: This user doesn’t have an account'],
    [552, '552 5.1.10 Recipient address rejected: no such user'],
  ])('a %i that says 5.1.x (the address) is a bounce', (code, response) => {
    expect(classify(rejected(code, response))).toMatchObject({ permanent: true, bounce: true });
  });

  it.each([
    [552, '552 5.2.2 Mailbox full'],
    [554, '554 5.7.1 Message rejected due to content restrictions'],
    [500, '500 5.5.2 Syntax error, command unrecognized'],
    [599, '599 unknown permanent failure'],
    [541, '541 5.4.1 Recipient address rejected: Access denied. 25.1.1 is not a status'],
  ])('%i about the message, not the mailbox, is permanent but no bounce: %s', (code, response) => {
    expect(classify(rejected(code, response))).toMatchObject({ permanent: true, bounce: false });
  });

  it.each([
    [421, '421 4.7.0 Try again later, closing connection'],
    [
      450,
      '450 4.2.1 The user you are trying to contact is receiving mail at a rate that prevents additional messages',
    ],
    [451, '451 4.3.0 Temporary lookup failure'],
    [499, '499 4.1.1 greylisted'],
    [600, '600 not an SMTP code'],
  ])('%i may pass later: not permanent, no bounce', (code, response) => {
    expect(classify(rejected(code, response))).toMatchObject({ permanent: false, bounce: false });
  });

  it('a refused login (EAUTH, 535) is our account’s problem, not the address’s: not permanent, no bounce', () => {
    const error = rejected(535, '535 5.7.8 Username and Password not accepted', 'EAUTH');
    expect(classify(error)).toMatchObject({ permanent: false, bounce: false });
  });

  it('a dropped connection (no reply code) may pass later, and says what happened', () => {
    const error = Object.assign(new Error('Connection closed unexpectedly'), { code: 'ECONNECTION' });
    expect(classify(error)).toEqual({
      permanent: false,
      bounce: false,
      detail: 'Connection closed unexpectedly',
    });
    expect(classify('socket hang up')).toEqual({ permanent: false, bounce: false, detail: 'socket hang up' });
    expect(classify(undefined).permanent).toBe(false);
  });

  it('the detail is the server’s own answer on one line, at most 300 characters', () => {
    const multiline =
      '550-5.1.1 The email account that you tried to reach does not exist.\r\n550 5.1.1   Please try\t double-checking ';
    expect(classify(rejected(550, multiline)).detail).toBe(
      '550-5.1.1 The email account that you tried to reach does not exist. 550 5.1.1 Please try double-checking',
    );
    const long = `550 5.1.1 ${'x'.repeat(400)}`;
    expect(classify(rejected(550, long)).detail).toBe(long.slice(0, 300));
    // Without a server answer, the error's own message.
    expect(
      classify(Object.assign(new Error('  Greeting never received  '), { code: 'ETIMEDOUT' })).detail,
    ).toBe('Greeting never received');
  });
});

describe('the unsubscribe line of an outreach email', () => {
  const link = 'https://honeyleads.example/api/outreach/unsubscribe?t=abc';
  it.each([
    ['zh', `\n\n-- \n如不希望再收到此类邮件，请点击退订：${link}`],
    ['en', `\n\n-- \nIf you would rather not receive emails like this, unsubscribe here: ${link}`],
    ['de', `\n\n-- \nWenn Sie keine solchen E-Mails mehr erhalten möchten, melden Sie sich hier ab: ${link}`],
    ['es', `\n\n-- \nSi prefiere no recibir correos como este, puede darse de baja aquí: ${link}`],
    ['fr', `\n\n-- \nSi vous ne souhaitez plus recevoir ce type d’e-mail, désabonnez-vous ici : ${link}`],
    // A language we do not write in: English.
    ['it', `\n\n-- \nIf you would rather not receive emails like this, unsubscribe here: ${link}`],
  ])('in %s', (language, footer) => {
    expect(unsubscribeFooter(language, link)).toBe(footer);
  });
});

describe('the Message-ID of an outreach email', () => {
  it('is the row’s, on our sending domain, in angle brackets (RFC 5322 msg-id)', () => {
    expect(outreachMessageId('3f2c', 'mail.honeyleads.example')).toBe(
      '<outreach.3f2c@mail.honeyleads.example>',
    );
  });
});

describe('the sender of outreach emails, from MAIL_FROM', () => {
  it.each([
    ['"HoneyLeads" <outreach@mail.honeyleads.example>', 'mail.honeyleads.example', 'HoneyLeads'],
    ['蜜探 <no-reply@honeyleads.example>', 'honeyleads.example', '蜜探'],
    ['  Trade Desk   < desk@Trade.Example >', 'Trade.Example', 'Trade Desk'],
    // A bare address has no display name: the product's.
    ['outreach@mail.example', 'mail.example', 'HoneyLeads'],
    // No domain in it: the site's host.
    ['HoneyLeads <outreach>', 'honeyleads.example', 'HoneyLeads'],
    ['<outreach@mail.example>', 'mail.example', 'HoneyLeads'],
  ])('%s: Message-IDs on %s, sent as "Li Wei via %s"', (mailFrom, domain, brand) => {
    expect(senderIdentity(mailFrom, 'https://honeyleads.example')).toEqual({ domain, brand });
  });
});
