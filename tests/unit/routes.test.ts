import { describe, expect, it } from 'vitest';
import {
  ROUTES,
  forgotPasswordPath,
  legalPath,
  loginPath,
  pagePath,
  resetPasswordPath,
  splitLocale,
  testCheckoutPath,
  verifyEmailPath,
} from '../../contract/routes.ts';

describe('the route table (contract/routes.ts)', () => {
  it('leaves Chinese pages unprefixed and puts English ones under /en', () => {
    expect(pagePath('chat', 'zh')).toBe('/pages/chat/chat');
    expect(pagePath('chat', 'en')).toBe('/en/pages/chat/chat');
    expect(pagePath('home', 'en')).toBe('/en');
  });

  it('reads the locale back from a path', () => {
    expect(splitLocale('/en/pages/leads/leads')).toEqual({ locale: 'en', path: ROUTES.leads });
    expect(splitLocale('/english')).toEqual({ locale: 'zh', path: '/english' });
  });

  it('sends login back to an encoded redirect', () => {
    expect(loginPath('zh')).toBe('/pages/login/login');
    expect(loginPath('en', '/en/pages/chat/chat?q=led')).toBe(
      '/en/pages/login/login?redirect=%2Fen%2Fpages%2Fchat%2Fchat%3Fq%3Dled',
    );
  });

  it('fills the emailed address and code into verification and reset links', () => {
    expect(verifyEmailPath('zh', { email: 'a+b@c.co', code: '012345' })).toBe(
      '/pages/signup/verify-email?email=a%2Bb%40c.co&code=012345',
    );
    expect(resetPasswordPath('en', { email: 'a@c.co', code: '9' })).toBe(
      '/en/pages/reset-password/reset-password?email=a%40c.co&code=9',
    );
    expect(verifyEmailPath('en', { email: 'a@c.co', redirect: '/en/pages/leads/leads' })).toBe(
      '/en/pages/signup/verify-email?email=a%40c.co&redirect=%2Fen%2Fpages%2Fleads%2Fleads',
    );
  });

  it('links the forgot-password page with the address only when there is one', () => {
    expect(forgotPasswordPath('zh')).toBe('/pages/forgot-password/forgot-password');
    expect(forgotPasswordPath('en', 'a@c.co')).toBe(
      '/en/pages/forgot-password/forgot-password?email=a%40c.co',
    );
  });
});

describe('the test checkout (served by the API)', () => {
  it('has a page per payment and a confirm address beside it', () => {
    expect(testCheckoutPath('pay_abc')).toBe('/api/pay/test/checkout/pay_abc');
    expect(testCheckoutPath('pay_abc', 'confirm')).toBe('/api/pay/test/checkout/pay_abc/confirm');
  });
});

describe('content page paths', () => {
  it('put legal documents beside the terms and privacy routes', () => {
    expect(legalPath('terms-of-service')).toBe(ROUTES.terms);
    expect(legalPath('privacy-policy')).toBe(ROUTES.privacy);
  });
});
