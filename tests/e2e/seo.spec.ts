import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';

async function alternates(page: Page): Promise<Record<string, string>> {
  return page
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((links) =>
      Object.fromEntries(
        links.map((link) => [link.getAttribute('hreflang'), new URL(link.getAttribute('href')!).pathname]),
      ),
    );
}

const PAIRS = [
  ['/', '/en'],
  ['/pages/legal/terms-of-service', '/en/pages/legal/terms-of-service'],
  ['/pages/official-blog/official-blog', '/en/pages/official-blog/official-blog'],
  [
    '/pages/blog-detail/blog-detail/find-overseas-buyers-with-one-sentence',
    '/en/pages/blog-detail/blog-detail/find-overseas-buyers-with-one-sentence',
  ],
];

for (const [zh, en] of PAIRS) {
  test(`hreflang pairs point to each other: ${zh}`, async ({ page }) => {
    await page.goto(zh!);
    expect(await alternates(page)).toMatchObject({ 'zh-CN': zh, en, 'x-default': zh });
    expect(new URL((await page.locator('link[rel=canonical]').getAttribute('href'))!).pathname).toBe(zh);
    await page.goto(en!);
    expect(await alternates(page)).toMatchObject({ 'zh-CN': zh, en });
    expect(new URL((await page.locator('link[rel=canonical]').getAttribute('href'))!).pathname).toBe(en);
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'en_US');
  });
}

test('the home alias names the home page as canonical', async ({ page }) => {
  await page.goto('/pages/index/index');
  expect(new URL((await page.locator('link[rel=canonical]').getAttribute('href'))!).pathname).toBe('/');
});
