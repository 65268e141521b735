import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** An inline `<script>` element the browser runs, where it stands in the page. */
export interface InlineScript {
  /** The whole element, tags included. */
  element: string;
  body: string;
  index: number;
}

/** The inline scripts a page runs, in order: no `src`, and JSON data blocks are not scripts. */
export function runnableInlineScripts(html: string): InlineScript[] {
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs = '']) => !/\ssrc=/i.test(attrs) && !/type="application\/(ld\+)?json"/i.test(attrs))
    .map((match) => ({ element: match[0], body: match[2]!, index: match.index }));
}

/**
 * Rewrites every built page under `dir` (the `astro:build:done` hook's) with `rewrite`, writing
 * only the pages it changes. Returns how many pages there are and how many it changed.
 */
export async function rewritePages(
  dir: URL,
  rewrite: (html: string) => string,
): Promise<{ pages: number; changed: number }> {
  const entries = await readdir(fileURLToPath(dir), { withFileTypes: true, recursive: true });
  const files = entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name));
  let changed = 0;
  for (const file of files) {
    const html = await readFile(file, 'utf8');
    const rewritten = rewrite(html);
    if (rewritten === html) continue;
    await writeFile(file, rewritten);
    changed++;
  }
  return { pages: files.length, changed };
}
