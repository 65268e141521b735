import { test, expect, inLocale } from './fixtures.ts';

for (const locale of ['zh', 'en'] as const) {
  test(`the ${locale} blog list links to each post, and each post opens`, async ({ page }) => {
    await page.goto(inLocale('/pages/official-blog/official-blog', locale));
    const links = page.getByRole('list', { name: locale === 'zh' ? '文章' : 'Articles' }).getByRole('link');
    const count = await links.count();
    expect(count).toBeGreaterThanOrEqual(4);
    const posts: { href: string; title: string }[] = [];
    for (let i = 0; i < count; i++) {
      posts.push({
        href: (await links.nth(i).getAttribute('href'))!,
        title: (await links.nth(i).innerText()).trim(),
      });
    }
    for (const post of posts) {
      const response = await page.goto(post.href);
      expect(response?.status(), post.href).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
      await expect(page.getByRole('article').getByRole('img')).toBeVisible();
    }
  });

  test(`the bare details route with ?id= reaches the post (${locale})`, async ({ page }) => {
    await page.goto(
      `${inLocale('/pages/blog-detail/blog-detail', locale)}?id=verify-buyer-emails-before-outreach`,
    );
    await page.waitForURL(
      `**${inLocale('/pages/blog-detail/blog-detail/verify-buyer-emails-before-outreach', locale)}`,
    );
    await expect(page.getByRole('heading', { level: 1 })).toContainText(locale === 'zh' ? '验证' : 'Verify');
  });
}

test('drafts are not published', async ({ page, request }) => {
  await page.goto('/pages/official-blog/official-blog');
  await expect(page.getByText('展会结束后')).toHaveCount(0);
  expect((await request.get('/pages/blog-detail/blog-detail/trade-show-followup')).status()).toBe(404);
});

test('RSS feeds list the posts of their locale', async ({ request }) => {
  const zh = await (await request.get('/rss.xml')).text();
  const en = await (await request.get('/en/rss.xml')).text();
  expect(zh).toContain('<language>zh-CN</language>');
  expect(zh).toContain('/pages/blog-detail/blog-detail/verify-buyer-emails-before-outreach');
  expect(en).toContain('/en/pages/blog-detail/blog-detail/verify-buyer-emails-before-outreach');
});

test('sitemap and robots.txt list the indexable pages only', async ({ request }) => {
  expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap: ');
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  expect(sitemap).toContain('/en/pages/legal/privacy-policy');
  expect(sitemap).toContain('/pages/blog-detail/blog-detail/verify-buyer-emails-before-outreach');
  expect(sitemap).not.toContain('/pages/chat/chat');
  expect(sitemap).not.toContain('/pages/index/index');
});
