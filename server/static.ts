import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Context } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.xml',
  '.txt',
  '.svg',
  '.webmanifest',
]);

interface CachedFile {
  body: Buffer;
  type: string;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

/** Serves the prebuilt site from `root`, compressing text once and caching it in memory. */
export class StaticFiles {
  readonly root: string;
  /** Found files only: caching misses would let random URLs grow memory without bound. */
  private readonly cache = new Map<string, CachedFile>();

  constructor(root: string) {
    this.root = normalize(root);
  }

  /** The file for a URL path: exact file, `<path>.html`, or `<path>/index.html`; null when none. */
  async resolve(pathname: string): Promise<{ file: string; entry: CachedFile } | null> {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    if (decoded.includes('\0')) return null;
    const base = decoded.replace(/\/+$/, '');
    const candidates = base === '' ? ['index.html'] : [base, `${base}.html`, `${base}/index.html`];
    for (const candidate of candidates) {
      const file = normalize(join(this.root, candidate));
      if (file !== this.root && !file.startsWith(this.root + sep)) return null;
      const entry = await this.load(file);
      if (entry) return { file, entry };
    }
    return null;
  }

  /** Reads and caches one file; null when it is missing or a directory. */
  async load(file: string): Promise<CachedFile | null> {
    const cached = this.cache.get(file);
    if (cached) return cached;
    let entry: CachedFile | null = null;
    try {
      if ((await stat(file)).isFile()) {
        const body = await readFile(file);
        const ext = extname(file).toLowerCase();
        entry = {
          body,
          type: TYPES[ext] ?? 'application/octet-stream',
          etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
        };
        if (COMPRESSIBLE.has(ext) && body.length > 512) {
          entry.br = brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } });
          entry.gzip = gzipSync(body, { level: 9 });
        }
      }
    } catch {
      entry = null;
    }
    if (entry) this.cache.set(file, entry);
    return entry;
  }

  /** A response for a cached file, negotiated for encoding and conditional requests. */
  respond(c: Context, entry: CachedFile, status: 200 | 404, cacheControl: string): Response {
    const headers = new Headers({
      'Content-Type': entry.type,
      'Cache-Control': cacheControl,
      ETag: entry.etag,
      Vary: 'Accept-Encoding',
    });
    if (status === 200 && c.req.header('if-none-match') === entry.etag) {
      return new Response(null, { status: 304, headers });
    }
    const accept = c.req.header('accept-encoding') ?? '';
    let body: Buffer = entry.body;
    if (entry.br && /\bbr\b/.test(accept)) {
      body = entry.br;
      headers.set('Content-Encoding', 'br');
    } else if (entry.gzip && /\bgzip\b/.test(accept)) {
      body = entry.gzip;
      headers.set('Content-Encoding', 'gzip');
    }
    headers.set('Content-Length', String(body.length));
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { status, headers });
  }
}

/** Hashed build assets (`/_astro/`) never change; HTML is revalidated; the rest is cached an hour. */
export function cacheControlFor(urlPath: string, file: string): string {
  if (urlPath.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  if (file.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}
