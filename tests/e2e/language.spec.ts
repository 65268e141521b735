import { test, expect } from './fixtures.ts';

test('switching language lands on the same page and the choice is remembered', async ({ page }) => {
  await page.goto('/pages/legal/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('隐私政策');
  await page.getByRole('button', { name: '语言' }).hover();
  await page.getByRole('link', { name: 'English' }).click();
  await page.waitForURL('**/en/pages/legal/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  expect(new URL(page.url()).search).toBe('');
  expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('en');

  // A later visit to a Chinese URL is answered by the server with the same page in English: the
  // Chinese page is never loaded, so it never shows.
  const response = await page.goto('/pages/official-blog/official-blog');
  expect(new URL(response!.url()).pathname).toBe('/en/pages/official-blog/official-blog');
  expect(new URL(response!.request().redirectedFrom()!.url()).pathname).toBe(
    '/pages/official-blog/official-blog',
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog');

  // Without the cookie (a browser that dropped it) the page itself still sends the visitor on, and
  // gives the server its cookie back.
  await page.context().clearCookies();
  await page.goto('/pages/legal/terms-of-service');
  await page.waitForURL('**/en/pages/legal/terms-of-service');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'locale')?.value).toBe('en');

  // And back to Chinese from the sidebar's switcher; the server then keeps to Chinese.
  await page.goto('/en/pages/official-blog/official-blog');
  await page.getByRole('button', { name: 'Language' }).first().hover();
  await page.getByRole('link', { name: '中文' }).first().click();
  await page.waitForURL((url) => url.pathname === '/pages/official-blog/official-blog');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('博客');
  expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('zh');
  const back = await page.goto('/en/pages/legal/privacy-policy');
  expect(new URL(back!.url()).pathname).toBe('/pages/legal/privacy-policy');
});

test('the language menu is reachable from the keyboard', async ({ page }) => {
  await page.goto('/en/pages/legal/terms-of-service');
  await page.getByRole('button', { name: 'Language' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: '中文' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/pages/legal/terms-of-service');
});
