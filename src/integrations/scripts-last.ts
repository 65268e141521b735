import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { htmlFiles } from './page-csp.ts';

/** An inline script the browser runs: no `src`, and not a JSON data block. */
const RUNNABLE_INLINE_SCRIPT =
  /<script(?![^>]*\ssrc=)(?![^>]*\stype="application\/(?:ld\+)?json")(?:\s[^>]*)?>[\s\S]*?<\/script>/gi;

/**
 * Moves a page's runnable inline scripts, in their order, to the end of its `<body>`.
 * Astro writes its island loader (the `astro-island` element and the hydration directives) just
 * before the first island, which on our pages is at the top of the body, so the browser ran about
 * 5 KB of script, and created the page's script context, before it parsed the first heading (issue
 * 17: first paint). The loader works from anywhere: `customElements.define` upgrades the islands
 * already parsed, and an island hydrates when its directive fires (on load or on the first
 * interaction), never while the page is being parsed. Scripts in `<head>` and data blocks
 * (`application/json`, `ld+json`) stay where they are; a page without a body is returned as it is.
 * @example scriptsLast('<body><script>a()</script><h1>Hi</h1></body>') // '<body><h1>Hi</h1><script>a()</script></body>'
 */
export function scriptsLast(html: string): string {
  const open = /<body\b[^>]*>/i.exec(html);
  const close = html.toLowerCase().lastIndexOf('</body>');
  if (!open || close < open.index) return html;
  const start = open.index + open[0].length;
  const body = html.slice(start, close);
  const scripts = body.match(RUNNABLE_INLINE_SCRIPT) ?? [];
  if (scripts.length === 0) return html;
  const rest = body.replace(RUNNABLE_INLINE_SCRIPT, '');
  return `${html.slice(0, start)}${rest.replace(/\s+$/, '')}${scripts.join('')}${html.slice(close)}`;
}

/** Applies scriptsLast to every built page, after Astro has written them. */
export function scriptsLastIntegration(): AstroIntegration {
  return {
    name: 'honeyleads:scripts-last',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const files = await htmlFiles(fileURLToPath(dir));
        let moved = 0;
        for (const file of files) {
          const html = await readFile(file, 'utf8');
          const last = scriptsLast(html);
          if (last !== html) {
            await writeFile(file, last);
            moved++;
          }
        }
        logger.info(`${moved} of ${files.length} pages run their inline scripts after their content`);
      },
    },
  };
}
