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
      /<\/main><script type="application\/ld\+json">\{\}<\/script><script type="module">directive\(\)<\/script><script type="module">loader\(\)<\/script><script type="module">boot\(\)<\/script><\/body>/,
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

  it("keeps every byte of every script's code, so their CSP hashes still match", () => {
    const code = (html: string) =>
      [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).sort();
    expect(code(scriptsLast(page))).toEqual(code(page));
    expect(scriptsLast(page).length).toBe(page.length + 3 * ' type="module"'.length);
  });

  it('defers the classic scripts it moves (modules), and leaves a script that names its type as it is', () => {
    const typed =
      '<body><script type="module">m()</script><script defer data-x="1">c()</script><p>x</p></body>';
    expect(scriptsLast(typed)).toBe(
      '<body><p>x</p><script type="module">m()</script><script type="module" defer data-x="1">c()</script></body>',
    );
  });

  it('returns a page without a body or without inline scripts unchanged, and is idempotent', () => {
    expect(scriptsLast('<p>fragment<script>x()</script></p>')).toBe('<p>fragment<script>x()</script></p>');
    const plain = '<html><body><h1>Hi</h1></body></html>';
    expect(scriptsLast(plain)).toBe(plain);
    expect(scriptsLast(scriptsLast(page))).toBe(scriptsLast(page));
  });
});
