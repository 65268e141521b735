import { readFile, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context } from 'hono';
import { pageHeaderPolicy } from '../contract/csp.ts';
import { trimEndOf } from './platform/text.ts';

/** Content types where Hono's table differs or has none (the web manifest, JSON's charset). */
const TYPES: Record<string, string> = {
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
};

/** A file of the built site found for a URL. */
export interface StaticEntry {
  file: string;
  stats: Stats;
}

/**
 * Serves the prebuilt site from `root`. The build writes `.br` and `.gz` copies of text files
 * (server/precompress.ts); `@hono/node-server`'s `serveStatic` streams the one the client accepts.
 * What it cannot do lives here: URLs without `.html`, 404 pages with status 404, cache headers,
 * ETag revalidation, and each page's content security policy as a header.
 */
export class StaticFiles {
  readonly root: string;
  /** Each page's policy header, read from its `<meta>` once per version of the file. */
  private readonly policies = new Map<string, { version: string; policy: string | null }>();

  constructor(root: string) {
    this.root = normalize(root);
  }

  /** The file for a URL path: exact file, `<path>.html`, or `<path>/index.html`; null when none. */
  async resolve(pathname: string): Promise<{ file: string; entry: StaticEntry } | null> {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    if (decoded.includes('\0')) return null;
    const base = trimEndOf(decoded, '/');
    // The compressed copies are served in place of their file, never as files of their own.
    if (/\.(?:br|gz)$/i.test(base)) return null;
    const candidates = base === '' ? ['index.html'] : [base, `${base}.html`, `${base}/index.html`];
    for (const candidate of candidates) {
      const file = normalize(join(this.root, candidate));
      if (file !== this.root && !file.startsWith(this.root + sep)) return null;
      const stats = await stat(file).catch(() => null);
      if (stats?.isFile()) return { file, entry: { file, stats } };
    }
    return null;
  }

  /**
   * The `Content-Security-Policy` header of a page: the policy its `<meta>` declares (narrowed to
   * the page's own inline code by the build) with `frame-ancestors 'none'`, which works only as a
   * header. Null for other files and for a page without a policy.
   */
  async policyOf(entry: StaticEntry): Promise<string | null> {
    if (!entry.file.endsWith('.html')) return null;
    const version = `${entry.stats.size}:${entry.stats.mtimeMs}`;
    const known = this.policies.get(entry.file);
    if (known?.version === version) return known.policy;
    const policy = pageHeaderPolicy(await readFile(entry.file, 'utf8'));
    this.policies.set(entry.file, { version, policy });
    return policy;
  }

  /** A response for a found file, negotiated for encoding (precompressed copies) and conditional requests. */
  async respond(c: Context, entry: StaticEntry, status: 200 | 404, cacheControl: string): Promise<Response> {
    // Weak: the same tag for the br, gzip and identity bodies, which are the same content.
    const etag = `W/"${entry.stats.size.toString(36)}-${Math.floor(entry.stats.mtimeMs).toString(36)}"`;
    // Also on a 304: the browser replaces the stored page's headers with the ones it carries.
    const policy = await this.policyOf(entry);
    const pageHeaders: Record<string, string> = policy ? { 'Content-Security-Policy': policy } : {};
    if (status === 200 && matches(c.req.header('if-none-match'), etag)) {
      return new Response(null, {
        status: 304,
        headers: { 'Cache-Control': cacheControl, ETag: etag, Vary: 'Accept-Encoding', ...pageHeaders },
      });
    }
    // A 404 page is the whole page, whatever Range was asked.
    if (status === 404 && c.req.header('range')) {
      const body = c.req.method === 'HEAD' ? null : new Uint8Array(await readFile(entry.file));
      return new Response(body, {
        status,
        headers: {
          'Content-Type': TYPES[extname(entry.file).toLowerCase()] ?? 'text/html; charset=utf-8',
          'Cache-Control': cacheControl,
          Vary: 'Accept-Encoding',
          ...pageHeaders,
        },
      });
    }
    const served = await serveStatic({ path: entry.file, precompressed: true })(c, async () => {});
    if (!served) return c.notFound();
    const headers = new Headers(served.headers);
    headers.set('Cache-Control', cacheControl);
    headers.set('ETag', etag);
    headers.set('Vary', 'Accept-Encoding');
    const type = TYPES[extname(entry.file).toLowerCase()];
    if (type) headers.set('Content-Type', type);
    if (policy) headers.set('Content-Security-Policy', policy);
    return new Response(served.body, { status: status === 404 ? 404 : served.status, headers });
  }
}

/** Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 §13.1.2). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/** Hashed build assets (`/_astro/`) never change; HTML is revalidated; the rest is cached an hour. */
export function cacheControlFor(urlPath: string, file: string): string {
  if (urlPath.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  if (file.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}
