/**
 * Issue 17: a content page's HTML, compressed as the server sends it, fits in the first network
 * round trip (TCP's initial window of 10 segments, about 14,600 B); one byte more costs a whole
 * extra trip before the first paint. The server (server/static.ts) sends brotli or gzip,
 * whichever the browser accepts, so each page is compressed both ways with the server's settings
 * and the larger must fit.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isIndexable } from '@/lib/seo.ts';

/** The built site; DIST_DIR (as the server reads it) checks another build. */
const dist = process.env.DIST_DIR ?? join(import.meta.dirname, '../../dist');
const FIRST_ROUND_TRIP_BYTES = 14_600;

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) return name === '_astro' ? [] : htmlFiles(file);
    return name.endsWith('.html') ? [file] : [];
  });
}

/** Bytes on the wire for each encoding the server offers, with the server's settings. */
function servedSizes(body: Buffer): { br: number; gzip: number } {
  return {
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    gzip: gzipSync(body, { level: 9 }).length,
  };
}

const pages = existsSync(dist)
  ? htmlFiles(dist).map((file) => ({ file, url: `/${relative(dist, file)}` }))
  : [];
// Content pages, as tests/build/page-weight.test.ts counts them.
const contentPages = pages.filter(
  ({ url }) => isIndexable(url) || url.endsWith('/404.html') || url === '/en.html' || url === '/index.html',
);

describe('content pages fit in the first round trip', () => {
  it('the built site has content pages in both locales (run `npm run build` first)', () => {
    expect(contentPages.length).toBeGreaterThan(15);
    expect(contentPages.some(({ url }) => url.startsWith('/en/'))).toBe(true);
  });

  it.each(contentPages)('$url is at most 14,600 B compressed as served', ({ file }) => {
    const { br, gzip } = servedSizes(readFileSync(file));
    expect(Math.max(br, gzip), `brotli ${br} B, gzip ${gzip} B`).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BYTES);
  });
});
