import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { precompressDir } from '../../server/precompress.ts';
import { OPEN_REDIRECT_PAYLOADS, SITE_ORIGIN, staysOnSite, visit } from '../corpus/open-redirect.ts';

/** A miniature built site, so the server's rules are tested without a full build. */
function fixtureSite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'honeyleads-dist-'));
  const page = (file: string, text: string) => {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), `<!doctype html><title>${text}</title>${'<p>padding</p>'.repeat(80)}`);
  };
  page('index.html', 'home zh');
  page('en.html', 'home en');
  page('404.html', 'not found zh');
  page('en/404.html', 'not found en');
  page('pages/chat/chat.html', 'chat zh');
  page('en/pages/chat/chat.html', 'chat en');
  page('pages/blog-detail/blog-detail.html', 'details');
  page('pages/blog-detail/blog-detail/a-post.html', 'a post');
  mkdirSync(join(dir, '_astro'));
  writeFileSync(join(dir, '_astro/app.abc123.js'), 'console.log(1);'.repeat(100));
  writeFileSync(join(dir, 'secret.txt'), 'outside?');
  writeFileSync(
    join(dir, 'manifest.webmanifest'),
    JSON.stringify({ name: 'HoneyLeads', pad: 'x'.repeat(600) }),
  );
  return dir;
}

let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  const dist = fixtureSite();
  // As `npm run build` leaves it: .br and .gz copies next to the text files.
  await precompressDir(dist);
  app = createApp({ distDir: dist, siteUrl: 'https://honeyleads.example' });
});
const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });

describe('static site server', () => {
  it('serves pages without the .html suffix, / and /en as home', async () => {
    expect(await (await get('/pages/chat/chat')).text()).toContain('chat zh');
    expect(await (await get('/en/pages/chat/chat')).text()).toContain('chat en');
    expect(await (await get('/')).text()).toContain('home zh');
    expect(await (await get('/en')).text()).toContain('home en');
  });

  it('answers unknown paths with status 404 and the not-found page of the path’s locale', async () => {
    const zh = await get('/pages/nope/nope');
    expect(zh.status).toBe(404);
    expect(await zh.text()).toContain('not found zh');
    const en = await get('/en/pages/nope');
    expect(en.status).toBe(404);
    expect(await en.text()).toContain('not found en');
  });

  it('never serves a file outside the site', async () => {
    for (const path of ['/../package.json', '/%2e%2e/%2e%2e/etc/passwd', '/..%2fsecret', '/%00']) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  it('redirects a trailing slash to the one URL of the page', async () => {
    const res = await get('/pages/chat/chat/?q=1');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/pages/chat/chat?q=1');
  });

  it('never redirects off the site: repeated slashes are collapsed, not kept as `//host`', async () => {
    const res = await app.request(new Request(`${SITE_ORIGIN}//evil.example/`));
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/evil.example');
    expect((await app.request(new Request(`${SITE_ORIGIN}/pages//chat/chat`))).headers.get('location')).toBe(
      '/pages/chat/chat',
    );
  });

  it('no page address from the open-redirect corpus leads a visitor off the site', async () => {
    const offSite: string[][] = [];
    for (const payload of OPEN_REDIRECT_PAYLOADS) {
      // Sent as the path of a link to this site (`https://site//evil.example/`), with and without a trailing slash.
      for (const path of [payload, `${payload}/`]) {
        let url: URL;
        try {
          url = new URL(`${SITE_ORIGIN}${path}`);
        } catch {
          continue;
        }
        if (url.origin !== SITE_ORIGIN) continue;
        for (const stored of ['zh', 'en'] as const) {
          const walk = await visit((request) => app.request(request), url.href, stored);
          if (walk.some((hop) => !staysOnSite(hop))) offSite.push(walk);
        }
        const location = (await app.request(new Request(url.href))).headers.get('location');
        if (location && /^[/\\]{2}/.test(location)) offSite.push([url.href, location]);
      }
    }
    expect(offSite).toEqual([]);
  });

  it('answers a page in the language the visitor chose (the locale cookie), before sending it', async () => {
    const en = await get('/pages/chat/chat?q=led#x', { cookie: 'token=1; locale=en' });
    expect(en.status).toBe(302);
    expect(en.headers.get('location')).toBe('/en/pages/chat/chat?q=led');
    // Per visitor: never kept by a shared cache.
    expect(en.headers.get('cache-control')).toBe('private, no-store');
    const zh = await get('/en', { cookie: 'locale=zh' });
    expect(zh.status).toBe(302);
    expect(zh.headers.get('location')).toBe('/');
    const same = await get('/en/pages/chat/chat', { cookie: 'locale=en' });
    expect(same.status).toBe(200);
    expect(await same.text()).toContain('chat en');
  });

  it('follows a language link, a missing translation or a foreign cookie without redirecting', async () => {
    // A language link (`?locale=`) changes the choice; the page script then rewrites the cookie.
    expect((await get('/pages/chat/chat?locale=zh', { cookie: 'locale=en' })).status).toBe(200);
    // Not one of ours: no language link, so the choice stands, as the page script would decide.
    const bogus = await get('/pages/chat/chat?locale=fr', { cookie: 'locale=en' });
    expect(bogus.headers.get('location')).toBe('/en/pages/chat/chat?locale=fr');
    // The post has no English page: the Chinese one is served, not a 404.
    expect((await get('/pages/blog-detail/blog-detail/a-post', { cookie: 'locale=en' })).status).toBe(200);
    for (const cookie of ['locale=fr', 'locale=', 'locale=en%2F..', 'xlocale=en']) {
      expect((await get('/pages/chat/chat', { cookie })).status, cookie).toBe(200);
    }
    // Only pages: assets and unknown paths answer as they did.
    expect((await get('/_astro/app.abc123.js', { cookie: 'locale=en' })).status).toBe(200);
    expect((await get('/manifest.webmanifest', { cookie: 'locale=en' })).status).toBe(200);
    const missing = await get('/pages/nope/nope', { cookie: 'locale=en' });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('not found zh');
  });

  it('tells caches that a page depends on the cookie as well as the encoding', async () => {
    expect((await get('/pages/chat/chat')).headers.get('vary')).toBe('Accept-Encoding, Cookie');
    expect((await get('/_astro/app.abc123.js')).headers.get('vary')).toBe('Accept-Encoding');
  });

  it('sends the bare blog details route with ?id= to the prebuilt post', async () => {
    const res = await get('/pages/blog-detail/blog-detail?id=a-post');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/pages/blog-detail/blog-detail/a-post');
    expect((await get('/pages/blog-detail/blog-detail?id=missing')).status).toBe(200);
  });

  it('caches hashed assets forever and revalidates HTML', async () => {
    expect((await get('/_astro/app.abc123.js')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    const html = await get('/pages/chat/chat');
    expect(html.headers.get('cache-control')).toBe('no-cache');
    const etag = html.headers.get('etag')!;
    expect((await get('/pages/chat/chat', { 'if-none-match': etag })).status).toBe(304);
  });

  it('compresses with brotli or gzip as the client accepts', async () => {
    const br = await get('/pages/chat/chat', { 'accept-encoding': 'gzip, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toContain('chat zh');
    const gz = await get('/pages/chat/chat', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect((await get('/pages/chat/chat')).headers.get('content-encoding')).toBeNull();
  });

  it('serves the build’s compressed copies in place of their file, never as files of their own', async () => {
    const page = await get('/pages/chat/chat', { 'accept-encoding': 'br' });
    expect(page.headers.get('vary')).toMatch(/^Accept-Encoding\b/);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(Number(page.headers.get('content-length'))).toBe((await page.arrayBuffer()).byteLength);
    expect((await get('/pages/chat/chat')).headers.get('vary')).toMatch(/^Accept-Encoding\b/);
    for (const path of ['/pages/chat/chat.html.br', '/pages/chat/chat.html.gz', '/index.html.br'])
      expect((await get(path)).status, path).toBe(404);
    const notFound = await get('/en/pages/nope', { 'accept-encoding': 'gzip, deflate, br' });
    expect([notFound.status, notFound.headers.get('content-encoding')]).toEqual([404, 'br']);
    expect(brotliDecompressSync(Buffer.from(await notFound.arrayBuffer())).toString()).toContain(
      'not found en',
    );
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const res = await app.request('/_astro/app.abc123.js', {
      method: 'HEAD',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await res.text()).toBe('');
  });

  it('keeps the content types of the web manifest and JSON', async () => {
    expect((await get('/manifest.webmanifest')).headers.get('content-type')).toBe(
      'application/manifest+json',
    );
    expect((await get('/secret.txt')).headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('sends the whole not-found page with 404 even when a range is asked', async () => {
    const res = await get('/nope', { range: 'bytes=0-9' });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('not found zh');
  });

  it('sends the security headers on every answer', async () => {
    for (const path of ['/', '/nope', '/api/nope']) {
      const res = await get(path);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      // These fixture pages declare no policy of their own: nothing may load (built pages: tests/build/csp).
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    }
  });

  it('answers an unknown API call with a JSON envelope and 404', async () => {
    const res = await get('/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 40400, data: null });
  });
});
