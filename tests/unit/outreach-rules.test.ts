import { describe, expect, it } from 'vitest';
import { mailable, type RevealedEmail } from '../../server/outreach/recipients.ts';
import { describeError, utcDayBounds } from '../../server/outreach/send.ts';
import {
  unsubscribeToken,
  unsubscribeUrl,
  verifyUnsubscribeToken,
} from '../../server/outreach/unsubscribe.ts';

/*
 * Rules of outreach a user meets in the sent list and the unsubscribe link: why an email did not go
 * (in their language, with the server's own words), which revealed addresses a draft may go to,
 * the UTC day a daily cap counts, and links that name one address and cannot be altered.
 */

describe('why an email did not go, as the sent list says it', () => {
  it.each([
    [
      'bounced: 550 5.1.1 user unknown',
      'The email bounced (no such address, or refused); the address is on the do-not-mail list now: 550 5.1.1 user unknown',
    ],
    ['suppressed', 'The recipient unsubscribed, so the email was not sent.'],
    ['temporary: 421 try later', 'Temporary delivery problem; it will be retried: 421 try later'],
    ['gave_up: 451 4.3.0 lookup failure', 'Not delivered after several attempts: 451 4.3.0 lookup failure'],
    // The server's words keep their own colons.
    ['rejected: 554 5.7.1: spam: blocked', 'The mail server refused it: 554 5.7.1: spam: blocked'],
    ['rejected:  ', 'The mail server refused it'],
    ['stopped: replied', 'The recipient replied, so this follow-up will not be sent.'],
    ['stopped: bounced', 'The address bounced, so this follow-up will not be sent.'],
    ['stopped: unsubscribed', 'The recipient unsubscribed, so this follow-up will not be sent.'],
    ['stopped: failed', 'An earlier email was not delivered, so this follow-up will not be sent.'],
    // Only a stopped follow-up gives a stop's reason, whatever the server's words are.
    ['temporary: bounced', 'Temporary delivery problem; it will be retried: bounced'],
    // A kind the catalogue does not know is shown as stored.
    ['stopped: vanished', 'stopped: vanished'],
    ['constructor', 'constructor'],
  ])('%s', (stored, shown) => {
    expect(describeError(stored, 'en')).toBe(shown);
  });

  it('in Chinese too, and nothing when nothing went wrong', () => {
    expect(describeError('stopped: replied', 'zh')).toBe('对方已回复，这封跟进不再发送');
    expect(describeError('gave_up: 451 later', 'zh')).toBe('多次重试后仍未送达：451 later');
    expect(describeError(null, 'zh')).toBeNull();
    expect(describeError('', 'en')).toBeNull();
  });
});

describe('the addresses a draft may go to', () => {
  const entry = (email: string, status: string): RevealedEmail => ({ email, status, person: null });
  it('verified first, then risky, then unknown, each group in the lead’s order; never invalid, suppressed or twice', () => {
    const emails = [
      entry('unknown1@x.example', 'unknown'),
      entry('risky1@x.example', 'risky'),
      entry('valid1@x.example', 'valid'),
      entry('invalid@x.example', 'invalid'),
      entry('odd@x.example', 'catch-all'),
      entry('valid2@x.example', 'valid'),
      entry('optedout@x.example', 'valid'),
      entry('risky2@x.example', 'risky'),
      entry('valid1@x.example', 'valid'),
      entry('unknown2@x.example', 'unknown'),
    ];
    expect(mailable(emails, new Set(['optedout@x.example']))).toEqual([
      'valid1@x.example',
      'valid2@x.example',
      'risky1@x.example',
      'risky2@x.example',
      'unknown1@x.example',
      'unknown2@x.example',
      'odd@x.example',
    ]);
    expect(mailable([], new Set())).toEqual([]);
  });
});

describe('the UTC day a daily cap counts', () => {
  it.each([
    ['2026-03-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z', '2026-03-02T00:00:00.000Z'],
    ['2026-02-28T23:59:59.999Z', '2026-02-28T00:00:00.000Z', '2026-03-01T00:00:00.000Z'],
    ['2028-02-29T12:00:00.000Z', '2028-02-29T00:00:00.000Z', '2028-03-01T00:00:00.000Z'],
    ['2026-12-31T16:30:00.000Z', '2026-12-31T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
  ])('%s falls in [%s, %s)', (now, start, end) => {
    expect(utcDayBounds(new Date(now)).map((d) => d.toISOString())).toEqual([start, end]);
  });
});

describe('unsubscribe links', () => {
  const SECRET = 'unsubscribe-secret-0123456789abcdef';
  it('name the lower-cased address and verify back to it, under this secret only', () => {
    const token = unsubscribeToken(SECRET, '  Peter.Schmidt@Example.DE ');
    expect(verifyUnsubscribeToken(SECRET, token)).toBe('peter.schmidt@example.de');
    expect(token).toBe(unsubscribeToken(SECRET, 'peter.schmidt@example.de'));
    expect(verifyUnsubscribeToken('another-secret-0123456789abcdef0123', token)).toBeNull();
    expect(unsubscribeUrl('https://honeyleads.example', SECRET, 'peter.schmidt@example.de')).toBe(
      `https://honeyleads.example/api/outreach/unsubscribe?t=${token}`,
    );
  });

  it('refuse any altered, re-encoded, upper-cased, truncated or oversized token', () => {
    const token = unsubscribeToken(SECRET, 'peter@example.de');
    const [encoded, signature] = token.split('.') as [string, string];
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const other = Buffer.from('anna@example.de').toString('base64url');
    const upper = Buffer.from('Peter@example.de').toString('base64url');
    for (const bad of [
      `${other}.${signature}`,
      `${encoded}.${flip(signature, 3)}`,
      `${encoded}.${signature.slice(0, -2)}`,
      `${encoded}.${signature}A`,
      `${upper}.${unsubscribeToken(SECRET, 'peter@example.de').split('.')[1]}`,
      `${encoded}=.${signature}`,
      `${encoded}`,
      `.${signature}`,
      `${encoded}.${signature}.x`,
      `${'A'.repeat(600)}.${signature}`,
      '',
      undefined,
    ])
      expect(verifyUnsubscribeToken(SECRET, bad)).toBeNull();
  });

  it('read a token for the longest address mail allows (254 characters, RFC 5321), and nothing longer than 600 characters even when signed', () => {
    const longest = `${'p'.repeat(64)}@${'d'.repeat(180)}.example`.slice(0, 254);
    expect(verifyUnsubscribeToken(SECRET, unsubscribeToken(SECRET, longest))).toBe(longest);
    const oversized = unsubscribeToken(SECRET, `${'p'.repeat(64)}@${'d'.repeat(400)}.example`);
    expect(oversized.length).toBeGreaterThan(600);
    expect(verifyUnsubscribeToken(SECRET, oversized)).toBeNull();
  });
});
