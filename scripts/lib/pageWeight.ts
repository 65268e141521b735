import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { runnableInlineScripts } from '../../src/integrations/built-pages.ts';

/** What a built HTML page makes the browser run, and what it would run on first interaction. */
export interface PageWeight {
  /** Scripts fetched and run on load (module scripts, client:load/only islands, their imports). */
  eagerFiles: string[];
  eagerGzipBytes: number;
  /** Inline <script> bodies (run on load, counted apart: they ship inside the HTML). */
  inlineScripts: string[];
  /** Islands that wait for interaction, idle or visibility. */
  deferredIslands: number;
}

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** Follows static `import` statements from a built chunk to every chunk it pulls in. */
function closure(dist: string, entries: string[]): string[] {
  const seen = new Set<string>();
  const stack = [...entries];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)) {
      const spec = match[1]!;
      stack.push(spec.startsWith('/') ? join(dist, spec) : normalize(join(dirname(file), spec)));
    }
  }
  return [...seen];
}

/** Measures one built page of `dist`. */
export function pageWeight(dist: string, htmlFile: string): PageWeight {
  const html = readFileSync(htmlFile, 'utf8');
  const entries = [...html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g)].map((m) => join(dist, m[1]!));
  const inlineScripts = runnableInlineScripts(html).map(({ body }) => body);
  let deferredIslands = 0;
  for (const match of html.matchAll(/<astro-island\b([^>]*)>/g)) {
    const attrs = match[1]!;
    const client = /\bclient="([^"]+)"/.exec(attrs)?.[1];
    if (client === 'load' || client === 'only') {
      for (const key of ['component-url', 'renderer-url']) {
        const url = new RegExp(`\\b${key}="([^"]+)"`).exec(attrs)?.[1];
        if (url) entries.push(join(dist, url));
      }
    } else {
      deferredIslands++;
    }
  }
  for (const match of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    entries.push(join(dist, match[1]!));
  const eagerFiles = closure(dist, entries);
  return {
    eagerFiles,
    eagerGzipBytes: eagerFiles.reduce((sum, file) => sum + gz(file), 0),
    inlineScripts,
    deferredIslands,
  };
}
