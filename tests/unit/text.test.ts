import { describe, expect, it } from 'vitest';
import { collapseSpaces, trimEndOf } from '../../server/platform/text.ts';

describe('collapseSpaces: how every reader of user text sees spaces', () => {
  it.each([
    ['德国\u3000\u3000LED', '德国 LED'],
    ['a\u00a0\u2003\u202f\u205f\t b', 'a b'],
    ['a\r\nb\rc\u2028d\u2029e\u0085f\vg\fh', 'a\nb\nc\nd\ne\nf\ng\nh'],
    ['a \n b', 'a\nb'],
    ['a\n\n\n\n\nb', 'a\n\nb'],
    ['zero\u200bwidth\u200c\u200d\u2060\ufeff\u00ad\u180e', 'zerowidth'],
  ])('%j reads as %j', (written, read) => {
    expect(collapseSpaces(written)).toBe(read);
  });

  it('a run of every Unicode space is one space, and 200,000 of them are read at once', () => {
    const spaces =
      '\t \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000';
    expect(collapseSpaces(`x${spaces}y`)).toBe('x y');
    expect(collapseSpaces(`x${'\u3000'.repeat(200_000)}y`)).toBe('x y');
  });
});

describe('trimEndOf', () => {
  it.each([
    ['example.com/a//', '/', 'example.com/a'],
    ['brightpet.cn.,/', '.,/', 'brightpet.cn'],
    ['////', '/', ''],
    ['abc', '/', 'abc'],
  ])('%j without trailing %j is %j', (text, chars, trimmed) => {
    expect(trimEndOf(text, chars)).toBe(trimmed);
  });
});
