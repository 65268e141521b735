import { describe, expect, it } from 'vitest';
import { scriptsLast } from '../../src/integrations/scripts-last.ts';

describe('scriptsLast (inline scripts run after the content is parsed)', () => {
  const page = [
    '<!doctype html><html><head><script>head()</script><style>a{}</style></head>',
    '<body><a class="skip-link" href="#main">Skip</a>',
    '<style>astro-island{display:contents}</style><script>directive()</script><script>loader()</script>',
    '<astro-island uid="1"><button>Menu</button></astro-island>',
    '<script type="application/json" id="ui-strings">{"a":"<b>"}</script>',
    '<script type="module" src="/_astro/page.js"></script>',
    '<main><h1>Title</h1></main><script type="application/ld+json">{}</script><script>boot()</script>',
    '</body></html>',
  ].join('');

  it('moves the runnable inline scripts of the body to its end, in their order', () => {
    const moved = scriptsLast(page);
    expect(moved).toMatch(
      /<\/main><script type="application\/ld\+json">\{\}<\/script><script>directive\(\)<\/script><script>loader\(\)<\/script><script>boot\(\)<\/script><\/body>/,
    );
    expect(moved.indexOf('<h1>')).toBeLessThan(moved.indexOf('directive()'));
  });

  it('leaves the head, styles, data blocks and external scripts where they are', () => {
    const moved = scriptsLast(page);
    expect(
      moved.startsWith('<!doctype html><html><head><script>head()</script><style>a{}</style></head>'),
    ).toBe(true);
    expect(moved).toContain(
      '<style>astro-island{display:contents}</style><astro-island uid="1"><button>Menu</button></astro-island><script type="application/json" id="ui-strings">{"a":"<b>"}</script><script type="module" src="/_astro/page.js"></script><main>',
    );
  });

  it('keeps every byte of every script, so their CSP hashes still match', () => {
    const scripts = (html: string) => (html.match(/<script[\s\S]*?<\/script>/g) ?? []).sort();
    expect(scripts(scriptsLast(page))).toEqual(scripts(page));
    expect(scriptsLast(page).length).toBe(page.length);
  });

  it('returns a page without a body or without inline scripts unchanged, and is idempotent', () => {
    expect(scriptsLast('<p>fragment<script>x()</script></p>')).toBe('<p>fragment<script>x()</script></p>');
    const plain = '<html><body><h1>Hi</h1></body></html>';
    expect(scriptsLast(plain)).toBe(plain);
    expect(scriptsLast(scriptsLast(page))).toBe(scriptsLast(page));
  });
});
