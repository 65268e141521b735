import { describe, expect, it } from 'vitest';
import { guardRedirect, isKnownRoute, isPublicRoute, safeRedirect } from '@/lib/guard.ts';
import { ROUTES } from '../../contract/routes.ts';
import { switchLocalePath } from '@/i18n/paths.ts';
import { staysOnSite } from '../corpus/open-redirect.ts';

describe('navigation guard (spec §4)', () => {
  it('sends an unknown path to the 404 page in its locale', () => {
    expect(guardRedirect('/pages/nope/nope', '', true)).toBe('/pages/404/404');
    expect(guardRedirect('/en/pages/nope/nope', '', true)).toBe('/en/pages/404/404');
  });

  it('sends a private page without a token to login with the encoded target', () => {
    expect(guardRedirect('/pages/chat/chat', '?q=led', false)).toBe(
      `/pages/login/login?redirect=${encodeURIComponent('/pages/chat/chat?q=led')}`,
    );
    expect(guardRedirect('/en/pages/leads/leads', '', false)).toBe(
      '/en/pages/login/login?redirect=%2Fen%2Fpages%2Fleads%2Fleads',
    );
  });

  it('sends the home page’s search from a browser that never signed in to the sign-up tab, with the same way back (issue 35)', () => {
    expect(guardRedirect('/pages/chat/chat', '?q=led', false, false)).toBe(
      `/pages/login/login?mode=signup&redirect=${encodeURIComponent('/pages/chat/chat?q=led')}`,
    );
    expect(guardRedirect('/en/pages/chat/chat', '?q=led', false, false)).toBe(
      `/en/pages/login/login?mode=signup&redirect=${encodeURIComponent('/en/pages/chat/chat?q=led')}`,
    );
    expect(guardRedirect('/en/pages/chat/chat', '', true, false)).toBeNull();
    // Any other private page, or a browser that has signed in here before: the login tab.
    expect(guardRedirect('/en/pages/leads/leads', '', false, false)).toBe(
      '/en/pages/login/login?redirect=%2Fen%2Fpages%2Fleads%2Fleads',
    );
    expect(guardRedirect('/pages/chat/chat', '?q=led', false, true)).toBe(
      `/pages/login/login?redirect=${encodeURIComponent('/pages/chat/chat?q=led')}`,
    );
  });

  it('lets a private page through with a token', () => {
    expect(guardRedirect('/pages/chat/chat', '', true)).toBeNull();
  });

  it('keeps exactly the spec’s public paths public', () => {
    const publicPaths = [
      ROUTES.home,
      ROUTES.homeAlias,
      ROUTES.login,
      ROUTES.signupVerifyEmail,
      ROUTES.forgotPassword,
      ROUTES.resetPassword,
      ROUTES.emailSent,
      ROUTES.terms,
      ROUTES.privacy,
      ROUTES.notFound,
    ];
    for (const path of publicPaths) expect(guardRedirect(path, '', false), path).toBeNull();
    for (const path of [
      ROUTES.chat,
      ROUTES.leads,
      ROUTES.invitationCode,
      ROUTES.sentEmails,
      ROUTES.profile,
      ROUTES.verifyEmail,
    ]) {
      expect(isPublicRoute(path), path).toBe(false);
    }
  });

  it('treats blog posts as known routes', () => {
    expect(isKnownRoute('/pages/blog-detail/blog-detail/some-post')).toBe(true);
  });
});

describe('safe redirect (open-redirect protection)', () => {
  it('accepts a path on this site', () => {
    expect(safeRedirect('/pages/chat/chat?q=led')).toBe('/pages/chat/chat?q=led');
    expect(safeRedirect('/en/pages/leads/leads#x')).toBe('/en/pages/leads/leads#x');
  });

  it.each([
    '//evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    '/\\evil.example',
    '/\t/evil.example',
    '\\\\evil.example',
    'evil.example',
    '',
    'data:text/html,hi',
    '/%0a/evil.example'.replace('%0a', '\n'),
  ])('refuses %j', (value) => {
    expect(safeRedirect(value)).toBeNull();
  });

  // A page switching locale drops or adds `/en` and follows the rest: `/en//evil` becomes `//evil`.
  it.each([
    '//evil.example',
    '/.//evil.example/',
    '/en//evil.example',
    '/en//evil.example/',
    '/en/.//evil.example/',
    '/en///evil.example?x=1',
    '/en/..//evil.example',
    '/pages/chat//evil.example',
  ])('refuses %j, whose repeated slash a locale switch folds into another host', (value) => {
    expect(safeRedirect(value)).toBeNull();
  });

  it('what it accepts stays on the site in either locale', () => {
    for (const target of ['/pages/chat/chat?u=https://x.example//y', '/en/pages/leads/leads#//x', '/en']) {
      const path = safeRedirect(target);
      expect(path, target).toBe(target);
      for (const locale of ['zh', 'en'] as const)
        expect(staysOnSite(switchLocalePath(new URL(path!, 'https://site.invalid').pathname, locale))).toBe(
          true,
        );
    }
  });
});
