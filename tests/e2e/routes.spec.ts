import { test, expect, ROUTE_PATHS, PRIVATE_PATHS, inLocale } from './fixtures.ts';

const LANG = { zh: 'zh-CN', en: 'en' } as const;

for (const locale of ['zh', 'en'] as const) {
  test.describe(`routes in ${locale}`, () => {
    for (const path of ROUTE_PATHS) {
      const url = inLocale(path, locale);
      test(`${url} answers 200 in ${locale} with a heading`, async ({ page }) => {
        const response = await page.goto(url);
        expect(response?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', LANG[locale]);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      });
    }

    test(`unknown paths get the ${locale} not-found page with status 404`, async ({ page }) => {
      for (const path of ['/pages/nope/nope', '/no-such-page', '/pages/chat']) {
        const response = await page.goto(inLocale(path, locale));
        expect(response?.status(), path).toBe(404);
        await expect(page.locator('html')).toHaveAttribute('lang', LANG[locale]);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          locale === 'zh' ? '页面不存在' : 'Page not found',
        );
      }
    });

    test(`an anonymous visitor of a private page goes to login and keeps the target (${locale})`, async ({
      page,
    }) => {
      for (const path of PRIVATE_PATHS) {
        const target = `${inLocale(path, locale)}?q=led`;
        await page.goto(target);
        await page.waitForURL((url) => url.pathname === inLocale('/pages/login/login', locale));
        expect(new URL(page.url()).searchParams.get('redirect')).toBe(target);
      }
    });

    test(`the home search box carries the sentence through login to chat (${locale})`, async ({ page }) => {
      await page.goto(inLocale('/', locale));
      const box = page.getByRole('searchbox');
      await box.fill('LED panel buyers in Germany');
      await box.press('Enter');
      await page.waitForURL((url) => url.pathname === inLocale('/pages/login/login', locale));
      const redirect = new URL(page.url()).searchParams.get('redirect')!;
      expect(redirect).toBe(`${inLocale('/pages/chat/chat', locale)}?q=LED+panel+buyers+in+Germany`);
    });
  });
}
