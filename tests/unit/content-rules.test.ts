import { describe, expect, it } from 'vitest';
import { byNewest, isPublished } from '@/lib/blog.ts';
import { isIndexable, svgDataUri } from '@/lib/seo.ts';
import { formatNumber, formatPrice, planPrices } from '@/lib/format.ts';
import { DEFAULT_PLAN_ID, PLAN_ITEMS } from '@/lib/constants.ts';

const now = new Date('2026-11-22T00:00:00Z');

describe('publishing', () => {
  it('publishes a post dated today or earlier', () => {
    expect(isPublished({ draft: false, pubDate: new Date('2026-11-22T00:00:00Z') }, now)).toBe(true);
  });
  it('does not publish drafts or future-dated posts', () => {
    expect(isPublished({ draft: true, pubDate: new Date('2026-01-01') }, now)).toBe(false);
    expect(isPublished({ draft: false, pubDate: new Date('2026-12-01') }, now)).toBe(false);
  });
  it('previews both in dev', () => {
    expect(isPublished({ draft: true, pubDate: new Date('2026-12-01') }, now, true)).toBe(true);
  });
  it('lists newest first with a stable order for equal dates', () => {
    const d = new Date('2026-01-01');
    const posts = [
      { pubDate: d, key: 'b' },
      { pubDate: new Date('2026-02-01'), key: 'c' },
      { pubDate: d, key: 'a' },
    ];
    expect(posts.sort(byNewest).map((p) => p.key)).toEqual(['c', 'a', 'b']);
  });
});

describe('indexable pages', () => {
  it('indexes home, blog, posts and legal pages in both locales', () => {
    for (const path of [
      '/',
      '/en',
      '/pages/official-blog/official-blog',
      '/en/pages/legal/privacy-policy.html',
    ])
      expect(isIndexable(path), path).toBe(true);
    expect(isIndexable('/pages/blog-detail/blog-detail/a-post')).toBe(true);
  });
  it('keeps app pages, the home alias and the bare details route out', () => {
    for (const path of [
      '/pages/chat/chat',
      '/en/pages/login/login',
      '/pages/index/index',
      '/pages/blog-detail/blog-detail',
    ])
      expect(isIndexable(path), path).toBe(false);
  });
});

describe('page icon as a data URL', () => {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">\n  <rect fill="#0f1b3d" width="50%"/>\n</svg>\n';
  it('decodes back to the same drawing, on one line, with single quotes', () => {
    const uri = svgDataUri(svg);
    expect(uri.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(uri.slice('data:image/svg+xml,'.length))).toBe(
      "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64'> <rect fill='#0f1b3d' width='50%'/> </svg>",
    );
  });
  it('carries nothing that ends an HTML attribute or a URL early', () => {
    expect(svgDataUri(svg)).not.toMatch(/["<>#\n\r]|%(?![0-9A-F]{2})/);
  });
});

describe('number and price formatting (spec §5, §9)', () => {
  it("shows '--' for a missing or invalid value", () => {
    for (const value of [undefined, null, NaN, 'abc', '', Infinity]) expect(formatNumber(value)).toBe('--');
    expect(formatNumber(3000, 'en')).toBe('3,000');
    expect(formatNumber('12')).toBe('12');
  });
  it('uses ¥ for zh and $ for en with the locale’s price', () => {
    const yearly = PLAN_ITEMS.find((item) => item.id === 23)!;
    expect(formatPrice(planPrices(yearly, 'zh').price, 'zh')).toBe('¥4,999');
    expect(formatPrice(planPrices(yearly, 'en').price, 'en')).toBe('$699.90');
    expect(planPrices(yearly, 'en').origin).toBe(838.9);
  });
  it('holds the spec’s plans: 13 monthly, 23 yearly, bundles 1 and 3, default 13', () => {
    expect(PLAN_ITEMS.map((p) => [p.id, p.unlocks, p.price, p.price_en])).toEqual([
      [13, 200, 499, 69.9],
      [23, 3000, 4999, 699.9],
      [1, 50, 69.9, 9.9],
      [3, 100, 99, 16.9],
    ]);
    expect(DEFAULT_PLAN_ID).toBe(13);
  });
});
