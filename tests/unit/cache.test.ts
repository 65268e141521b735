import { describe, expect, it } from 'vitest';
import { boundedCache } from '../../server/platform/cache.ts';

describe('boundedCache: a remembered answer per key, never more than its limit', () => {
  it('computes an answer once per key, null answers included', () => {
    const cache = boundedCache<string | null>(10);
    let calls = 0;
    const read = (key: string) => cache(key, () => (calls++, key === 'none' ? null : key.toUpperCase()));
    expect([read('a'), read('a'), read('none'), read('none'), read('b')]).toEqual([
      'A',
      'A',
      null,
      null,
      'B',
    ]);
    expect(calls).toBe(3);
  });

  it('starts again when full, so a long run never keeps more than the limit', () => {
    const cache = boundedCache<number>(2);
    let calls = 0;
    const read = (key: string) => cache(key, () => ++calls);
    read('a');
    read('b');
    // Full: the third key empties the memory, so 'a' is computed again.
    read('c');
    expect(read('a')).toBe(4);
    expect(read('c')).toBe(3);
  });
});
