import { describe, expect, it } from 'vitest';
import { useTranslations } from '@/i18n/index.ts';
import {
  CONSENT_COUNTRIES,
  defaultRecipients,
  answerSubject,
  draftRequestIds,
  followUpBlocker,
  isPending,
  isSameUtcDay,
  legalNoteKey,
  lengthState,
  MAX_EMAIL_BODY_LENGTH,
  MAX_SUBJECT_LENGTH,
  OUTREACH_DAILY_CAP,
  greetFor,
  translationTarget,
  recipientOptions,
  sendBlocker,
  type SendCheck,
} from '@/lib/outreach.ts';

const zh = useTranslations('zh');
const en = useTranslations('en');

describe('email language', () => {
  it('translate goes between the UI’s two languages; a German, Spanish or French draft is written anew instead', () => {
    expect(translationTarget('zh')).toBe('en');
    expect(translationTarget('en')).toBe('zh');
    for (const language of ['de', 'es', 'fr'] as const) expect(translationTarget(language)).toBeNull();
  });
});

describe('greeting each address as itself', () => {
  const greetings = [
    { email: 'peter@x.de', person: 'Peter Schmidt', line: 'Dear Peter,', preview: 'Peter，您好！' },
    { email: 'info@x.de', person: null, line: 'Hello,', preview: '您好！' },
  ];
  it('the draft’s greeting becomes the recipient’s, in the draft and in its preview', () => {
    expect(greetFor('Dear Peter,\n\nWe make cat food.', greetings, 'info@x.de')).toBe(
      'Hello,\n\nWe make cat food.',
    );
    expect(greetFor('Hello,\n\nWe make cat food.', greetings, 'peter@x.de')).toBe(
      'Dear Peter,\n\nWe make cat food.',
    );
    expect(greetFor('Peter，您好！\n\n我们生产猫粮。', greetings, 'info@x.de', 'preview')).toBe(
      '您好！\n\n我们生产猫粮。',
    );
  });
  it('a greeting the user rewrote stays as written, and an unknown address changes nothing', () => {
    expect(greetFor('Hi Pete,\n\nText', greetings, 'info@x.de')).toBe('Hi Pete,\n\nText');
    expect(greetFor('Dear Peter,\n\nText', greetings, 'other@x.de')).toBe('Dear Peter,\n\nText');
    // "Dear Peterson," does not start with the line "Dear Peter," followed by a line break.
    expect(greetFor('Dear Peterson,\n\nText', greetings, 'info@x.de')).toBe('Dear Peterson,\n\nText');
  });
});

describe('legal note before sending', () => {
  it('Germany needs consent for business email (UWG §7), and says so in both languages', () => {
    expect(legalNoteKey('DE')).toBe('outreach.legal.DE');
    expect(legalNoteKey('de')).toBe('outreach.legal.DE');
    expect(en('outreach.legal.DE')).toContain('UWG');
    expect(zh('outreach.legal.DE')).toContain('UWG');
  });

  it('every restricted country has its note in both dictionaries', () => {
    for (const [code, key] of Object.entries(CONSENT_COUNTRIES)) {
      expect(legalNoteKey(code)).toBe(key);
      expect(zh(key)).not.toBe(key);
      expect(en(key)).not.toBe(key);
      expect(zh(key)).not.toBe(en(key));
    }
  });

  it('countries without an opt-in rule for business email show no note', () => {
    for (const code of ['US', 'GB', 'FR', 'VN', 'CN', '']) expect(legalNoteKey(code)).toBeNull();
  });
});

describe('recipients', () => {
  const revealed = [
    { email: 'sales@buyer.de', status: 'valid' },
    { email: 'info@buyer.de', status: 'risky' },
    { email: 'old@buyer.de', status: 'invalid' },
    { email: 'gone@buyer.de', status: 'unknown' },
    { email: 'not an address', status: 'unknown' },
  ];
  const draftTo = ['info@buyer.de', 'Sales@Buyer.de'];

  it('an invalid address is listed but cannot be selected, with the reason', () => {
    const option = recipientOptions(draftTo, revealed).find((o) => o.email === 'old@buyer.de');
    expect(option).toEqual({ email: 'old@buyer.de', status: 'invalid', blocked: 'outreach.blocked.invalid' });
    expect(en('outreach.blocked.invalid')).toMatch(/invalid/i);
  });

  it('an invalid address stays blocked even if a draft lists it', () => {
    const option = recipientOptions(['old@buyer.de'], revealed).find((o) => o.email === 'old@buyer.de');
    expect(option?.blocked).toBe('outreach.blocked.invalid');
  });

  it('a malformed address cannot be selected (spec §5 recipient format)', () => {
    const option = recipientOptions(draftTo, revealed).find((o) => o.email === 'not an address');
    expect(option?.blocked).toBe('outreach.blocked.format');
  });

  it('a revealed address the server left out of the draft has opted out', () => {
    const option = recipientOptions(draftTo, revealed).find((o) => o.email === 'gone@buyer.de');
    expect(option?.blocked).toBe('outreach.blocked.optedOut');
  });

  it('draft addresses come first, each address once whatever its case', () => {
    const options = recipientOptions(draftTo, revealed);
    expect(options.map((o) => o.email)).toEqual([
      'info@buyer.de',
      'Sales@Buyer.de',
      'old@buyer.de',
      'gone@buyer.de',
      'not an address',
    ]);
    expect(options[1]).toEqual({ email: 'Sales@Buyer.de', status: 'valid', blocked: null });
  });

  it('one address is ticked by default, a valid one when there is one', () => {
    expect(defaultRecipients(recipientOptions(draftTo, revealed))).toEqual(['Sales@Buyer.de']);
    expect(
      defaultRecipients(recipientOptions(['info@buyer.de'], [{ email: 'info@buyer.de', status: 'risky' }])),
    ).toEqual(['info@buyer.de']);
    expect(defaultRecipients(recipientOptions([], [{ email: 'x@buyer.de', status: 'invalid' }]))).toEqual([]);
  });
});

describe('request ids', () => {
  it('a draft sends each address with one id, however often send is pressed', () => {
    let n = 0;
    const ids = draftRequestIds(() => `id-${++n}`);
    expect(ids.for('a@buyer.de')).toBe('id-1');
    expect(ids.for('A@buyer.de ')).toBe('id-1');
    expect(ids.for('b@buyer.de')).toBe('id-2');
    expect(ids.for('a@buyer.de')).toBe('id-1');
  });

  it('a new draft draws new ids (random UUIDs by default)', () => {
    const first = draftRequestIds().for('a@buyer.de');
    const second = draftRequestIds().for('a@buyer.de');
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
  });
});

describe('daily cap', () => {
  it('says what is left of the cap (the server counts it, follow-ups due today included)', () => {
    expect(en('outreach.capLeft', { left: 12, cap: OUTREACH_DAILY_CAP })).toBe('12 of 50 left today');
    expect(zh('outreach.capLeft', { left: 12, cap: 50 })).toBe('今日还可发送 12 / 50 封');
    expect(isSameUtcDay('2026-03-10T23:59:59Z', new Date('2026-03-10T10:00:00Z'))).toBe(true);
  });
});

describe('follow-ups', () => {
  const f = (days: string, include = true) => ({
    include,
    days,
    subject: 'Re: Cat food',
    body: 'Hello again.',
  });
  it('go 1 to 60 days after the first email, each later than the one before; unticked ones do not count', () => {
    expect(followUpBlocker([f('4'), f('10')])).toBeNull();
    expect(followUpBlocker([f('4'), f('2', false)])).toBeNull();
    expect(followUpBlocker([f('10'), f('4')])?.key).toBe('outreach.error.followUpDays');
    for (const days of ['0', '61', '1.5', '', 'four'])
      expect(followUpBlocker([f(days)])?.key, days).toBe('outreach.error.followUpDays');
  });
  it('need a one-line subject and a body, like the first email', () => {
    expect(followUpBlocker([{ ...f('4'), subject: ' ' }])?.key).toBe('outreach.error.followUpSubject');
    expect(followUpBlocker([{ ...f('4'), subject: 'Re: a\nBcc: x' }])?.key).toBe(
      'outreach.error.followUpSubject',
    );
    expect(followUpBlocker([{ ...f('4'), body: '' }])?.key).toBe('outreach.error.followUpBody');
  });
  it('a follow-up answering the first subject follows its edits; a rewritten one stays', () => {
    expect(answerSubject('Re: Cat food', 'Cat food', 'Pet food')).toBe('Re: Pet food');
    expect(answerSubject('回复：猫粮', '猫粮', '宠物食品')).toBe('回复：宠物食品');
    expect(answerSubject('A new subject', 'Cat food', 'Pet food')).toBe('A new subject');
    // Follow-ups keep the first subject as it is (no "Re:"): they follow its edits too.
    expect(answerSubject('Cat food', 'Cat food', 'Pet food')).toBe('Pet food');
  });
});

describe('before sending', () => {
  const ok: SendCheck = {
    subject: 'LED panels for Berlin',
    body: 'Hello,\n\nWe make LED panels.',
    recipients: ['sales@buyer.de'],
    leftToday: 12,
    needsConsent: false,
    consent: false,
  };

  it('a complete draft may be sent', () => {
    expect(sendBlocker(ok)).toBeNull();
    expect(sendBlocker({ ...ok, leftToday: null })).toBeNull();
  });

  it('subject and body are required and limited in length', () => {
    expect(sendBlocker({ ...ok, subject: '  ' })?.key).toBe('outreach.error.subjectRequired');
    expect(sendBlocker({ ...ok, subject: 'x'.repeat(MAX_SUBJECT_LENGTH + 1) })).toEqual({
      key: 'outreach.error.subjectTooLong',
      params: { max: MAX_SUBJECT_LENGTH },
    });
    expect(sendBlocker({ ...ok, subject: 'x'.repeat(MAX_SUBJECT_LENGTH) })).toBeNull();
    expect(sendBlocker({ ...ok, body: '' })?.key).toBe('outreach.error.bodyRequired');
    expect(sendBlocker({ ...ok, body: 'x'.repeat(MAX_EMAIL_BODY_LENGTH + 1) })?.key).toBe(
      'outreach.error.bodyTooLong',
    );
  });

  it('needs at least one well-formed recipient', () => {
    expect(sendBlocker({ ...ok, recipients: [] })?.key).toBe('validation.recipientRequired');
    expect(sendBlocker({ ...ok, recipients: ['sales@buyer'] })).toEqual({
      key: 'validation.recipientInvalid',
      params: { email: 'sales@buyer' },
    });
  });

  it('refuses more recipients than are left today', () => {
    expect(sendBlocker({ ...ok, recipients: ['a@buyer.de', 'b@buyer.de'], leftToday: 1 })).toEqual({
      key: 'outreach.error.cap',
      params: { left: 1 },
    });
    expect(sendBlocker({ ...ok, leftToday: 0 })?.key).toBe('outreach.error.cap');
  });

  it('a restricted country needs the consent box ticked', () => {
    expect(sendBlocker({ ...ok, needsConsent: true })?.key).toBe('outreach.error.consent');
    expect(sendBlocker({ ...ok, needsConsent: true, consent: true })).toBeNull();
  });

  it('counts characters against the limit', () => {
    expect(lengthState('abc', 2)).toEqual({ count: 3, max: 2, over: true });
    expect(lengthState('中文', 200)).toEqual({ count: 2, max: 200, over: false });
  });
});

describe('sent emails', () => {
  it('queued and sending are still in flight; sent, failed and suppressed are final', () => {
    expect(isPending('queued')).toBe(true);
    expect(isPending('sending')).toBe(true);
    expect(isPending('sent')).toBe(false);
    expect(isPending('failed')).toBe(false);
    expect(isPending('suppressed')).toBe(false);
  });

  it('every status has a label in both languages', () => {
    for (const status of ['queued', 'sending', 'sent', 'failed', 'suppressed'] as const) {
      expect(zh(`sent.status.${status}`)).not.toBe(`sent.status.${status}`);
      expect(en(`sent.status.${status}`)).not.toBe(`sent.status.${status}`);
    }
  });
});
