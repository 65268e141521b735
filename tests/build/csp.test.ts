/**
 * Security guide, "Rendering": Astro 7's CSP is on. Every built page carries the policy, scripts
 * run only from this site or by hash (no 'unsafe-inline', no 'unsafe-eval'), every inline script
 * the page holds is one of the hashes (so the policy is not silently breaking the page), and no
 * markup carries inline event handlers or `javascript:` links that the policy would have to allow.
 * The pages' CSS is inlined (issue 17): every inline stylesheet is one of the style-src hashes too,
 * so the browser applies it. The server (`npm start`) sends each page's own policy as a
 * `Content-Security-Policy` header with `frame-ancestors 'none'`, which works only as a header
 * (issue 29); the `<meta>` stays for a CDN that serves dist/ without it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inlineScripts, inlineStyles } from '@/integrations/page-csp.ts';
import { createApp } from '../../server/app.ts';
import { builtPages as pages, dist } from './builtSite.ts';

/** A policy as directive -> sources. */
function parsePolicy(policy: string): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const part of policy.replace(/&#39;/g, "'").split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) parsed.set(name.toLowerCase(), sources);
  }
  return parsed;
}

/** The policy of a page's `<meta http-equiv="content-security-policy">`, as directive -> sources. */
function policyOf(html: string): Map<string, string[]> | null {
  const meta = /<meta http-equiv="content-security-policy" content="([^"]*)"/i.exec(html);
  return meta ? parsePolicy(meta[1]!) : null;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('built pages: content security policy', () => {
  it('the built site exists (run `npm run build` first) and has inline scripts to check', () => {
    expect(pages.length).toBeGreaterThan(40);
    const inline = pages.flatMap(({ file }) => inlineScripts(readFileSync(file, 'utf8')));
    expect(inline.length).toBeGreaterThan(pages.length);
  });

  it.each(pages)('$url carries a policy without unsafe script sources', ({ file }) => {
    const html = readFileSync(file, 'utf8');
    const policy = policyOf(html);
    expect(policy, 'no CSP meta').not.toBeNull();
    const scripts = policy!.get('script-src') ?? policy!.get('default-src')!;
    expect(scripts).toBeDefined();
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts).not.toContain('*');
    expect(
      scripts.filter((s) => /^(https?:|data:|blob:)/.test(s)),
      'script hosts',
    ).toEqual([]);
    expect(policy!.get('default-src')).toEqual(["'self'"]);
    expect(policy!.get('object-src')).toEqual(["'none'"]);
    expect(policy!.get('base-uri')).toEqual(["'none'"]);
  });

  it.each(pages)('$url runs only hashed inline scripts and has no inline handlers', ({ file }) => {
    const html = readFileSync(file, 'utf8');
    const allowed = new Set(policyOf(html)?.get('script-src') ?? []);
    for (const body of inlineScripts(html)) {
      expect(allowed.has(sha256(body)), `inline script not in script-src: ${body.slice(0, 80)}`).toBe(true);
    }
    // Handlers in markup (onclick=…) and javascript: URLs are what 'unsafe-inline' would be needed for.
    expect(html).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/(href|src|action)\s*=\s*["']?\s*javascript:/i);
  });

  // Astro lists every hash of the site in every page; the build narrows each page to its own
  // (src/integrations/page-csp.ts): another page's inline code must not run here.
  it.each(pages)('$url allows exactly the inline scripts and styles it holds', ({ file }) => {
    const html = readFileSync(file, 'utf8');
    const policy = policyOf(html)!;
    const hashes = (directive: string) =>
      new Set((policy.get(directive) ?? []).filter((source) => source.startsWith("'sha")));
    expect(hashes('script-src')).toEqual(new Set(inlineScripts(html).map(sha256)));
    expect(hashes('style-src')).toEqual(new Set(inlineStyles(html).map(sha256)));
  });

  it.each(pages)('$url applies only hashed inline styles', ({ file }) => {
    const html = readFileSync(file, 'utf8');
    const styles = policyOf(html)?.get('style-src') ?? [];
    expect(styles).not.toContain("'unsafe-inline'");
    const allowed = new Set(styles);
    const bodies = inlineStyles(html);
    expect(bodies.length, 'the page CSS is inline').toBeGreaterThan(0);
    for (const body of bodies)
      expect(allowed.has(sha256(body)), `inline style not in style-src: ${body.slice(0, 80)}`).toBe(true);
  });
});

describe('the server sends each page its policy as a header', () => {
  const app = createApp({ distDir: dist, siteUrl: 'https://honeyleads.example' });
  const headerOf = (res: Response) => parsePolicy(res.headers.get('content-security-policy') ?? '');
  const own = (policy: Map<string, string[]>, directive: string) =>
    new Set((policy.get(directive) ?? []).filter((source) => source.startsWith("'sha")));

  /** What every page's header must say, checked against the HTML it came with. */
  function expectPagePolicy(res: Response, html: string, name: string) {
    const header = headerOf(res);
    expect(header.get('frame-ancestors'), name).toEqual(["'none'"]);
    expect(header.get('base-uri'), name).toEqual(["'none'"]);
    expect(header.get('object-src'), name).toEqual(["'none'"]);
    expect(header.get('default-src'), name).toEqual(["'self'"]);
    expect(header.get('script-src'), name).not.toContain("'unsafe-inline'");
    expect(own(header, 'script-src'), name).toEqual(new Set(inlineScripts(html).map(sha256)));
    expect(own(header, 'style-src'), name).toEqual(new Set(inlineStyles(html).map(sha256)));
    // The <meta> says the same (the browser applies both: their intersection is this policy).
    const meta = policyOf(html)!;
    header.delete('frame-ancestors');
    expect(header, name).toEqual(meta);
  }

  it.each(pages)(
    '$url: its own hashes, base-uri, object-src and frame-ancestors none',
    async ({ url, file }) => {
      const res = await app.request(url);
      const html = await res.text();
      if (res.status === 200) expect(html).toBe(readFileSync(file, 'utf8'));
      expectPagePolicy(res, html, url);
    },
  );

  it('the not-found page of each locale, compressed or not, and a revalidation keep the page policy', async () => {
    for (const path of ['/pages/nope/nope', '/en/pages/nope']) {
      const res = await app.request(path);
      expect(res.status).toBe(404);
      expectPagePolicy(res, await res.text(), path);
      const br = await app.request(path, { headers: { 'accept-encoding': 'br' } });
      expect(br.headers.get('content-security-policy')).toBe(res.headers.get('content-security-policy'));
    }
    // A 304 updates the headers the browser stored with the page: it must not replace its policy.
    const page = await app.request('/pages/chat/chat');
    const again = await app.request('/pages/chat/chat', {
      headers: { 'if-none-match': page.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-security-policy')).toBe(page.headers.get('content-security-policy'));
  });

  it('redirects and other files get a policy that allows nothing', async () => {
    for (const path of ['/pages/chat/chat/', '/robots.txt', '/sitemap-index.xml']) {
      const res = await app.request(path);
      expect(res.status, path).toBeLessThan(400);
      const header = headerOf(res);
      expect(header.get('default-src'), path).toEqual(["'none'"]);
      expect(header.get('frame-ancestors'), path).toEqual(["'none'"]);
    }
  });
});
