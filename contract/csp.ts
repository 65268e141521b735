/**
 * The content security policy of the built pages, read by the build (src/integrations/page-csp.ts
 * narrows each page's policy to its own inline code) and by the server (server/static.ts sends the
 * page's policy as a header). The `<meta>` Astro writes is the one source of a page's policy.
 */

/** The CSP `<meta>` Astro writes into every built page, its policy in the second group. */
export const POLICY_META = /(<meta http-equiv="content-security-policy" content=")([^"]*)(")/i;

/** Answers that are not pages (API JSON, redirects, scripts, images): they load nothing and are never framed. */
export const NOTHING_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * `policy` with `frame-ancestors 'none'` when it names no frame-ancestors (the directive is
 * ignored in a `<meta>`, so only the header can forbid framing).
 * @example withFrameAncestors("default-src 'self';") // "default-src 'self'; frame-ancestors 'none'"
 */
export function withFrameAncestors(policy: string): string {
  const directives = policy
    .split(';')
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
  if (!directives.some((part) => /^frame-ancestors\b/i.test(part))) directives.push("frame-ancestors 'none'");
  return directives.join('; ');
}

/**
 * The policy a built page declares in its `<meta>`, as the header to send with it (framing
 * forbidden); null when the page declares none.
 * @example pageHeaderPolicy(`<meta http-equiv="content-security-policy" content="default-src 'self';">`) // "default-src 'self'; frame-ancestors 'none'"
 */
export function pageHeaderPolicy(html: string): string | null {
  const meta = POLICY_META.exec(html);
  if (!meta) return null;
  // Astro writes the quotes as they are; `&#39;` is read as one too.
  return withFrameAncestors(meta[2]!.replace(/&#39;/g, "'"));
}
