import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pageWeight } from '../../scripts/lib/pageWeight.ts';
import { PAGE_BOOTSTRAP } from '@/i18n/bootstrap.ts';
import { runnableInlineScripts } from '@/integrations/built-pages.ts';
import { appPages, builtPages as pages, contentPages, dist } from './builtSite.ts';

const APP_PAGE_BUDGET_GZ = 110 * 1024; // budgets.md: app pages' initial JS, React included.

describe('built site', () => {
  it('exists (run `npm run build` first)', () => {
    expect(pages.length).toBeGreaterThan(40);
    expect(contentPages.length).toBeGreaterThan(15);
  });

  it.each(contentPages)('content page $url loads no script before the visitor interacts', ({ file }) => {
    const weight = pageWeight(dist, file);
    // No script file is fetched and no island hydrates on load (they wait for client:interaction).
    expect(weight.eagerFiles).toEqual([]);
    expect(readFileSync(file, 'utf8')).not.toMatch(
      /<astro-island[^>]*client="(load|idle|visible|media|only)"/,
    );
    // Inline: the locale bootstrap byte for byte, plus Astro's island loader and our directive,
    // which only wait for the first interaction.
    expect(weight.inlineScripts).toContain(PAGE_BOOTSTRAP);
    const others = weight.inlineScripts.filter((body) => body !== PAGE_BOOTSTRAP);
    for (const body of others) expect(body).toMatch(/astro-island|"pointermove"/);
    expect(others.reduce((sum, body) => sum + body.length, 0)).toBeLessThan(6 * 1024);
  });

  it.each(pages)('page $url runs no inline script before its content is parsed', ({ file }) => {
    const html = readFileSync(file, 'utf8');
    const scripts = runnableInlineScripts(html);
    expect(scripts.map(({ body }) => body)).toContain(PAGE_BOOTSTRAP);
    // Module scripts are deferred: the parser neither compiles nor runs them on its way to the
    // first paint, even at the end of the body.
    for (const { element } of scripts) expect(element).toMatch(/^<script type="module"[\s>]/);
    // From the first script it runs to the end of the body there are only scripts.
    const first = scripts[0]!;
    expect(first.index).toBeGreaterThan(html.indexOf('<body'));
    const after = html.slice(first.index, html.lastIndexOf('</body>'));
    expect(after.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '').trim()).toBe('');
  });

  it.each(appPages)('app page $url keeps its initial JS within 110 KB gzipped', ({ file }) => {
    expect(pageWeight(dist, file).eagerGzipBytes).toBeLessThanOrEqual(APP_PAGE_BUDGET_GZ);
  });
});
