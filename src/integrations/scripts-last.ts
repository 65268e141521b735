import type { AstroIntegration } from 'astro';
import { runnableInlineScripts, rewritePages } from './built-pages.ts';

/**
 * Moves a page's runnable inline scripts, in their order, to the end of its `<body>`, and makes
 * each classic one a module script (`type="module"`, its code unchanged).
 * Astro writes its island loader (the `astro-island` element and the hydration directives) just
 * before the first island, which on our pages is at the top of the body, so the browser ran about
 * 5 KB of script, and created the page's script context, before it parsed the first heading (issue
 * 17: first paint). The loader works from anywhere: `customElements.define` upgrades the islands
 * already parsed, and an island hydrates when its directive fires (on load or on the first
 * interaction), never while the page is being parsed. As modules they are deferred: the parser
 * neither compiles nor runs them on its way to the first paint (about 3 ms of the first parse
 * task on home, which Lighthouse's simulation multiplies by four); they run, in the same order,
 * once the document is parsed and before `DOMContentLoaded`. Every one of them is a self-contained
 * function expression (Astro's loader and directives, our locale bootstrap), so module scope and
 * strict mode change nothing. Scripts in `<head>` and data blocks
 * (`application/json`, `ld+json`) stay where they are; a page without a body is returned as it is.
 * @example scriptsLast('<body><script>a()</script><h1>Hi</h1></body>') // '<body><h1>Hi</h1><script type="module">a()</script></body>'
 */
export function scriptsLast(html: string): string {
  const open = /<body\b[^>]*>/i.exec(html);
  const close = html.toLowerCase().lastIndexOf('</body>');
  if (!open || close < open.index) return html;
  const start = open.index + open[0].length;
  const body = html.slice(start, close);
  const scripts = runnableInlineScripts(body);
  if (scripts.length === 0) return html;
  let rest = '';
  let from = 0;
  for (const { element, index } of scripts) {
    rest += body.slice(from, index);
    from = index + element.length;
  }
  rest += body.slice(from);
  return `${html.slice(0, start)}${rest.trimEnd()}${scripts.map(({ element }) => deferred(element)).join('')}${html.slice(close)}`;
}

/** A classic `<script>` element as a module script; one that has a `type` already is kept. */
function deferred(element: string): string {
  return element.replace(/^<script(\s[^>]*)?>/i, (tag, attrs = '') =>
    /\stype=/i.test(attrs) ? tag : `<script type="module"${attrs}>`,
  );
}

/** Applies scriptsLast to every built page, after Astro has written them. */
export function scriptsLastIntegration(): AstroIntegration {
  return {
    name: 'honeyleads:scripts-last',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const { pages, changed } = await rewritePages(dir, scriptsLast);
        logger.info(`${changed} of ${pages} pages run their inline scripts after their content`);
      },
    },
  };
}
