import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pageWeight } from '../../scripts/lib/pageWeight.ts';

// The build checks and docs/quality.md count what a page runs with pageWeight; the built site has
// no `<script src>` today, so this page shows each kind it must tell apart.
describe('pageWeight (what a built page runs on load)', () => {
  const dist = mkdtempSync(join(tmpdir(), 'honeyleads-weight-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  mkdirSync(join(dist, '_astro'));
  const files: Record<string, string> = {
    'page.js': 'import{a}from"./shared.js";a();',
    'shared.js': 'export const a=()=>1;',
    'island.js': 'import"./shared.js";export default 1;',
    'client.js': 'export default 2;',
    'later.js': 'export default 3;',
  };
  for (const [name, code] of Object.entries(files)) writeFileSync(join(dist, '_astro', name), code);
  const page = join(dist, 'index.html');
  writeFileSync(
    page,
    [
      '<html><head><script type="module" src="/_astro/page.js"></script></head><body>',
      '<script type="application/json" id="ui-strings">{"a":"b"}</script>',
      '<script type="application/ld+json">{}</script>',
      '<astro-island component-url="/_astro/island.js" renderer-url="/_astro/client.js" client="load"></astro-island>',
      '<astro-island component-url="/_astro/later.js" renderer-url="/_astro/client.js" client="interaction"></astro-island>',
      '<script type="module">boot()</script></body></html>',
    ].join(''),
  );

  it('fetches a script file, its imports and client:load islands, not islands that wait', () => {
    const names = pageWeight(dist, page)
      .eagerFiles.map((file) => file.slice(dist.length + 1))
      .sort();
    expect(names).toEqual(['_astro/client.js', '_astro/island.js', '_astro/page.js', '_astro/shared.js']);
    expect(pageWeight(dist, page).deferredIslands).toBe(1);
    expect(pageWeight(dist, page).eagerGzipBytes).toBeGreaterThan(0);
  });

  it('counts inline scripts it runs, not data blocks', () => {
    expect(pageWeight(dist, page).inlineScripts).toEqual(['boot()']);
  });
});
