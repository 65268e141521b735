import { test as base, expect } from '@playwright/test';

/** Fails a test when the page logs a console error or throws. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        // A 404 page's own document status is logged as an error; that is the behaviour under test.
        if (message.location().url === page.url() && message.text().includes('status of 404')) return;
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(String(error)));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Every route of the spec's table plus the screens we named (docs/routes.md), locale-free. */
export const ROUTE_PATHS = [
  '/',
  '/pages/index/index',
  '/pages/login/login',
  '/pages/signup/verify-email',
  '/pages/verify-email/verify-email',
  '/pages/forgot-password/forgot-password',
  '/pages/reset-password/reset-password',
  '/pages/email-sent/email-sent',
  '/pages/leads/leads',
  '/pages/unlocked-leads/unlocked-leads',
  '/pages/sent-emails/sent-emails',
  '/pages/legal/terms-of-service',
  '/pages/legal/privacy-policy',
  '/pages/chat/chat',
  '/pages/official-blog/official-blog',
  '/pages/blog-detail/blog-detail',
  '/pages/invitation-code/invitation-code',
  '/pages/404/404',
];

export const PRIVATE_PATHS = [
  '/pages/leads/leads',
  '/pages/unlocked-leads/unlocked-leads',
  '/pages/sent-emails/sent-emails',
  '/pages/chat/chat',
  '/pages/invitation-code/invitation-code',
  '/pages/verify-email/verify-email',
];

export const inLocale = (path: string, locale: 'zh' | 'en') =>
  locale === 'zh' ? path : path === '/' ? '/en' : `/en${path}`;
