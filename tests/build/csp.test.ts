/**
 * Security guide, "Rendering": Astro 7's CSP is on. Every built page carries the policy, scripts
 * run only from this site or by hash (no 'unsafe-inline', no 'unsafe-eval'), every inline script
 * the page holds is one of the hashes (so the policy is not silently breaking the page), and no
 * markup carries inline event handlers or `javascript:` links that the policy would have to allow.
 * The pages' CSS is inlined (issue 17): every inline stylesheet is one of the style-src hashes too,
 * so the browser applies it, from the static files and from `npm start` alike (the server adds no
 * policy of its own but frame-ancestors).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inlineScripts, inlineStyles } from '@/integrations/page-csp.ts';
import { builtPages as pages } from './builtSite.ts';

/** The policy of a page's `<meta http-equiv="content-security-policy">`, as directive -> sources. */
function policyOf(html: string): Map<string, string[]> | null {
  const meta = /<meta http-equiv="content-security-policy" content="([^"]*)"/i.exec(html);
  if (!meta) return null;
  const policy = new Map<string, string[]>();
  for (const part of meta[1]!.replace(/&#39;/g, "'").split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) policy.set(name.toLowerCase(), sources);
  }
  return policy;
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
    expect(policy!.get('base-uri')).toEqual(["'self'"]);
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
