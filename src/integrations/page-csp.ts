import type { AstroIntegration } from 'astro';
import { runnableInlineScripts, rewritePages } from './built-pages.ts';
import { scriptHash } from './csp.ts';
import { POLICY_META } from '../../contract/csp.ts';

/** Bodies of the inline scripts a page runs (no `src`; JSON data blocks are not scripts). */
export const inlineScripts = (html: string): string[] =>
  runnableInlineScripts(html)
    .map(({ body }) => body)
    .filter((body) => body.length > 0);

/** Bodies of a page's inline stylesheets. */
export const inlineStyles = (html: string): string[] =>
  [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map(([, body]) => body!);

/**
 * Narrows a page's policy to the hashes of the inline scripts and styles that page holds.
 * Astro 7 lists every hash of the whole site in every page (29 of them, about 1.5 KB that do not
 * compress); each page now allows only its own inline code, which is both smaller and stricter.
 * A page holding inline code the site-wide policy did not allow is a build error, not a widening.
 * Pages without a policy are returned as they are.
 * @example narrowPolicy(`<meta http-equiv="content-security-policy" content="script-src 'self' 'sha256-a=' 'sha256-b=';">…`)
 */
export function narrowPolicy(html: string): string {
  const meta = POLICY_META.exec(html);
  if (!meta) return html;
  const own = {
    'script-src': new Set(inlineScripts(html).map((body) => `'${scriptHash(body)}'`)),
    'style-src': new Set(inlineStyles(html).map((body) => `'${scriptHash(body)}'`)),
  };
  // Astro writes the quotes as they are; `&#39;` is read as one too.
  const directives = meta[2]!
    .replace(/&#39;/g, "'")
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [name = '', ...sources] = part.split(/\s+/);
      const needed = own[name.toLowerCase() as keyof typeof own];
      if (!needed) return part;
      for (const hash of needed)
        if (!sources.includes(hash))
          throw new Error(`inline code not allowed by the site's ${name}: ${hash}`);
      const kept = sources.filter((source) => !/^'sha(256|384|512)-/.test(source) || needed.has(source));
      return [name, ...kept].join(' ');
    });
  return html.replace(
    POLICY_META,
    (_, open: string, _policy: string, close: string) => `${open}${directives.join('; ')};${close}`,
  );
}

/** Gives every built page a policy of its own (narrowPolicy), after Astro has written them. */
export function pageCsp(): AstroIntegration {
  return {
    name: 'honeyleads:page-csp',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const { pages } = await rewritePages(dir, narrowPolicy);
        logger.info(`each of ${pages} pages allows only its own inline scripts and styles`);
      },
    },
  };
}
