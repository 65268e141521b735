/**
 * Issue 17: a content page's HTML, compressed as the server sends it, fits in the first network
 * round trip (TCP's initial window of 10 segments, about 14,600 B); one byte more costs a whole
 * extra trip before the first paint. The server (server/static.ts) sends brotli or gzip,
 * whichever the browser accepts, so each page is compressed both ways with the server's settings
 * and the larger must fit. The page carries only what its first paint needs: its CSS inline, no
 * stylesheet to wait for, and no UI dictionary (islands load theirs when they first hydrate).
 */
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { UI_STRINGS_ID } from '@/i18n/dictionaries.client.ts';
import { contentPages } from './builtSite.ts';

const FIRST_ROUND_TRIP_BYTES = 14_600;

/** Bytes on the wire for each encoding the server offers, with the server's settings. */
function servedSizes(body: Buffer): { br: number; gzip: number } {
  return {
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    gzip: gzipSync(body, { level: 9 }).length,
  };
}

describe('content pages fit in the first round trip', () => {
  it('the built site has content pages in both locales (run `npm run build` first)', () => {
    expect(contentPages.length).toBeGreaterThan(20);
    expect(contentPages.some(({ url }) => url.startsWith('/en/'))).toBe(true);
  });

  it.each(contentPages)('$url is at most 14,600 B compressed as served', ({ file }) => {
    const { br, gzip } = servedSizes(readFileSync(file));
    expect(Math.max(br, gzip), `brotli ${br} B, gzip ${gzip} B`).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BYTES);
  });

  it.each(contentPages)('$url paints from its own HTML: no stylesheet, no dictionary', ({ file }) => {
    const html = readFileSync(file, 'utf8');
    expect(html, 'a render-blocking stylesheet').not.toMatch(/<link\b[^>]*\brel="?stylesheet/i);
    expect(html, 'the UI dictionary inline').not.toContain(`id="${UI_STRINGS_ID}"`);
  });
});

// Over HTTP/1.1 a linked icon takes the second connection beside the LCP image: one round trip
// more before the LCP (Lighthouse: 760 ms became 905 ms). Every page carries its icon instead.
describe('pages carry their icon', () => {
  it.each(contentPages)('$url has an SVG icon in its HTML and links no icon file', ({ file }) => {
    const icons = [...readFileSync(file, 'utf8').matchAll(/<link\b[^>]*\brel="(?:shortcut )?icon"[^>]*>/g)];
    expect(icons).toHaveLength(1);
    const href = /\shref="([^"]*)"/.exec(icons[0]![0])![1]!;
    expect(href.startsWith('data:image/svg+xml,')).toBe(true);
    const svg = decodeURIComponent(href.slice('data:image/svg+xml,'.length));
    expect(svg).toMatch(/^<svg [^>]*xmlns='http:\/\/www\.w3\.org\/2000\/svg'[\s\S]*<\/svg>$/);
  });
});

/** The `<img>` tags of a page, in document order. */
const images = (html: string) => [...html.matchAll(/<img\b[^>]*>/g)].map(([tag]) => tag);

describe('content pages fetch the image that can be their LCP element first', () => {
  it.each(contentPages)('$url asks high priority for one eager image at most', ({ file }) => {
    const high = images(readFileSync(file, 'utf8')).filter((tag) => tag.includes('fetchpriority="high"'));
    expect(high.length).toBeLessThanOrEqual(1);
    for (const tag of high) expect(tag).not.toContain('loading="lazy"');
  });

  // The blog list's first cover and a post's hero are on screen at load: a lazy one waits for layout.
  it.each(contentPages.filter(({ url }) => /\/(official-blog|blog-detail\/blog-detail)\//.test(url)))(
    '$url loads its first image eagerly at high priority',
    ({ file }) => {
      const [first] = images(readFileSync(file, 'utf8'));
      expect(first).toContain('loading="eager"');
      expect(first).toContain('fetchpriority="high"');
    },
  );

  // The head preloads that image with the same files and sizes, so the browser starts it before
  // reaching the article and never fetches two versions; other content pages preload no image.
  const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  it.each(contentPages)(
    '$url preloads only its LCP image, with the files the image asks for',
    ({ url, file }) => {
      const html = readFileSync(file, 'utf8');
      const head = html.slice(0, html.indexOf('</head>'));
      const preloads = [...head.matchAll(/<link\b[^>]*rel="preload"[^>]*>/g)].map(([tag]) => tag);
      if (!/\/(official-blog|blog-detail\/blog-detail)\//.test(url)) {
        expect(preloads).toEqual([]);
        return;
      }
      expect(preloads).toHaveLength(1);
      const [preload] = preloads as [string];
      const [first] = images(html) as [string];
      expect(attribute(preload, 'as')).toBe('image');
      expect(attribute(preload, 'imagesrcset')).toBe(attribute(first, 'srcset'));
      expect(attribute(preload, 'imagesizes')).toBe(attribute(first, 'sizes'));
      expect(attribute(preload, 'imagesrcset')).toMatch(/\.webp 720w/);
    },
  );
});
