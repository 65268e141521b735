import { describe, expect, it } from 'vitest';
import { SPAM_LIMITS, spamAdvice, spamSigns } from '../../src/lib/spamCheck.ts';
import { useTranslations } from '../../src/i18n/index.ts';

/** A first email as the built-in writer drafts one: no spam signs. */
const CLEAN_SUBJECT = 'LED panel lights for Northbay Wholesale';
const CLEAN_BODY = `Dear Ms. Schimmer,

I saw that Northbay Wholesale imports LED panel lights from Malaysia and China. We make them in
Ningbo, CE and RoHS certified, with a 5-year warranty and FOB prices.

Would a sample of our 600x600 panel help you compare? Our catalogue is at https://ningbo-lighting.example.

Best regards,
Lin Wei`;

const kinds = (subject: string, body: string, language: 'en' | 'de' | 'zh' = 'en') =>
  spamSigns(subject, body, language).map((sign) => sign.kind);

describe('the spam check before sending (spamSigns)', () => {
  it('a plain first email shows no sign', () => {
    expect(spamSigns(CLEAN_SUBJECT, CLEAN_BODY, 'en')).toEqual([]);
  });

  it('a message over 200 words, or a Chinese one over 400 characters, is long', () => {
    const words = (n: number) => Array.from({ length: n }, () => 'panel').join(' ');
    expect(kinds('Panels', words(SPAM_LIMITS.maxWords))).toEqual([]);
    expect(spamSigns('Panels', words(SPAM_LIMITS.maxWords + 1), 'en')).toEqual([
      { kind: 'long', count: 201, max: 200 },
    ]);
    expect(kinds('面板灯', '面'.repeat(400), 'zh')).toEqual([]);
    expect(spamSigns('面板灯', '面'.repeat(401), 'zh')).toEqual([
      { kind: 'longChars', count: 401, max: 400 },
    ]);
  });

  it('more than two links, and any link shortener', () => {
    const two = 'See https://a.example/x and www.b.example.';
    expect(kinds('Catalogue', two)).toEqual([]);
    expect(spamSigns('Catalogue', `${two} Also http://c.example`, 'en')).toEqual([
      { kind: 'links', count: 3, max: 2 },
    ]);
    expect(spamSigns('Catalogue', 'Prices: https://bit.ly/3xYz', 'en')).toEqual([
      { kind: 'shortener', host: 'bit.ly' },
    ]);
    // A host that only ends like a shortener is not one.
    expect(kinds('Catalogue', 'Prices: https://habit.ly.example/prices')).toEqual([]);
  });

  it('trigger words as whole words, in the email language and in English', () => {
    expect(spamSigns('Free samples', 'Guaranteed lowest price, act now.', 'en')).toEqual([
      { kind: 'triggers', words: ['free', 'guaranteed', 'act now', 'lowest price'] },
    ]);
    // "free" inside freestanding or carefree, or 100% inside 1100%, is not the word.
    expect(kinds('Freestanding lamps', 'Carefree setup; 1100% growth.')).toEqual([]);
    expect(spamSigns('Muster', 'Kostenlose Muster sind kostenlos, 100% geprüft.', 'de')).toEqual([
      { kind: 'triggers', words: ['kostenlos', '100%'] },
    ]);
    expect(spamSigns('样品', '我们保证免费寄样。', 'zh')).toEqual([
      { kind: 'triggers', words: ['免费', '保证'] },
    ]);
  });

  it('words in capitals: any in the subject, more than one in the message; trade acronyms are names', () => {
    expect(kinds('Panels', 'HACCP, BSCI and EUDR papers; FOB Ningbo. URGENT.')).toEqual(['triggers']);
    expect(spamSigns('BEST panels', 'Panels.', 'en')).toEqual([{ kind: 'caps', words: ['BEST'] }]);
    expect(spamSigns('Panels', 'GREAT panels, AMAZING prices.', 'en')).toEqual([
      { kind: 'caps', words: ['GREAT', 'AMAZING'] },
    ]);
  });

  it('exclamation marks: none in the subject, one at most in the message', () => {
    expect(kinds('Panels', 'Thank you!')).toEqual([]);
    expect(spamSigns('Panels!', 'Thank you!', 'en')).toEqual([{ kind: 'exclamations', count: 2 }]);
    expect(spamSigns('面板灯', '谢谢！期待回复！', 'zh')).toEqual([{ kind: 'exclamations', count: 2 }]);
  });

  it('a subject over 70 characters is cut off on phones', () => {
    const subject = 'LED panel lights, downlights and flood lights from our Ningbo factory now';
    expect(spamSigns(subject, 'Hello.', 'en')).toEqual([
      { kind: 'subjectLong', count: [...subject].length, max: 70 },
    ]);
  });

  it('each sign is advice in the page’s language', () => {
    const signs = spamSigns('FREE!', 'Click here: https://bit.ly/x', 'en');
    const en = spamAdvice(signs, 'en').map(({ key, params }) => useTranslations('en')(key, params));
    const zh = spamAdvice(signs, 'zh').map(({ key, params }) => useTranslations('zh')(key, params));
    expect(en).toEqual([
      'Short links (bit.ly) are often blocked by spam filters: write the full address.',
      'These words often trip spam filters: free, click here.',
      'Words in capitals read as shouting and trip filters: FREE.',
      'Too many exclamation marks (1): none in the subject, one at most in the message.',
    ]);
    expect(zh).toEqual([
      '短链接（bit.ly）常被垃圾邮件过滤器拦截：请写完整网址。',
      '这些词容易触发垃圾邮件过滤：free、click here。',
      '全大写的词像在喊叫，也容易触发过滤：FREE。',
      '感叹号太多（1 个）：主题里不用，正文最多一个。',
    ]);
  });
});
